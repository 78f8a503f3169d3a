/**
 * `npm run bench:routing`: the trading API on one devnet network (ethereum, devnet port base
 * 25700, API port 25790).
 * 1. in-process quote latency (TradingService.quoteSync: route search in the calling thread) over
 *    every routable token pair of the seeded graph, three trade sizes, both trade types;
 * 2. HTTP latency of POST /v1/quote from the server as `npm start` runs it (its own process, route
 *    threads per OXBOW_ROUTE_THREADS or the default), 50 concurrent keep-alive clients in closed
 *    loop: distinct requests (a route search each), repeated ones (route cache) and paced ones;
 * 3. quality: route output against the best single pool quoted on chain (Router02, QuoterV2,
 *    V4Quoter) and against a brute-force optimum over the same candidate paths;
 * 4. the time an on-chain-quoter router would spend: eth_call quotes of the same candidate paths.
 * The pool graph does not change during the run (no new blocks).
 */

import { type ChildProcessByStdio, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { startDevnet } from '@oxbow/devnet'
import { type NetworkDeployment, quoterV2Abi, v2Router02Abi, v4QuoterAbi } from '@oxbow/protocol'
import { enumeratePaths, type Path, quotePathExactIn } from '@oxbow/routing'
import { type Address, zeroAddress } from 'viem'
import { createTradingModule } from '../src/trading/index.ts'
import type { QuoteRequest } from '../src/trading/types.ts'

const PORT_BASE = 25700
const HTTP_PORT = 25790
/** Distinct quote requests sent to the server before measuring. */
const WARM_UP = 2000
const slug = 'ethereum'
const silent = { info: () => {}, error: (m: string) => console.error(m) }

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number
}
const ms = (v: number) => `${v.toFixed(2)} ms`

/** Route threads of the benchmarked server: OXBOW_ROUTE_THREADS, else the server's default. */
const routeThreads = Number(process.env.OXBOW_ROUTE_THREADS ?? Math.max(1, availableParallelism() - 1))
const loadBefore = loadavg()[0] as number

