/**
 * Runs browser suite files one after another with one devnet and indexer for all of them (the shard
 * launcher `npm test` uses; e2e/shared.ts):
 *
 *   tsx e2e/shard.ts e2e/swap.test.ts e2e/account.test.ts ...
 *
 * The indexer is the slow part of a file's stack (20-90 s to catch up with the devnet on 2 cores),
 * so it starts once per shard, before the first file that calls `startStack`, and the files get it
 * through OXBOW_E2E_SHARED; each file still starts its own API (fresh database), web server and
 * browser. Each file runs in its own `node --import tsx --test` process; between two files the launcher settles
 * the chain (automine on, nothing pending, the indexer at the head) and starts new shared parts if
 * the old ones stopped answering. Everything is stopped at the end, on failure and on Ctrl-C.
 *
 * OXBOW_E2E_SHARED_PORT_BASE: the shared devnet's port base (default 31300; the indexer on + 90).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { type RunningSharedParts, SHARED_ENV, settleSharedParts, startSharedParts } from './shared.ts'

const portBase = Number(process.env.OXBOW_E2E_SHARED_PORT_BASE ?? 31300)
const files = process.argv.slice(2)
if (files.length === 0) {
  console.error('usage: tsx e2e/shard.ts <test file>...')
  process.exit(2)
}

/**
 * Files that start the full stack, directly or through a kit they import (`stackForFile`,
 * `startDrawerStack`...): the others start their own parts, or none. A file's local imports are
 * followed, so a new kit over `startStack` shares the shard's parts without a list to keep.
 */
function usesStack(file: string, seen = new Set<string>()): boolean {
  const path = resolve(file)
  if (seen.has(path)) return false
  seen.add(path)
  const source = readFileSync(path, 'utf8')
  if (/(?<!function )\bstartStack\(/.test(source)) return true
  const imports = [...source.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)].map((match) => match[1] as string)
  return imports.some((local) => usesStack(resolve(dirname(path), local), seen))
}

let shared: RunningSharedParts | undefined
let current: ChildProcess | undefined
let stopping = false

async function stopShared(): Promise<void> {
  const parts = shared
  shared = undefined
  await parts?.stop()
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true
    try {
      if (current?.pid !== undefined) process.kill(-current.pid, 'SIGTERM')
    } catch {}
    void stopShared().finally(() => process.exit(130))
  })
}

async function ensureShared(): Promise<RunningSharedParts> {
  if (shared) return shared
  const started = performance.now()
  shared = await startSharedParts(portBase)
  console.log(`# shared devnet and indexer ready in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return shared
}

function runFile(file: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((done) => {
    // Its own process group: an interrupted run stops the file's servers and browser with it.
    // node with tsx's loader (the test runner passes it on to the file's process), not the tsx command
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-force-exit', file], {
      stdio: 'inherit',
      env,
      detached: true,
    })
    current = child
    child.on('close', (code, signal) => {
      current = undefined
      done(code ?? (signal ? 1 : 0))
    })
  })
}

const results: { file: string; ok: boolean; seconds: number }[] = []
const started = performance.now()
try {
  for (const file of files) {
    if (stopping) break
    const fileStarted = performance.now()
    let env: NodeJS.ProcessEnv = { ...process.env }
    if (usesStack(file)) {
      const parts = await ensureShared()
      env = {
        ...env,
        [SHARED_ENV]: JSON.stringify({ manifestPath: parts.manifestPath, graphqlUrl: parts.graphqlUrl }),
      }
    }
    const code = await runFile(file, env)
    if (stopping) break
    if (env[SHARED_ENV] && shared) {
      // The next file must find automine on and the indexer at the head; else new shared parts.
      await settleSharedParts(shared).catch(async (error: unknown) => {
        console.log(`# the shared parts did not settle after ${file}, starting new ones: ${String(error)}`)
        await stopShared()
      })
    }
    const seconds = (performance.now() - fileStarted) / 1000
    results.push({ file, ok: code === 0, seconds })
    console.log(`# ${file}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`)
  }
} finally {
  await stopShared()
}

const failed = results.filter((r) => !r.ok)
console.log(
  `# shard: ${results.length - failed.length} of ${files.length} files passed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
for (const { file, ok, seconds } of results)
  console.log(`#   ${ok ? 'ok  ' : 'FAIL'} ${file.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s`)
process.exitCode = failed.length > 0 || stopping || results.length < files.length ? 1 : 0
