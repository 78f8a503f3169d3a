/**
 * npm run bench:indexer:warm — `serve` (what `npm start` runs) on a real devnet, on-disk PGlite:
 * a cold start, then the devnet and the indexer stopped and started again on the same dumps (the
 * devnet rewrites its manifest with a new createdAt, as every `npm start` does), and the time to
 * `ready` of that warm start (target ≤ 10 s, issue #16) plus its first data query.
 * OXBOW_BENCH_NETWORKS (default ethereum,base) picks the networks; OXBOW_BENCH_SERVE another copy of
 * scripts/serve.ts to measure (e.g. an older one, for a before/after).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseNetworkList } from '@oxbow/chains'
import { startDevnet } from '@oxbow/devnet'
import { spawnServe } from '../test/serveKit.ts'

const PORT_BASE = 21400
const PORT = 21410
const networks = parseNetworkList(process.env.OXBOW_BENCH_NETWORKS ?? 'ethereum,base').map((n) => n.slug)
const dataDir = mkdtempSync(join(tmpdir(), 'oxbow-indexer-warm-'))

/** Runs `serve` until it prints `ready`: the seconds it took, and how to stop it. */
async function serve(
  manifestPath: string,
): Promise<{ seconds: number; how: string; stop: () => Promise<void> }> {
  const t0 = performance.now()
  let how = 'new database'
  const run = spawnServe({
    manifestPath,
    port: PORT,
    dataDir,
    networks,
    script: process.env.OXBOW_BENCH_SERVE,
    env: { OXBOW_INDEXER_LOG_LEVEL: 'warn' },
    onLine: (line) => {
      if (process.env.OXBOW_BENCH_VERBOSE) console.log(`  | ${line}`)
      if (line.startsWith('resuming')) how = 'resumed'
      if (line.startsWith('indexing from scratch')) how = line.slice('indexing from scratch: '.length)
    },
  })
  await run.reached
  return { seconds: (performance.now() - t0) / 1000, how, stop: run.stop }
}

async function firstQueryMs(): Promise<number> {
  const t0 = performance.now()
  const res = await fetch(`http://127.0.0.1:${PORT}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ pools(first: 20, orderBy: TVL) { nodes { id tvlUsd volume24hUsd apr } } }',
    }),
  })
  const body = (await res.json()) as { errors?: unknown }
  if (body.errors) throw new Error(`first query failed: ${JSON.stringify(body.errors)}`)
  return performance.now() - t0
}

const rows: [string, string, string][] = []
try {
  let devnet = await startDevnet({ networks, portBase: PORT_BASE })
  const cold = await serve(devnet.manifestPath)
  rows.push(['cold start to ready', `${cold.seconds.toFixed(1)} s`, '≤ 60 s'])
  await cold.stop()
  await devnet.stop()
  for (const run of [1, 2]) {
    devnet = await startDevnet({ networks, portBase: PORT_BASE })
    const warm = await serve(devnet.manifestPath)
    rows.push([`restart ${run} to ready (${warm.how})`, `${warm.seconds.toFixed(1)} s`, '≤ 10 s'])
    rows.push([`  first data query after it`, `${(await firstQueryMs()).toFixed(0)} ms`, '≤ 2,000 ms'])
    await warm.stop()
    await devnet.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(`\nindexer warm start (${networks.join(', ')}; on-disk PGlite)`)
for (const [metric, value, target] of rows)
  console.log(`${metric.padEnd(34)} ${value.padStart(10)}   target ${target}`)
process.exit(0)
