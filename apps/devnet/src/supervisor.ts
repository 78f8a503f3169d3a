/**
 * Keeps `npm start`'s nodes alive: each network's chain is saved to a live state file whenever it
 * has new blocks (at most every {@link SAVE_INTERVAL_MS}), and a node that dies (kill -9, crash) is
 * started again on its port from that file, so the chain comes back as it was at the last save,
 * with the same block hashes. What was mined after the last save is gone, as after a reorg; the
 * indexer handles that like any reorg. The dump the node first loaded is never written to.
 */
import { existsSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { type AnvilNode, startAnvil, startOrphanWatchdog } from './anvil.ts'
import { rpc } from './rpc.ts'

/** How often a node with new blocks has its state saved. */
export const SAVE_INTERVAL_MS = 2_000
/** More restarts than this within a minute give up (the devnet then exits, and npm start stops). */
const RESTARTS_PER_MINUTE = 3

export interface SupervisedNode {
  readonly slug: string
  readonly chainId: number
  readonly port: number
  /** The state the node was started from (its dump): the fallback before the first save. */
  readonly initialState: string
}

export interface Supervisor {
  /** The nodes running now (a restarted node replaces the dead one). */
  nodes(): readonly AnvilNode[]
  stop(): Promise<void>
}

/**
 * Supervises `nodes` (started from `specs`, same order): saves each chain's state under `stateDir`
 * and restarts a node that exits unexpectedly. `onGiveUp` is called when a node cannot be brought
 * back (it died too often, or anvil would not start).
 */
export async function superviseNodes(options: {
  readonly nodes: readonly AnvilNode[]
  readonly specs: readonly SupervisedNode[]
  readonly stateDir: string
  readonly log: (line: string) => void
  readonly onGiveUp: (reason: string) => void
}): Promise<Supervisor> {
  const { specs, stateDir, log } = options
  await rm(stateDir, { recursive: true, force: true })
  await mkdir(stateDir, { recursive: true })
  const running = [...options.nodes]
  const savedBlock = new Map<string, bigint>()
  const restarts = new Map<string, number[]>()
  const watchdogs: (() => void)[] = []
  let stopping = false
  let saving: Promise<void> = Promise.resolve()

  const stateFile = (spec: SupervisedNode) => join(stateDir, `${spec.slug}.state.json`)
  // Each node holds its dump's chain now: nothing to save until it grows.
  await Promise.all(
    specs.map(async (spec, index) => {
      const node = running[index]
      if (node) savedBlock.set(spec.slug, BigInt(await rpc<string>(node.rpcUrl, 'eth_blockNumber')))
    }),
  )

  async function save(index: number): Promise<void> {
    const spec = specs[index]
    const node = running[index]
    if (!spec || !node || node.process.exitCode !== null || node.process.signalCode !== null) return
    const head = BigInt(await rpc<string>(node.rpcUrl, 'eth_blockNumber'))
    if (savedBlock.get(spec.slug) === head) return
    const dump = await rpc<`0x${string}`>(node.rpcUrl, 'anvil_dumpState')
    const bytes = Buffer.from(dump.slice(2), 'hex')
    // anvil answers gzip; --load-state reads JSON
    const json = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes
    const file = stateFile(spec)
    await writeFile(`${file}.tmp`, json)
    await rename(`${file}.tmp`, file)
    savedBlock.set(spec.slug, head)
  }

  const timer = setInterval(() => {
    saving = saving.then(async () => {
      for (let i = 0; i < specs.length && !stopping; i++) {
        // a node that is down or busy is saved on the next round
        await save(i).catch(() => {})
      }
    })
  }, SAVE_INTERVAL_MS)

  async function restart(index: number, how: string): Promise<void> {
    const spec = specs[index]
    if (!spec || stopping) return
    const now = Date.now()
    const recent = (restarts.get(spec.slug) ?? []).filter((t) => now - t < 60_000)
    if (recent.length >= RESTARTS_PER_MINUTE) {
      options.onGiveUp(`${spec.slug}: its node died ${recent.length + 1} times within a minute`)
      return
    }
    restarts.set(spec.slug, [...recent, now])
    const file = existsSync(stateFile(spec)) ? stateFile(spec) : spec.initialState
    log(`${spec.slug}: node exited (${how}); restarting it from block ${savedBlock.get(spec.slug) ?? '?'}`)
    try {
      const node = await startAnvil({ port: spec.port, chainId: spec.chainId, loadState: file })
      if (stopping) {
        await node.stop()
        return
      }
      running[index] = node
      watchdogs.push(startOrphanWatchdog([node.pid]))
      watch(index)
      log(`${spec.slug}: node back on ${node.rpcUrl}`)
    } catch (error) {
      options.onGiveUp(`${spec.slug}: its node could not be restarted: ${(error as Error).message}`)
    }
  }

  function watch(index: number): void {
    const node = running[index]
    node?.process.once('exit', (code, signal) => {
      // Ctrl-C and SIGTERM reach the nodes with the rest of npm start's process group: a stop
      // asked for, not a death.
      const asked = signal === 'SIGINT' || signal === 'SIGTERM' || code === 0
      if (!stopping && !asked) void restart(index, signal ?? `code ${code}`)
    })
  }
  specs.forEach((_, index) => {
    watch(index)
  })

  return {
    nodes: () => running,
    async stop() {
      stopping = true
      clearInterval(timer)
      await saving
      for (const cancel of watchdogs) cancel()
      await Promise.all(running.map((node) => node.stop()))
    },
  }
}
