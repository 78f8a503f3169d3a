/**
 * Runs `scripts/serve.ts` (what `npm start` runs) as its own process group: the warm-start suite and
 * the warm-start benchmark share it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { indexerRoot } from '../scripts/launcher.ts'

export interface ServeOptions {
  readonly manifestPath: string
  readonly port: number
  /** The directory the on-disk PGlite database lives in (`<dataDir>/pglite`). */
  readonly dataDir: string
  readonly networks: readonly string[]
  /** The launcher to run (default `scripts/serve.ts`; a benchmark may measure another copy). */
  readonly script?: string | undefined
  /** More environment for the launcher. */
  readonly env?: Record<string, string>
  /** The output line `reached` waits for (default `ready`). */
  readonly until?: RegExp
  /** Sees every output line as it comes. */
  readonly onLine?: (line: string) => void
}

export interface ServeRun {
  readonly child: ChildProcess
  /** The output up to the line `until` matched; rejects with the output if `serve` exits first. */
  readonly reached: Promise<string[]>
  /** SIGTERM to the process group, resolved once `serve` exited. */
  readonly stop: () => Promise<void>
}

export function spawnServe(options: ServeOptions): ServeRun {
  const until = options.until ?? /^ready\b/
  const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'scripts/serve.ts'], {
    cwd: indexerRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      OXBOW_MANIFEST: options.manifestPath,
      OXBOW_INDEXER_PORT: String(options.port),
      OXBOW_INDEXER_DATA_DIR: join(options.dataDir, 'pglite'),
      OXBOW_INDEXER_NETWORKS: options.networks.join(','),
      ...options.env,
    },
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const lines: string[] = []
  const reached = new Promise<string[]>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line)
        options.onLine?.(line)
        if (until.test(line)) resolve(lines)
      })
    }
    child.once('exit', (code) => reject(new Error(`serve exited (code ${code}):\n${lines.join('\n')}`)))
  })
  const stop = async () => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM')
    } catch {}
    await exited
  }
  return { child, reached, stop }
}
