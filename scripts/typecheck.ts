/**
 * `npm run typecheck`: `tsc --noEmit` over the root scripts and every workspace with a `typecheck`
 * script, OXBOW_TEST_JOBS at a time (default 2, one per core here; tsc uses one). The slowest
 * projects start first, so the run takes about as long as the web app's alone. Each project's
 * output is printed whole when it ends; any error fails the run after the others finish.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const tsc = join(root, 'node_modules/.bin/tsc')

/** Rough order of their time on this machine (web ≫ indexer ≈ api ≫ the rest): longest first. */
const FIRST = ['apps/web', 'apps/indexer', 'apps/api', 'apps/sandbox', 'apps/devnet']

function projects(): string[] {
  const found = ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group))
      .map((name) => `${group}/${name}`)
      .filter((dir) => {
        try {
          const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
            scripts?: Record<string, string>
          }
          return manifest.scripts?.typecheck !== undefined
        } catch {
          return false
        }
      }),
  )
  const rank = (dir: string) => (FIRST.includes(dir) ? FIRST.indexOf(dir) : FIRST.length)
  return [...found.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)), 'scripts']
}

const jobs = Number.parseInt(process.env.OXBOW_TEST_JOBS ?? '2', 10)
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error(`OXBOW_TEST_JOBS must be a positive integer, got "${process.env.OXBOW_TEST_JOBS}"`)
  process.exit(2)
}

/** A workspace runs its own `typecheck` script (its flags); the root scripts run tsc directly. */
function check(dir: string): Promise<boolean> {
  const started = performance.now()
  const [command, args] =
    dir === 'scripts'
      ? [tsc, ['--noEmit', '-p', 'scripts']]
      : ['npm', ['run', 'typecheck', '--silent', '-w', dir]]
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      process.stdout.write(Buffer.concat(output))
      console.log(`typecheck ${dir}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s`)
      resolve(code === 0)
    })
  })
}

const queue = projects()
const failed: string[] = []
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) if (!(await check(dir))) failed.push(dir)
  }),
)
if (failed.length > 0) {
  console.log(`typecheck failed in: ${failed.join(', ')}`)
  process.exitCode = 1
}
