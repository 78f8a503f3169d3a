/**
 * `npm run test:all`: every workspace's tests and `npm start`'s own test. The pure packages run
 * first, one after another (seconds each); then the suites that start a devnet, services or
 * Chromium run side by side, OXBOW_TEST_JOBS at a time (default 2, one per core here). Each suite
 * owns a disjoint port range (see each workspace's README), and devnet dumps are built under a lock,
 * so concurrent suites share them. A suite's output is printed whole when it ends, so runs do not
 * interleave; a failed suite fails the run after the others finish. Ctrl-C stops every suite's
 * process group. Each suite's wall and CPU time are reported at the end. Arguments pick suites by
 * name (`npm run test:all -- @oxbow/core 'e2e 2/3'`).
 */
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'

interface Suite {
  readonly name: string
  readonly command: readonly string[]
}

const npmTest = (workspace: string): Suite => ({
  name: workspace,
  command: ['npm', 'test', '--silent', '-w', workspace],
})

/** Fast, no services: run first, in order. */
const quick = [
  '@oxbow/api-contract',
  '@oxbow/chains',
  '@oxbow/core',
  '@oxbow/i18n',
  '@oxbow/pglite',
  '@oxbow/protocol',
  '@oxbow/rate-limit',
  '@oxbow/routing',
].map(npmTest)
/**
 * The web end-to-end files in shards that run side by side. Files are dealt longest first to the
 * lightest shard, by the seconds they took in a full run (a file not listed counts as 60 s). Each
 * shard runs its files through the shard launcher (apps/web/e2e/shard.ts), which starts one devnet
 * and indexer for the shard's files that call `startStack` (the indexer's start was most of each
 * such file's time), so those files' figures below leave it out; the shard's first such file pays it. The
 * files were written to run one after another, so some share ports: every shard but the first runs
 * in its own network namespace (`unshare -n`, loopback only), where no port can clash with another
 * shard's. The first runs in the host's namespace and takes the WalletConnect file, whose browser
 * needs a non-loopback route to believe it is online. Where namespaces are not available (not
 * root), the files run in one suite, one after another.
 */
const E2E_SECONDS: Record<string, number> = {
  // measured in the clean-clone CI run of 2026-11-28 (run 37: three shards, two suites at a time on
  // the 2-core machine): a file's seconds through the shard launcher, its shard's shared devnet and
  // indexer included where it was the first to use them
  'accessibility.test.ts': 293,
  'landing.test.ts': 98,
  'routes.test.ts': 97,
  'gasless.test.ts': 89,
  'swap.test.ts': 74,
  'limit.test.ts': 76,
  'createPosition.test.ts': 80,
  'fiat.test.ts': 70,
  'explore.test.ts': 115,
  'wallet.test.ts': 64,
  'account.test.ts': 61,
  'liquidity.test.ts': 58,
  'migrateV3.test.ts': 55,
  'frame.test.ts': 52,
  'drawerSettings.test.ts': 42,
  'usernames.test.ts': 38,
  'header.test.ts': 36,
  'search.test.ts': 58,
  'searchFavorites.test.ts': 40,
  'rewards.test.ts': 31,
  'tokenPageLayout.test.ts': 30,
  'swapPresentation.test.ts': 30,
  'pendingTx.test.ts': 29,
  // measured alone in a namespace (2026-11-28): 119 s with its own stack's start
  'accountDetails.test.ts': 131,
  'swapGuards.test.ts': 24,
  // + the unbatched ERC-20 swap test (8 s alone); the file took 53-64 s alone in a namespace, 2026-11-29
  'passkey.test.ts': 72,
  'walletBackup.test.ts': 20,
  'screening.test.ts': 21,
  'walletConnect.test.ts': 20,
  'nfts.test.ts': 20,
  'nftReport.test.ts': 30,
  'tokenSwap.test.ts': 25,
  'rewardsScreening.test.ts': 13,
  'swapSettings.test.ts': 9,
  'bundleSize.test.ts': 8,
  // its own devnet (ethereum and ZKsync) and indexer: 111 s alone in a namespace, 2026-11-28
  'liquidityGuards.test.ts': 111,
  // its own chain (a foreign EIP-7702 delegation): 100 s alone in a namespace, 2026-11-28
  'smartWalletGates.test.ts': 106,
  // its own devnet (ethereum) and indexer: 14 s alone in a namespace, 2026-11-28 13:42 UTC
  'liquidityFailures.test.ts': 14,
  // its stack (the shard's devnet and indexer under the launcher): 30 s alone in a namespace, 2026-11-28
  'accountEmpty.test.ts': 30,
}
const HOST_ONLY = new Set(['walletConnect.test.ts'])
const E2E_SHARDS = 3
const namespaces = spawnSync('unshare', ['-n', 'true']).status === 0 && spawnSync('ip', ['-V']).status === 0
/**
 * A suite's namespace: loopback up, and outgoing connections' local ports taken from 45000 up, above
 * every fixed port the suites bind (20000-36190, the indexer's default 42069): from the kernel's
 * default range (32768 up) a client's port could take a test server's before it bound it
 * (EADDRINUSE seen on an e2e indexer's 33690). The range is the namespace's own, not the host's.
 */
