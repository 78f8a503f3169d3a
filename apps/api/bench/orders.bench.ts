/**
 * `npm run bench:orders`: the order service and the filler as `npm start` runs them (each its own
 * process, PGlite in a temporary directory; with OXBOW_BENCH_DATABASE=postgres a throwaway PostgreSQL
 * server, or DATABASE_URL's) on a devnet (ethereum, port base 25800, API 25890).
 * 1. Order submission: 50 swappers (fresh accounts, funded, Permit2 approved), one closed-loop
 *    client each, 20 signed limit orders each (1,000 in all): p50/p99 of POST /v1/orders.
 * 2. One market move: every order asks about 0.5 % more WETH than the market gives; another account
 *    sells WETH until the best pool crosses them. Blocks from the crossing block to the first fill,
 *    time until all 1,000 orders are executed, and failures (orders not executed).
 * Prints the machine's cores and load average and OK/MISSED per target (p99 ≤ 50 ms, ≤ 2 blocks,
 * failures 0).
 * `-- --submission-only` stops after step 1 (for profiling the intake); with PROF_DIR=<dir> set,
 * the API process writes its CPU profiles there (node --cpu-prof) when it exits.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { devnetClients, startDevnet, startTestPostgres } from '@oxbow/devnet'
import { erc20Abi, type NetworkDeployment } from '@oxbow/protocol'
import { type Address, createWalletClient, type Hex, http, maxUint256, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createFiller } from '../src/orders/filler.ts'
import { marketProbe, signedLimitOrder, wethSeller } from '../test/orderKit.ts'

const PORT_BASE = 25800
const HTTP_PORT = 25890
const CLIENTS = 50
const ORDERS_PER_CLIENT = 20
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim())
const api = `http://127.0.0.1:${HTTP_PORT}`
const silent = { info: () => {}, error: () => {} }
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
console.log(`cores ${availableParallelism()}, load average ${load()}`)

const devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
const eth = devnet.manifest.networks.ethereum as NetworkDeployment
const dbDir = mkdtempSync(join(tmpdir(), 'oxbow-orders-bench-'))
const postgres = process.env.OXBOW_BENCH_DATABASE === 'postgres' ? await startTestPostgres() : null
console.log(`database: ${postgres ? 'a PostgreSQL server (its CPU is not in the API figures)' : 'PGlite'}`)
const children: ChildProcess[] = []
const cleanup = async () => {
  for (const child of children) child.kill('SIGTERM')
  await devnet.stop()
  await postgres?.stop()
  rmSync(dbDir, { recursive: true, force: true })
}

/**
 * User + system CPU seconds so far (Linux /proc) of a process and all its threads, or of its main
 * thread only (`mainThread`: the event loop every request passes through).
 */
function cpuSeconds(pid: number | undefined, mainThread = false): number {
  const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime, the 14th and 15th fields of the line (11th and 12th after the name).
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

/**
 * Seconds the threads of a process (those alive now) have waited for a core while runnable, from
 * /proc/<pid>/task/<tid>/schedstat (on CPU, waiting on a run queue, timeslices): CPU contention,
 * as against waiting for I/O.
 */
function runQueueSeconds(pid: number | undefined): number {
  let waited = 0
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      waited += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]) / 1e9
    } catch {
      // a thread gone meanwhile
    }
  }
  return waited
}

