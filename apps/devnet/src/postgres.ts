/**
 * A throwaway PostgreSQL server for tests: DATABASE_URL when set (an existing server), else
 * Debian's binaries (/usr/lib/postgresql/<v>/bin) run as the `postgres` OS user on 127.0.0.1 and a
 * free port, in a temporary directory removed afterwards. No system service involved.
 */
import { execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TestPostgres {
  url: string
  stop(): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin/postgres')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : null
}

/**
 * Why the PostgreSQL run is skipped, or false when it runs. Only a developer's machine without a
 * server may skip it, and the skip names its reason; under CI (CI=true) it never skips, so a missing
 * server fails the suite instead of passing it silently.
 */
export function postgresSkipReason(): string | false {
  if (process.env.DATABASE_URL || binDir() !== null || process.env.CI) return false
  return 'no PostgreSQL server: set DATABASE_URL or apt-get install postgresql (CI never skips this run)'
}

/** Whether Debian's PostgreSQL binaries are installed (a throwaway server of our own can run). */
export function hasPostgresBinaries(): boolean {
  return binDir() !== null
}

/**
 * A PostgreSQL server for a test: the one at DATABASE_URL when set, unless `ownServer` asks for a
 * throwaway server of its own whatever DATABASE_URL says (a stack that must not share its schema).
 */
export async function startTestPostgres(options: { ownServer?: boolean } = {}): Promise<TestPostgres> {
  if (process.env.DATABASE_URL && !options.ownServer)
    return { url: process.env.DATABASE_URL, stop: async () => {} }
  const bin = binDir()
  if (!bin)
    throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)')
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const dir = mkdtempSync(join(tmpdir(), 'oxbow-pg-'))
  chownSync(dir, uid, gid)
  const dataDir = join(dir, 'data')
  execFileSync(
    'runuser',
    [
      '-u',
      'postgres',
      '--',
      join(bin, 'initdb'),
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
    ],
    {
      stdio: 'ignore',
    },
  )
  const port = await freePort()
  // Spawned directly with the postgres uid/gid so the pid we hold is the postmaster's.
  const server = spawn(
    join(bin, 'postgres'),
    [
      '-D',
      dataDir,
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'fsync=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'synchronous_commit=off',
    ],
    { uid, gid, stdio: 'ignore', detached: false },
  )
  let exited = false
  const exit = new Promise<void>((resolve) =>
    server.once('exit', () => {
      exited = true
      resolve()
    }),
  )
  const stop = async () => {
    if (!exited) {
      server.kill('SIGINT')
      const t = setTimeout(() => server.kill('SIGKILL'), 10_000)
      await exit
      clearTimeout(t)
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 30_000
  while (true) {
    try {
      execFileSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'], {
        stdio: 'ignore',
      })
      break
    } catch {
      if (exited || Date.now() > deadline) {
        await stop()
        throw new Error('PostgreSQL did not start')
      }
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, stop }
}