const NAMESPACE_SETUP =
  'ip link set lo up && { echo "45000 60999" 2>/dev/null > /proc/sys/net/ipv4/ip_local_port_range || true; }'

function e2eShards(): Suite[] {
  const dir = join(import.meta.dirname, '../apps/web/e2e')
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.test.ts'))
    .sort((a, b) => (E2E_SECONDS[b] ?? 60) - (E2E_SECONDS[a] ?? 60) || a.localeCompare(b))
  const count = namespaces ? E2E_SHARDS : 1
  const shards = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }))
  for (const file of files) {
    const lightest = HOST_ONLY.has(file)
      ? (shards[0] as (typeof shards)[number])
      : shards.reduce((a, b) => (b.seconds < a.seconds ? b : a))
    lightest.files.push(`e2e/${file}`)
    lightest.seconds += E2E_SECONDS[file] ?? 60
  }
  return shards
    .filter((shard) => shard.files.length > 0)
    .map((shard, index) => {
      const run = `npm exec -w @oxbow/web -- tsx e2e/shard.ts ${shard.files.join(' ')}`
      return {
        name: `@oxbow/web e2e ${index + 1}/${count}`,
        command:
          index === 0
            ? ['sh', '-c', run]
            : ['unshare', '-n', 'sh', '-c', `${NAMESPACE_SETUP} && exec ${run}`],
      }
    })
}

/** Slow, each with its own devnet, services or browser: longest first, so the run ends sooner. */
const heavy: Suite[] = [
  ...e2eShards(),
  npmTest('@oxbow/indexer'),
  npmTest('@oxbow/api'),
  // kill -9 of services under `npm start` (its own ports, in its own namespace where possible)
  {
    name: 'faults',
    command: namespaces
      ? ['unshare', '-n', 'sh', '-c', `${NAMESPACE_SETUP} && exec npm run --silent test:faults`]
      : ['npm', 'run', '--silent', 'test:faults'],
  },
  npmTest('@oxbow/devnet'),
  { name: '@oxbow/web unit', command: ['npm', 'run', 'test:unit', '--silent', '-w', '@oxbow/web'] },
  // `npm start` as a newcomer runs it, then Ctrl-C (its own ports; the web app is already built,
  // so its server does not rebuild dist/ under the browser suites)
  {
    name: 'npm start',
    command: namespaces
      ? ['unshare', '-n', 'sh', '-c', `${NAMESPACE_SETUP} && exec npm run --silent test:start`]
      : ['npm', 'run', '--silent', 'test:start'],
  },
  npmTest('@oxbow/sandbox'),
]

const jobs = Number.parseInt(process.env.OXBOW_TEST_JOBS ?? '2', 10)
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error(`OXBOW_TEST_JOBS must be a positive integer, got "${process.env.OXBOW_TEST_JOBS}"`)
  process.exit(2)
}

const running = new Set<number>()
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true
    for (const pid of running) {
      try {
        process.kill(-pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
    process.exitCode = 130
  })
}

interface Result {
  readonly suite: Suite
  readonly ok: boolean
  readonly seconds: number
  /** CPU seconds (user + system) of the suite's processes, from the shell's `times`; NaN if unread. */
  readonly cpuSeconds: number
}