/**
 * POST a JSON body to the API, answering the status once the whole response is read: node's HTTP
 * client over one keep-alive connection per client, which costs this process less CPU per request
 * than fetch (the bench client shares the cores with the API it measures).
 */
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS })
function post(path: string, body: string): Promise<number> {
  return new Promise((resolvePost, reject) => {
    const request = httpRequest(
      `${api}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.on('data', () => {})
        response.on('end', () => resolvePost(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

/** The pids of this process's descendants named `name` (the devnet's anvil). */
function descendants(name: string): number[] {
  const parents = new Map<number, number>()
  const names = new Map<number, string>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parents.set(Number(entry), Number(fields[1]))
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))
    } catch {
      // gone meanwhile
    }
  }
  const mine = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p))
      if (p === process.pid) return true
    return false
  }
  return [...names].filter(([pid, n]) => n === name && mine(pid)).map(([pid]) => pid)
}

/** node's flags to profile the API when PROF_DIR is set. */
const profile = (script: string) =>
  process.env.PROF_DIR && script === 'src/server.ts'
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF_DIR}`]
    : []

function startProcess(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...profile(script), '--import', 'tsx', script], {
    cwd: resolve(import.meta.dirname, '..'),
    env: { ...process.env, OXBOW_MANIFEST: devnet.manifestPath, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  return new Promise((resolveReady, reject) => {
    let buffer = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      if (/^ready /m.test(buffer)) resolveReady(child)
    })
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}): ${buffer.slice(-2000)}`)))
  })
}

try {
  const token = (symbol: string) => eth.tokens.find((t) => t.symbol === symbol)?.address as Address
  const usdc = token('USDC')
  const weth = token('WETH')
  const funder = devnetClients(devnet.manifest, 'ethereum', 0)
  const transport = http(eth.rpcUrl)

  // 50 swappers, each with USDC and a Permit2 allowance.
  const swappers = Array.from({ length: CLIENTS }, () => privateKeyToAccount(generatePrivateKey()))
  for (const account of swappers) {
    await funder.test.setBalance({ address: account.address, value: parseUnits('10', 18) })
    await funder.wallet.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account.address, parseUnits('1000', 6)],
    })
    const wallet = createWalletClient({ account, transport, chain: funder.chain })
    await wallet.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [eth.contracts.permit2, maxUint256],
    })
  }

  // Every order: 10 USDC for 0.5 % more WETH than the best pool gives for it now.
  const filler = createFiller({ deployment: eth, log: silent })
  const inputAmount = parseUnits('10', 6)
  const probe = marketProbe(eth, usdc, inputAmount, weth)
  const market = await filler.bestRoute(probe)
  if (!market) throw new Error('no market for USDC -> WETH')
  const outputAmount = (market.amountOut * 1005n) / 1000n
  const deadline = Math.floor(Date.now() / 1000) + 86_400
  const bodies: string[][] = []
  for (const account of swappers) {
    const mine: string[] = []
    for (let i = 0; i < ORDERS_PER_CLIENT; i++) {
      const { body } = await signedLimitOrder(eth, account, {
        nonce: BigInt(i + 1),
        deadline,
        inputToken: usdc,
        inputAmount,
        outputToken: weth,
        outputAmount,
      })
      mine.push(JSON.stringify(body))
    }
    bodies.push(mine)
  }

  const server = await startProcess('src/server.ts', {
    OXBOW_API_PORT: String(HTTP_PORT),
    OXBOW_API_DB_DIR: dbDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    OXBOW_RATE_LIMIT_PER_MINUTE: '100000000',
    OXBOW_RATE_LIMIT_BURST: '10000000',
    OXBOW_ROUTE_THREADS: '0',
  })
  // One unmeasured order warms the path up (JIT, connections).
  const warm = privateKeyToAccount(devnet.manifest.accounts[5]!.privateKey)
  {
    const w = createWalletClient({ account: warm, transport, chain: funder.chain })
    await w.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [eth.contracts.permit2, maxUint256],
    })
    const { body } = await signedLimitOrder(eth, warm, {
      nonce: 1n,
      deadline,
      inputToken: usdc,
      inputAmount: 1n,
      outputToken: weth,
      outputAmount: maxUint256 >> 130n,
    })
    const response = await fetch(`${api}/v1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (response.status !== 201) throw new Error(`warm-up order: ${response.status} ${await response.text()}`)
  }

  const serverCpu = cpuSeconds(server.pid)
  const serverMainCpu = cpuSeconds(server.pid, true)
  const anvils = descendants('anvil')
  const anvilCpu = () => anvils.reduce((sum, pid) => sum + cpuSeconds(pid), 0)
  const anvilStart = anvilCpu()
  const clientStart = process.cpuUsage()
  const serverWaited = runQueueSeconds(server.pid)
  const latencies: number[] = []
  let refused = 0
  const started = performance.now()
  await Promise.all(
    bodies.map(async (mine) => {
      for (const body of mine) {
        const t = performance.now()
        const status = await post('/v1/orders', body)
        latencies.push(performance.now() - t)
        if (status !== 201) refused++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const cpuPerOrder = ((cpuSeconds(server.pid) - serverCpu) * 1000) / latencies.length
  const mainCpuPerOrder = ((cpuSeconds(server.pid, true) - serverMainCpu) * 1000) / latencies.length
  const anvilCpuPerOrder = ((anvilCpu() - anvilStart) * 1000) / latencies.length
  const clientUsage = process.cpuUsage(clientStart)
  const waitedPerOrder = ((runQueueSeconds(server.pid) - serverWaited) * 1000) / latencies.length
  const clientCpuPerOrder = (clientUsage.user + clientUsage.system) / 1000 / latencies.length
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!
  const p99 = pct(0.99)
  console.log(
    `order submission, ${CLIENTS} clients: ${latencies.length} orders, p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${(latencies.length / elapsed).toFixed(0)} orders/s, refused ${refused}  ${p99 <= 50 ? 'OK' : 'MISSED'} (target p99 <= 50 ms)`,
  )
  // The API's own CPU time (all its threads) per order: the cost of an order, whatever the load.
  console.log(
    `API CPU per order ${cpuPerOrder.toFixed(1)} ms (all threads), ${mainCpuPerOrder.toFixed(1)} ms on its main thread; its threads waited ${waitedPerOrder.toFixed(1)} ms per order for a core`,
  )
  // What else runs meanwhile on the same cores: the devnet's anvil (the intake's chain reads) and
  // this bench client (HTTP requests and the devnet's helpers).
  console.log(
    `meanwhile per order: anvil CPU ${anvilCpuPerOrder.toFixed(1)} ms (${anvils.length} process${anvils.length === 1 ? '' : 'es'}), bench client CPU ${clientCpuPerOrder.toFixed(1)} ms, wall ${((elapsed * 1000) / latencies.length).toFixed(1)} ms`,
  )

  if (!process.argv.includes('--submission-only')) {
    // The filler, then one market move: the trader sells WETH into the best pool until it crosses.
    await startProcess('src/orders/fillerMain.ts', { OXBOW_API_URL: api })
    const trader = await wethSeller(devnet.manifest, eth, 2)
    let crossedAt = 0n
    const moveStarted = performance.now()
    for (let sell = parseUnits('5', 18), i = 0; i < 14; i++, sell *= 2n) {
      const best = await filler.bestRoute({
        ...probe,
        output: { token: weth, amount: outputAmount.toString() },
      })
      if (!best) throw new Error('no route')
      // Enough for every order: the fills themselves move the price back.
      if (best.amountOut >= (outputAmount * 1003n) / 1000n) break
      const receipt = await trader.sell(best, usdc, sell, deadline)
      const now = await filler.bestRoute({
        ...probe,
        output: { token: weth, amount: outputAmount.toString() },
      })
      if (crossedAt === 0n && now && now.amountOut >= outputAmount) crossedAt = receipt.blockNumber
    }
    if (crossedAt === 0n) throw new Error('the market move did not cross the orders')

    // Wait (at most 10 minutes) until the order service reports every order executed.
    const total = CLIENTS * ORDERS_PER_CLIENT
    let fills: Hex[] = []
    const waitUntil = Date.now() + 600_000
    while (Date.now() < waitUntil) {
      fills = []
      try {
        for (const account of swappers) {
          const answer = await fetch(`${api}/v1/orders?swapper=${account.address}&status=executed`)
          const json = (await answer.json()) as { orders: { txHash: Hex }[] }
          fills.push(...json.orders.map((o) => o.txHash))
        }
      } catch {
        // A keep-alive socket the busy server closed (ECONNRESET): ask again on the next round.
        fills = []
      }
      if (fills.length >= total) break
      await new Promise((r) => setTimeout(r, 1000))
    }
    const executed = fills.length
    let firstFillBlock: bigint | undefined
    for (const hash of fills) {
      const { blockNumber } = await trader.clients.public.getTransactionReceipt({ hash })
      if (firstFillBlock === undefined || blockNumber < firstFillBlock) firstFillBlock = blockNumber
    }
    const allFilledSeconds = (performance.now() - moveStarted) / 1000
    const blocks = firstFillBlock === undefined ? null : firstFillBlock - crossedAt
    console.log(
      `crossing to first fill: ${blocks ?? 'never'} blocks (crossed in block ${crossedAt}, first fill in ${firstFillBlock ?? '-'})  ${blocks !== null && blocks <= 2n ? 'OK' : 'MISSED'} (target <= 2)`,
    )
    console.log(
      `${total} open orders after one market move: ${executed} executed in ${allFilledSeconds.toFixed(1)} s, failures ${total - executed}  ${executed === total ? 'OK' : 'MISSED'} (target failures 0)`,
    )
  }
  console.log(`load average after ${load()}`)
} finally {
  await cleanup()
}
