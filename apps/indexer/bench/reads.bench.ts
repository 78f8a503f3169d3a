/**
 * npm run bench:reads -w @oxbow/indexer — the data API's read phase alone (issue #16), on a real
 * devnet (ethereum + base) and an in-memory PGlite or a PostgreSQL server: distinct explore,
 * portfolio and activity queries at 50 connections (the same load as `bench:indexer`'s distinct
 * phase), with the CPU time the indexer's processes spent per request (their CPU time while idle
 * subtracted), a figure the machine's other load does not move much (latency does).
 *
 * OXBOW_BENCH_DATABASE=pglite|postgres|both (default both), OXBOW_BENCH_SECONDS (default 20),
 * OXBOW_BENCH_CPU_PROF=<dir> writes a CPU profile of the indexer, OXBOW_BENCH_CONNECTIONS (50),
 * OXBOW_BENCH_NODE_ARGS more node options for the indexer (space-separated).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { postgresSkipReason, startDevnet, startTestPostgres, type TestPostgres } from '@oxbow/devnet'
import { startIndexer } from '../scripts/launcher.ts'
import { distinctLoad } from './distinctLoad.ts'

const SECONDS = Number(process.env.OXBOW_BENCH_SECONDS ?? 20)
const CONNECTIONS = Number(process.env.OXBOW_BENCH_CONNECTIONS ?? 50)
const which = process.env.OXBOW_BENCH_DATABASE ?? 'both'

/** CPU seconds (user + system) of a process and its descendants, those it reaped included. */
function cpuSecondsOfTree(rootPid: number): number {
  const ticks = 100
  const children = new Map<number, number[]>()
  const own = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ppid = Number(fields[1])
      own.set(
        Number(entry),
        (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticks,
      )
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {}
  }
  let total = 0
  const stack = [rootPid]
  while (stack.length > 0) {
    const pid = stack.pop() as number
    total += own.get(pid) ?? 0
    stack.push(...(children.get(pid) ?? []))
  }
  return total
}

/** The throwaway server's postmaster (its command line names the port), to count its CPU. */
function postmasterPid(url: string): number | undefined {
  const port = new URL(url).port
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      if (args[0]?.endsWith('/postgres') && args[args.indexOf('-p') + 1] === port) return Number(entry)
    } catch {}
  }
  return undefined
}

const devnet = await startDevnet({ networks: ['ethereum', 'base'], portBase: 21700 })
let postgres: TestPostgres | undefined
const lines: string[] = []
try {
  const runs: { name: string; options: { dataDir?: string; databaseUrl?: string; schema?: string } }[] = []
  if (which !== 'postgres') runs.push({ name: 'PGlite', options: { dataDir: 'memory://' } })
  if (which !== 'pglite') {
    const skip = postgresSkipReason()
    if (skip) lines.push(`PostgreSQL skipped: ${skip}`)
    else {
      postgres = await startTestPostgres()
      runs.push({ name: 'PostgreSQL', options: { databaseUrl: postgres.url, schema: `reads_${Date.now()}` } })
    }
  }
  for (const run of runs) {
    const indexer = await startIndexer({
      manifestPath: devnet.manifestPath,
      port: 21910,
      ...run.options,
      readyTimeoutMs: 600_000,
      env: {
        OXBOW_INDEXER_RATE_LIMIT_PER_MINUTE: '1000000000',
        OXBOW_INDEXER_RATE_LIMIT_BURST: '1000000',
      },
      nodeArgs: [
        ...(process.env.OXBOW_BENCH_CPU_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.OXBOW_BENCH_CPU_PROF}`]
          : []),
        ...(process.env.OXBOW_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    })
    try {
      const owner = devnet.manifest.accounts[0]?.address ?? ''
      const accounts = devnet.manifest.accounts.map((a) => a.address)
      // A short warm-up (JIT, first snapshot, connections), not counted.
      await distinctLoad(indexer.graphqlUrl, { seconds: 3, connections: CONNECTIONS, owner, accounts })
      // The indexer's own background work (block polling, the state key) while no query comes.
      const idleStart = cpuSecondsOfTree(indexer.pid)
      await new Promise((r) => setTimeout(r, 5_000))
      const idlePerSecond = (cpuSecondsOfTree(indexer.pid) - idleStart) / 5
      const cpuBefore = cpuSecondsOfTree(indexer.pid)
      const generatorBefore = process.cpuUsage()
      const postmaster = run.options.databaseUrl ? postmasterPid(run.options.databaseUrl) : undefined
      const pgCpuBefore = postmaster ? cpuSecondsOfTree(postmaster) : 0
      const result = await distinctLoad(indexer.graphqlUrl, {
        seconds: SECONDS,
        connections: CONNECTIONS,
        owner,
        accounts,
      })
      const generator = process.cpuUsage(generatorBefore)
      const cpu = cpuSecondsOfTree(indexer.pid) - cpuBefore - idlePerSecond * SECONDS
      const pgCpu = postmaster ? cpuSecondsOfTree(postmaster) - pgCpuBefore : 0
      const total = result.requests.total
      lines.push(
        `${run.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.timeouts + result.non2xx}; indexer CPU ${((cpu * 1000) / total).toFixed(3)} ms/request (idle ${Math.round(idlePerSecond * 1000)} ms/s subtracted)${pgCpu ? `, PostgreSQL CPU ${((pgCpu * 1000) / total).toFixed(3)} ms/request` : ''}, load generator CPU ${((generator.user + generator.system) / 1000 / total).toFixed(3)} ms/request (${total} requests)`,
      )
    } finally {
      await indexer.stop()
    }
  }
} finally {
  await postgres?.stop()
  await devnet.stop()
}
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
console.log(
  `\ndata API reads (${new Date().toISOString()}, load average ${load}, ${CONNECTIONS} connections, ${SECONDS} s)`,
)
for (const line of lines) console.log(line)
