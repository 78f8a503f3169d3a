/**
 * `npm run bench:devnet`: cold start (deploy + seed every registry network into an empty data dir)
 * and warm start (load the dumps just written), each until every network answers, and the total
 * resident memory of the anvil processes. Uses its own port base and a temporary data dir.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { networks } from '@oxbow/chains'
import { startDevnet } from '../src/index.ts'
import { rpc } from '../src/rpc.ts'

const PORT_BASE = Number(process.env.OXBOW_BENCH_PORT_BASE ?? 20600)
const MiB = 1024 * 1024

/** Sum of VmRSS of our anvil children, from /proc. */
function anvilRss(): { bytes: number; count: number } {
  let bytes = 0
  let count = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1])
      if (ppid !== process.pid || !/^Name:\s+anvil$/m.test(status)) continue
      bytes += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024
      count++
    } catch {}
  }
  return { bytes, count }
}

async function run(dataDir: string) {
  const started = performance.now()
  const devnet = await startDevnet({ portBase: PORT_BASE, dataDir })
  // startDevnet resolves once each node answered; confirm every chain id to be sure.
  await Promise.all(
    Object.values(devnet.manifest.networks).map(async (d) => {
      const id = Number.parseInt(await rpc<string>(d.rpcUrl, 'eth_chainId'), 16)
      if (id !== d.chainId) throw new Error(`${d.slug} answered chain id ${id}`)
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const rss = anvilRss()
  await devnet.stop()
  return { seconds, rss }
}

const dataDir = await mkdtemp(join(tmpdir(), 'oxbow-devnet-bench-'))
try {
  console.log(`devnet benchmark: ${networks.length} networks, port base ${PORT_BASE}, data dir ${dataDir}`)
  const cold = await run(dataDir)
  const warm = await run(dataDir)
  const rows: [string, string, string, boolean][] = [
    ['cold start (deploy + seed + history)', `${cold.seconds.toFixed(1)} s`, '<= 60 s', cold.seconds <= 60],
    ['warm start (load dumps)', `${warm.seconds.toFixed(2)} s`, '<= 5 s', warm.seconds <= 5],
    [
      `anvil RSS after warm start (${warm.rss.count} processes)`,
      `${(warm.rss.bytes / MiB).toFixed(0)} MiB`,
      '<= 1024 MiB',
      warm.rss.bytes <= 1024 * MiB,
    ],
    [
      `anvil RSS after cold start (${cold.rss.count} processes)`,
      `${(cold.rss.bytes / MiB).toFixed(0)} MiB`,
      '<= 1024 MiB',
      cold.rss.bytes <= 1024 * MiB,
    ],
  ]
  const w = [Math.max(...rows.map((r) => r[0].length)), 10, 12]
  console.log(
    `${'metric'.padEnd(w[0] ?? 0)}  ${'measured'.padEnd(w[1] ?? 0)}  ${'target'.padEnd(w[2] ?? 0)}  result`,
  )
  for (const [metric, measured, target, ok] of rows) {
    console.log(
      `${metric.padEnd(w[0] ?? 0)}  ${measured.padEnd(w[1] ?? 0)}  ${target.padEnd(w[2] ?? 0)}  ${ok ? 'ok' : 'MISSED'}`,
    )
  }
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