const devnet = await startDevnet({ networks: [slug], portBase: PORT_BASE })
const d = devnet.manifest.networks[slug] as NetworkDeployment
const trading = await createTradingModule(devnet.manifest, silent, { pollMs: 3_600_000 })
const service = trading.service
/** The devnet's seeded USD price of a token (native: WETH's): only to size the trades. */
function seedUsd(address: string): number {
  const lower = address.toLowerCase()
  const wanted = BigInt(lower) === 0n ? d.contracts.weth9.toLowerCase() : lower
  return d.tokens.find((x) => x.address.toLowerCase() === wanted)?.seedPriceUsd ?? 1
}
let server: ChildProcessByStdio<null, Readable, null> | undefined
const state = service.states.get(slug)
if (!state) throw new Error('no state')
try {
  // ---- 1. in-process
  const tokens = [...(service.tokens.get(slug)?.values() ?? [])].filter((t) => !t.notRoutable)
  const requests: QuoteRequest[] = []
  for (const a of tokens) {
    for (const b of tokens) {
      if (a.address === b.address) continue
      for (const usd of [100, 10_000, 100_000]) {
        for (const type of ['EXACT_INPUT', 'EXACT_OUTPUT'] as const) {
          const t = type === 'EXACT_INPUT' ? a : b
          const amount =
            BigInt(Math.floor((usd / seedUsd(t.address)) * 10 ** Math.min(t.decimals, 15))) *
            10n ** BigInt(Math.max(0, t.decimals - 15))
          requests.push({
            network: slug,
            tokenIn: a.address,
            tokenOut: b.address,
            amount,
            type,
            slippage: 'auto',
          })
        }
      }
    }
  }
  // One unmeasured pass warms V8's JIT up (as in a running server); then every pool is read again
  // from chain into a new graph, so the first measured pass pays for path enumeration and the
  // per-pool step memos again, as after a block that touched every pool.
  for (const r of requests) {
    try {
      service.quoteSync({ ...r, amount: r.amount + 1n })
    } catch {}
  }
  await service.refresh()
  const times: number[] = []
  let failures = 0
  for (let round = 0; round < 2; round++) {
    for (const r of requests) {
      state.routeCache.clear() // measure the route search, not the cache
      const t0 = performance.now()
      try {
        service.quoteSync(r)
      } catch {
        failures++
      }
      times.push(performance.now() - t0)
    }
  }
  times.sort((x, y) => x - y)
  const inP50 = pct(times, 50)
  const inP99 = pct(times, 99)

  // ---- 2. HTTP
  // the server runs in its own process (as in production), the 50 clients in this one
  // OXBOW_BENCH_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof to profile it)
  const nodeArgs = (process.env.OXBOW_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server.ts'], {
    cwd: resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      OXBOW_MANIFEST: devnet.manifestPath,
      OXBOW_API_PORT: String(HTTP_PORT),
      OXBOW_RATE_LIMIT_PER_MINUTE: '100000000',
      OXBOW_RATE_LIMIT_BURST: '10000000',
      OXBOW_ROUTE_THREADS: String(routeThreads),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolveReady, reject) => {
    let buffer = ''
    server?.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      if (/^ready /m.test(buffer)) resolveReady()
    })
    server?.once('exit', (code) => reject(new Error(`api server exited (${code}): ${buffer}`)))
  })
  const usdc = d.tokens.find((t) => t.symbol === 'USDC' && t.kind === 'stablecoin')?.address as Address
  const httpBodies = requests
    .filter((_, i) => i % 7 === 0)
    .map((r) => JSON.stringify({ ...r, amount: r.amount.toString() }))
  // a light keep-alive HTTP client (node:http): 50 sockets, one per client
  const agent = new Agent({ keepAlive: true, maxSockets: 50 })
  const postQuote = (body: string) =>
    new Promise<number>((resolvePost, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: HTTP_PORT,
          path: '/v1/quote',
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.on('data', () => {})
          res.on('end', () => resolvePost(res.statusCode ?? 0))
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  // Warm-up, not measured: opens the keep-alive connections and lets V8 optimise the server's
  // hot paths, as in a server that has been running. Its amounts differ from every measured
  // request's, so nothing measured comes from the route cache.
  const warmUp = (i: number) => {
    const r = requests[(i * 7) % requests.length] as QuoteRequest
    return JSON.stringify({ ...r, amount: (r.amount + 1_000_000n + BigInt(i)).toString() })
  }
  for (let i = 0; i < WARM_UP; i += 50) {
    await Promise.all(Array.from({ length: 50 }, (_, k) => postQuote(warmUp(i + k))))
  }
  /** CPU time the server process has used (ms; Linux /proc), undefined elsewhere. */
  const serverCpu = (): number | undefined => {
    try {
      const fields = readFileSync(`/proc/${server?.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      return (Number(fields[11]) + Number(fields[12])) * (1000 / 100)
    } catch {
      return undefined
    }
  }
  /** 50 clients, each sending its next request as soon as the previous answer arrived. */
  async function load(total: number, bodyOf: (i: number) => string) {
    const cpuBefore = serverCpu()
    const times: number[] = []
    let next = 0
    let errors = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < total) {
          const body = bodyOf(next++)
          const t0 = performance.now()
          const status = await postQuote(body)
          if (status >= 500 || status === 429) errors++
          times.push(performance.now() - t0)
        }
      }),
    )
    const elapsed = performance.now() - started
    const cpuAfter = serverCpu()
    times.sort((x, y) => x - y)
    const serverCpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore
    return { times, errors, rps: total / (elapsed / 1000), total, serverCpuMs }
  }
  // distinct: every request has its own amount, so none is answered from the route cache
  const distinct = await load(4000, (i) => {
    const r = requests[(i * 7) % requests.length] as QuoteRequest
    return JSON.stringify({ ...r, amount: (r.amount + BigInt(i)).toString() })
  })
  // repeated: the swap screen re-quotes the same request every few seconds; answered from the
  // route cache while the pool graph is unchanged
  const repeated = await load(3000, (i) => httpBodies[i % httpBodies.length] as string)
  // paced: 50 clients each asking a distinct quote every 200 ms (a swap screen re-quoting), 4 s
  const paced = await (async () => {
    const cpuBefore = serverCpu()
    const times: number[] = []
    let errors = 0
    let n = 0
    const until = performance.now() + 4000
    await Promise.all(
      Array.from({ length: 50 }, async (_, client) => {
        await new Promise((r) => setTimeout(r, client * 4))
        while (performance.now() < until) {
          const i = n++
          const r = requests[(i * 11) % requests.length] as QuoteRequest
          const t0 = performance.now()
          const status = await postQuote(
            JSON.stringify({ ...r, amount: (r.amount + 7n * BigInt(i)).toString() }),
          )
          if (status >= 500 || status === 429) errors++
          const took = performance.now() - t0
          times.push(took)
          await new Promise((r) => setTimeout(r, Math.max(0, 200 - took)))
        }
      }),
    )
    times.sort((x, y) => x - y)
    const cpuAfter = serverCpu()
    const serverCpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore
    return { times, errors, rps: times.length / 4, total: times.length, serverCpuMs }
  })()
  agent.destroy()
  server.kill('SIGTERM')
  server = undefined

  // ---- 3 + 4. quality and on-chain quoter time
  const client = state.client
  const weth = d.contracts.weth9
  const sym = (a: Address) => service.tokenOf(slug, a).symbol
  async function hopOnChain(path: Path, i: number, amount: bigint): Promise<bigint> {
    const pool = path.pools[i]
    const tokenIn = path.tokens[i] as Address
    const tokenOut = path.tokens[i + 1] as Address
    if (!pool || pool.kind === 'wrap') return amount
    if (pool.kind === 'v2') {
      const out = await client.readContract({
        address: d.contracts.v2Router02,
        abi: v2Router02Abi,
        functionName: 'getAmountsOut',
        args: [amount, [tokenIn, tokenOut]],
      })
      return out[1] as bigint
    }
    if (pool.kind === 'v3') {
      const { result } = await client.simulateContract({
        address: d.contracts.quoterV2,
        abi: quoterV2Abi,
        functionName: 'quoteExactInputSingle',
        args: [{ tokenIn, tokenOut, amountIn: amount, fee: pool.fee, sqrtPriceLimitX96: 0n }],
      })
      return result[0]
    }
    const { result } = await client.simulateContract({
      address: d.contracts.v4Quoter,
      abi: v4QuoterAbi,
      functionName: 'quoteExactInputSingle',
      args: [
        {
          poolKey: {
            currency0: pool.token0,
            currency1: pool.token1,
            fee: pool.keyFee,
            tickSpacing: pool.tickSpacing,
            hooks: pool.hooks ?? zeroAddress,
          },
          zeroForOne: tokenIn === pool.token0,
          exactAmount: amount,
          hookData: '0x',
        },
      ],
    })
    return result[0]
  }
  async function pathOnChain(path: Path, amount: bigint): Promise<bigint> {
    let a = amount
    for (let i = 0; i < path.pools.length; i++) a = await hopOnChain(path, i, a)
    return a
  }
  const addressOf = (symbol: string): Address => {
    const token = d.tokens.find((t) => t.symbol === symbol)
    if (!token) throw new Error(`no ${symbol} on ${slug}`)
    return token.address
  }
  const cases: [Address, Address, bigint][] = [
    [usdc, weth, 5_000n * 10n ** 6n],
    [usdc, NATIVE_CURRENCY_ADDRESS, 90_000n * 10n ** 6n],
    [NATIVE_CURRENCY_ADDRESS, usdc, 300n * 10n ** 18n],
    [addressOf('DAI'), addressOf('WBTC'), 40_000n * 10n ** 18n],
    [addressOf('UNI'), addressOf('LINK'), 5_000n * 10n ** 18n],
  ]
  const quality: string[] = []
  let mismatches = 0
  for (const [a, b, amount] of cases) {
    const q = service.quoteSync({
      network: slug,
      tokenIn: a,
      tokenOut: b,
      amount,
      type: 'EXACT_INPUT',
      slippage: 'auto',
    })
    const paths = enumeratePaths(state.graph, a, b, 3)
    // on-chain: every candidate path quoted for the full amount, hop by hop
    const t0 = performance.now()
    const onChain = await Promise.all(paths.map((p) => pathOnChain(p, amount).catch(() => 0n)))
    const chainMs = performance.now() - t0
    const local = paths.map((p) => quotePathExactIn(p, amount)?.amountOut ?? 0n)
    mismatches += local.filter((v, i) => v !== onChain[i]).length
    // best single pool (one-hop paths) on chain
    let bestSingle = 0n
    paths.forEach((p, i) => {
      if (p.pools.filter((x) => x.kind !== 'wrap').length === 1 && (onChain[i] as bigint) > bestSingle) {
        bestSingle = onChain[i] as bigint
      }
    })
    let bestPath = 0n
    for (const v of onChain) if (v > bestPath) bestPath = v
    // brute force: all 1 % splits over the three best disjoint paths
    const ranked = paths.map((p, i) => ({ p, v: local[i] as bigint })).sort((x, y) => (y.v > x.v ? 1 : -1))
    const chosen: Path[] = []
    for (const { p } of ranked) {
      const ids = p.pools.filter((x) => x.kind !== 'wrap').map((x) => x.id)
      if (chosen.every((c) => c.pools.every((x) => !ids.includes(x.id)))) chosen.push(p)
      if (chosen.length === 3) break
    }
    let brute = 0n
    const g = 100
    for (let i = 0; i <= g; i++) {
      for (let j = 0; i + j <= g; j++) {
        const shares = [i, j, g - i - j]
        let sum = 0n
        let used = 0n
        chosen.forEach((p, k) => {
          const part =
            k === chosen.length - 1 ? amount - used : (amount * BigInt(shares[k] as number)) / BigInt(g)
          used += part
          if (part > 0n) sum += quotePathExactIn(p, part)?.amountOut ?? -(10n ** 40n)
        })
        if (sum > brute) brute = sum
      }
    }
    const out = BigInt(q.body.amountOut)
    const bps = (x: bigint, y: bigint) =>
      y === 0n ? 'n/a' : `${(Number(((x - y) * 1_000_000n) / y) / 100).toFixed(2)} bps`
    quality.push(
      `  ${sym(a)}->${sym(b)} ${q.body.tradeValueUsd} USD: legs ${q.body.route.length}, vs best single pool ${bps(out, bestSingle)}, vs best single path ${bps(out, bestPath)}, vs brute-force 1% grid ${bps(out, brute)} | on-chain quoting ${paths.length} candidate paths once: ${ms(chainMs)} (x20 split steps ~ ${ms(chainMs * 20)})`,
    )
  }

  const loadAfter = loadavg()[0] as number
  const row = (cells: string[]) =>
    console.log(
      cells
        .map((c, i) => (i === 0 ? c.padEnd(50) : i < 3 ? c.padStart(10) : c.padStart(i === 3 ? 16 : 8)))
        .join(' '),
    )
  const verdict = (p99: number, limit: number) => (p99 <= limit ? 'OK' : 'MISSED')
  console.log(
    `bench:routing  network ${slug}, ${state.graph.pools.size} pools (${state.graph.excludedPools.size} excluded), ${tokens.length} routable tokens`,
  )
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadBefore.toFixed(2)} before / ${loadAfter.toFixed(2)} after (the load generator shares the cores); server: ${routeThreads} route thread(s) + main thread, ${WARM_UP} distinct warm-up quotes`,
  )
  row(['', 'p50', 'p99', 'target', 'result'])
  row([
    `in-process quote, route search (${times.length} quotes)`,
    ms(inP50),
    ms(inP99),
    'p99 <= 10 ms',
    verdict(inP99, 10),
  ])
  for (const [name, run, target] of [
    ['HTTP distinct quotes, 50 closed-loop clients', distinct, true],
    ['HTTP repeated quotes (route cache), 50 clients', repeated, false],
    ['HTTP paced: 50 clients, 1 distinct quote / 200 ms', paced, false],
  ] as const) {
    const p99 = pct(run.times, 99)
    row([name, ms(pct(run.times, 50)), ms(p99), target ? 'p99 <= 50 ms' : '(p99 <= 50 ms)', verdict(p99, 50)])
  }
  for (const [name, run] of [
    ['distinct', distinct],
    ['repeated', repeated],
    ['paced', paced],
  ] as const) {
    const cpu =
      run.serverCpuMs === undefined
        ? ''
        : `, server CPU ${(run.serverCpuMs / run.total).toFixed(3)} ms/request`
    console.log(`  ${name}: ${run.total} requests, ${run.rps.toFixed(0)} req/s, ${run.errors} 5xx/429${cpu}`)
  }
  console.log(
    `  in-process: ${requests.length} requests x 2, ${failures} typed refusals (no route / insufficient liquidity)`,
  )
  console.log('quality (exact input; positive = better for the trader):')
  for (const q of quality) console.log(q)
  console.log(`in-process path quotes differing from on-chain quoters: ${mismatches}`)
} finally {
  server?.kill('SIGTERM')
  await trading.service.stop()
  await devnet.stop()
}
