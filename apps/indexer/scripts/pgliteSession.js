/**
 * Preloaded into the Ponder process (`node --import`, see `startIndexer`) when it indexes into
 * PGlite: every PGlite the process opens (Ponder's one database) turns `synchronous_commit` off for
 * its session before its first statement. PGlite hard-codes `synchronous_commit=on` on its
 * command line, which outranks postgresql.conf; a session `SET` outranks both, and PGlite is a
 * single session, so the setting holds for the database's lifetime.
 *
 * Why: with it on, every commit writes the WAL out (a write syscall per page) before returning; on
 * this on-disk database that made 2,000 autocommitted inserts take 8.4 s instead of 3.3 s, and
 * Ponder autocommits every statement of its sync store, its DDL and every store operation of a
 * realtime block. Off, a crash (kill -9) loses at most the last commits whose WAL was not yet
 * written, never consistency: the database comes back as it was a moment earlier, with Ponder's
 * checkpoints in the same state, and Ponder resumes from them (PostgreSQL's documented guarantee
 * for asynchronous commit). The data is a cache of the chain that `serve` rebuilds anyway whenever
 * it cannot resume it.
 */
import { PGlite } from '@electric-sql/pglite'

const SESSION = 'SET synchronous_commit = off'
/** Instances whose session is set (or being set: PGlite's own methods call each other meanwhile). */
const sessions = new WeakSet()
const proto = /** @type {Record<string, (...args: unknown[]) => Promise<unknown>>} */ (PGlite.prototype)
const exec = proto.exec
if (typeof exec !== 'function') throw new Error('pgliteSession: PGlite.prototype.exec is missing')

for (const method of ['query', 'exec', 'transaction']) {
  const original = proto[method]
  if (typeof original !== 'function') throw new Error(`pgliteSession: PGlite.prototype.${method} is missing`)
  proto[method] = async function (...args) {
    if (!sessions.has(this)) {
      sessions.add(this)
      await exec.call(this, SESSION)
    }
    return original.apply(this, args)
  }
}
