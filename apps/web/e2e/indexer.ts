/**
 * The real indexer for browser suites: apps/indexer's `serve` script as a child process in its own
 * process group over a test devnet (spawned: web tests import no other app), on a throwaway
 * PostgreSQL server of its own where Debian's binaries are installed, else on embedded PGlite kept in memory (`memory://`, PGlite's own
 * name for it: on disk its synchronous page writes tripled the start). About 20–45 s to index
 * ethereum and base on 2 cores, more when the machine is busy.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { hasPostgresBinaries, startTestPostgres } from '@oxbow/devnet'

export interface RunningIndexer {
  /** The GraphQL endpoint. */
  readonly url: string
  /**
   * Holds the indexer's processes still (SIGSTOP) for `ms`, then lets them go on (SIGCONT): its
   * answers arrive that much later, the way a slow data API's do.
   */
  suspend(ms: number): Promise<void>
  stop(): Promise<void>
}

export async function startIndexer(options: {
  manifestPath: string
  port: number
  networks: readonly string[]
}): Promise<RunningIndexer> {
  // A PostgreSQL server of its own where Debian's is installed (CI): a cold start costs about a
  // quarter less CPU than on PGlite (27.7 s against 38.1 s, devnet and server included) and a third
  // less time. Never a developer's DATABASE_URL, whose schema other suites would share.
  const postgres = hasPostgresBinaries() ? await startTestPostgres({ ownServer: true }) : undefined
  const { DATABASE_URL: _ignored, ...env } = process.env
  // node with tsx's loader, as the indexer's own suites run it: `npx tsx` cost 2-3 s more to start
  // on the busy machine (npx, then the tsx command's own node process).
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, '../../indexer/scripts/serve.ts')],
    {
      // Its own process group: stopping it by -pid reaches Ponder too.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        OXBOW_MANIFEST: options.manifestPath,
        OXBOW_INDEXER_PORT: String(options.port),
        OXBOW_INDEXER_DATA_DIR: 'memory://',
        OXBOW_INDEXER_NETWORKS: options.networks.join(','),
        // The browser, the API's price reads and the test's own polling are all one client
        // (127.0.0.1) here: never rate limited (the limit has its own test in apps/indexer).
        OXBOW_INDEXER_RATE_LIMIT_PER_MINUTE: '1000000',
        OXBOW_INDEXER_RATE_LIMIT_BURST: '100000',
      },
    },
  )
  // Its own process group, so a test process or launcher that exits without stop() takes it down.
  const killGroup = () => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
    } catch {}
  }
  process.once('exit', killGroup)
  const stop = async () => {
    process.off('exit', killGroup)
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      process.kill(-child.pid, 'SIGTERM')
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))])
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
    }
    await postgres?.stop()
  }
  const suspend = async (ms: number) => {
    if (!child.pid || child.exitCode !== null) throw new Error('the indexer is not running')
    process.kill(-child.pid, 'SIGSTOP')
    try {
      await new Promise((done) => setTimeout(done, ms))
    } finally {
      process.kill(-child.pid, 'SIGCONT')
    }
  }
  const output: string[] = []
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`indexer not ready in 420 s:\n${output.join('')}`)),
        // ready means caught up with the chain head (the launcher's check), slower on a busy machine
        420_000,
      )
      child.stdout?.on('data', (chunk: Buffer) => {
        output.push(String(chunk))
        if (/^ready /m.test(String(chunk))) {
          clearTimeout(timer)
          ready()
        }
      })
      child.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)))
      child.on('exit', (code) => {
        clearTimeout(timer)
        fail(new Error(`indexer exited (${code}):\n${output.join('')}`))
      })
    })
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `http://127.0.0.1:${options.port}/graphql`, suspend, stop }
}

/** Waits until the indexer values `owner`'s portfolio (it has caught up with the devnet's history). */
export async function waitForPortfolio(
  graphqlUrl: string,
  owner: string,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = ''
  for (;;) {
    const response = await fetch(graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ portfolio(owner: "${owner}") { totalValueUsd } }` }),
    }).catch((error: unknown) => String(error))
    last = typeof response === 'string' ? response : await response.text()
    if (/"totalValueUsd":"[1-9]/.test(last)) return
    if (Date.now() > deadline) throw new Error(`indexer not serving the portfolio: ${last.slice(0, 500)}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