/**
 * Each suite runs under `sh -c`, whose `times` then writes its children's CPU time (every process
 * of the suite that was waited for: test processes, servers, devnets, browsers) to fd 3. A suite's
 * CPU over its wall time is the cores it kept busy: under 2 suites at a time on 2 cores, a sum well
 * under 2 means the run waits more than it computes, and more suites at once (OXBOW_TEST_JOBS) help.
 */
const TIMED = '"$@"; status=$?; times >&3; exit $status'

/** Children's user + system seconds from `times` output (its second line: `0m1.5s 0m0.2s`). */
function childrenCpu(times: string): number {
  const line = times.trim().split('\n')[1] ?? ''
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]))
  return parts.length === 2 ? (parts[0] as number) + (parts[1] as number) : Number.NaN
}

function run(suite: Suite): Promise<Result> {
  const started = performance.now()
  return new Promise((resolve) => {
    // Its own process group, so stopping the run stops the suite's servers and browsers too.
    const child = spawn('sh', ['-c', TIMED, 'sh', ...suite.command], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    })
    if (child.pid !== undefined) running.add(child.pid)
    const output: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    let times = ''
    child.stdio[3]?.on('data', (chunk: Buffer) => {
      times += chunk.toString()
    })
    child.on('close', (code) => {
      if (child.pid !== undefined) running.delete(child.pid)
      const seconds = (performance.now() - started) / 1000
      const cpuSeconds = childrenCpu(times)
      const ok = code === 0
      process.stdout.write(Buffer.concat(output))
      console.log(
        `\n== ${suite.name}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s)\n`,
      )
      resolve({ suite, ok, seconds, cpuSeconds })
    })
  })
}

async function runPool(suites: readonly Suite[], width: number): Promise<Result[]> {
  const queue = [...suites]
  const results: Result[] = []
  const worker = async () => {
    for (let suite = queue.shift(); suite && !stopping; suite = queue.shift()) results.push(await run(suite))
  }
  await Promise.all(Array.from({ length: Math.min(width, suites.length) }, worker))
  return results
}

const started = performance.now()
const results: Result[] = []
// The web app is built once, before the end-to-end shards start (each would build a stale dist).
const build: Suite = {
  name: '@oxbow/web build',
  command: ['npm', 'run', 'build', '--silent', '-w', '@oxbow/web'],
}
// `npm run test:all -- <name>...`: only the suites whose names contain one of the arguments (e.g.
// `'e2e 2/3'` to time one shard), the web build too when an end-to-end shard is among them.
const only = process.argv.slice(2)
const chosen = (suite: Suite) => only.length === 0 || only.some((name) => suite.name.includes(name))
const heavyChosen = heavy.filter(chosen)
const buildFirst = heavyChosen.some((suite) => suite.name.includes(' e2e ')) || chosen(build)
results.push(...(await runPool([...quick.filter(chosen), ...(buildFirst ? [build] : [])], 1)))
results.push(...(await runPool(heavyChosen, jobs)))

const total = (performance.now() - started) / 1000
console.log(`test:all in ${total.toFixed(1)} s (${jobs} suites at a time):`)
for (const { suite, ok, seconds, cpuSeconds } of results) {
  const cores = cpuSeconds / seconds
  console.log(
    `  ${ok ? 'ok  ' : 'FAIL'} ${suite.name.padEnd(18)} ${seconds.toFixed(1).padStart(6)} s, CPU ${cpuSeconds.toFixed(1).padStart(6)} s (${cores.toFixed(2)} cores)`,
  )
}
const cpuTotal = results.reduce((sum, r) => sum + (Number.isNaN(r.cpuSeconds) ? 0 : r.cpuSeconds), 0)
console.log(
  `  CPU ${cpuTotal.toFixed(1)} s over ${total.toFixed(1)} s: ${(cpuTotal / total).toFixed(2)} of ${availableParallelism()} cores busy on average`,
)
const failed = results.filter((r) => !r.ok)
if (failed.length > 0 || stopping) {
  console.log(`${failed.length} suite(s) failed: ${failed.map((r) => r.suite.name).join(', ')}`)
  process.exitCode = process.exitCode || 1
}
