/**
 * A new on-disk PGlite data directory starts as a copy of a pristine cluster, made once per PGlite
 * version (and settings) by PGlite itself, instead of running PGlite's initdb again: initdb took
 * 6-10 s of every fresh database on the loaded 2-core machine (the API's start in each e2e file, the
 * indexer's cold start), copying the 27 MB 0.2-0.3 s and opening the copy under 1 s.
 *
 * The template lives in the machine's temporary directory, named by PGlite's version and a hash of
 * its settings. It is built in a directory of its own and renamed into place, so processes seeding
 * at the same time never see half of one (the loser of the race uses the winner's).
 */
import { createHash, randomUUID } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * The settings every Oxbow PGlite database gets in its postgresql.conf (PGlite's own command-line
 * settings, e.g. `synchronous_commit=on`, outrank the file). PGlite runs PostgreSQL in single-user
 * mode, without a checkpointer: at the default max_wal_size (64 MB here) the backend itself
 * checkpoints, writing every dirty page, every ~20 MB of WAL, and then logs each page it touches
 * again in full; a new WAL segment was first written with 16 MB of zeros. Crash safety is unchanged
 * (WAL is still written before the data pages; a crash replays at most 256 MB of it).
 */
export const PGLITE_CONF = `
# Oxbow (@oxbow/pglite)
max_wal_size = 256MB
wal_init_zero = off
`

/** The installed PGlite's version (its package.json is not in its exports: found from its entry). */
const pgliteVersion = (): string => {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  for (;;) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string }
      if (pkg.name === '@electric-sql/pglite') return pkg.version
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error('@electric-sql/pglite is not installed (npm ci)')
    dir = parent
  }
}

/** Where this machine's template for the installed PGlite and PGLITE_CONF is (or will be). */
export function pgliteTemplateDir(root: string = tmpdir()): string {
  const settings = createHash('sha256').update(PGLITE_CONF).digest('hex').slice(0, 8)
  return join(root, `oxbow-pglite-template-${pgliteVersion()}-${settings}`)
}

async function buildTemplate(template: string): Promise<void> {
  // A name no other build uses, in this process or another (two seeds at once in one process
  // once shared a pid-and-millisecond name, and one removed the other's half-made cluster).
  const building = `${template}.${process.pid}.${randomUUID()}`
  rmSync(building, { recursive: true, force: true })
  mkdirSync(building, { recursive: true })
  try {
    const { PGlite } = await import('@electric-sql/pglite')
    const db = new PGlite(building)
    await db.waitReady
    await db.close()
    rmSync(join(building, 'postmaster.pid'), { force: true })
    const conf = join(building, 'postgresql.conf')
    writeFileSync(conf, readFileSync(conf, 'utf8') + PGLITE_CONF)
    try {
      renameSync(building, template)
    } catch {
      // Another process made it meanwhile: theirs is as good.
    }
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
}

/** One build per template in this process, however many seeds wait for it. */
const builds = new Map<string, Promise<void>>()
function templateBuilt(template: string): Promise<void> {
  let build = builds.get(template)
  if (!build) {
    build = buildTemplate(template).finally(() => builds.delete(template))
    builds.set(template, build)
  }
  return build
}

/**
 * Fills `dataDir` with a new database when it is missing or empty; a directory that already holds
 * something (a database to resume) is left alone. `templateRoot` overrides where the template is
 * kept (tests).
 */
export async function seedPgliteDirectory(dataDir: string, templateRoot?: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return
  const template = pgliteTemplateDir(templateRoot)
  if (!existsSync(join(template, 'PG_VERSION'))) await templateBuilt(template)
  cpSync(template, dataDir, { recursive: true })
}
