/**
 * A throwaway PostgreSQL server for tests (Debian's binaries, run as the postgres user on loopback,
 * data in a temporary directory), stopped by its pid.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TestPostgres {
  readonly url: string
  stop(): Promise<void>
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const version = readdirSync(root).sort().at(-1)
  return version ? join(root, version, 'bin') : null
}

/** True when a postgres binary is installed (tests skip the server variant otherwise). */
export const hasPostgres = binDir() !== null

export async function startPostgres(port: number): Promise<TestPostgres> {
  const bin = binDir()
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql')
  const dir = mkdtempSync(join(tmpdir(), 'oxbow-pg-'))
  const asRoot = process.getuid?.() === 0
  const uid = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined
  const gid = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString()) : undefined
  if (uid !== undefined && gid !== undefined) chownSync(dir, uid, gid)
  const user = { ...(uid === undefined ? {} : { uid }), ...(gid === undefined ? {} : { gid }) }
  const data = join(dir, 'data')
  execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'oxbow', '--auth=trust', '-E', 'UTF8'], {
    ...user,
    stdio: 'ignore',
  })
  const child: ChildProcess = spawn(
    join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off'],
    { ...user, stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let log = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString()
  })
  const deadline = Date.now() + 20_000
  while (!/ready to accept connections/.test(log)) {
    if (child.exitCode !== null) throw new Error(`postgres exited:\n${log}`)
    if (Date.now() > deadline) throw new Error(`postgres not ready:\n${log}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url: `postgres://oxbow@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGINT')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
