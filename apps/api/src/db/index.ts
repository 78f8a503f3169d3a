/**
 * The API's own PostgreSQL storage, shared by its modules: embedded PostgreSQL (PGlite) by
 * default, a PostgreSQL server when `DATABASE_URL` is set. Every table lives in the `api` schema;
 * each module brings its migrations (`migrate`), applied once, in order, under a lock.
 */
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

export interface Queryable {
  /** Runs one statement with `$1`-style parameters; rows come back as plain objects. */
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface DbOptions {
  /** A PostgreSQL server (`postgres://...`). Absent: embedded PGlite. */
  readonly url?: string | undefined
  /** PGlite's data directory; absent: in memory (tests). */
  readonly dataDir?: string | undefined
}

export async function createDb(options: DbOptions = {}): Promise<Db> {
  const db = options.url ? createPostgresDb(options.url) : await createPgliteDb(options.dataDir)
  await db.query('CREATE SCHEMA IF NOT EXISTS api')
  await db.query(
    'CREATE TABLE IF NOT EXISTS api.migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  )
  return db
}

async function createPgliteDb(dataDir: string | undefined): Promise<Db> {
  const lite = dataDir ? new PGlite(dataDir) : new PGlite()
  await lite.waitReady
  return {
    kind: 'pglite',
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      return (await lite.query<Row>(sql, params as unknown[])).rows
    },
    // PGlite types its result as possibly undefined; it is whatever `fn` resolved to.
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) =>
      (await lite.transaction((tx) =>
        fn({
          async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<Row>(sql, params as unknown[])).rows
          },
        }),
      )) as T,
    close: () => lite.close(),
  }
}

function createPostgresDb(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  return {
    kind: 'postgres',
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      return (await pool.query(sql, params as unknown[])).rows as Row[]
    },
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({
          async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(sql, params as unknown[])).rows as Row[]
          },
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

/** Applies the named migrations not applied yet, in order; concurrent starters wait on a lock. */
export async function migrate(
  db: Db,
  migrations: readonly { readonly name: string; readonly sql: string }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('api.migrations'))")
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM api.migrations')).map((row) => row.name),
    )
    for (const migration of migrations) {
      if (done.has(migration.name)) continue
      for (const statement of migration.sql.split(/;\s*\n/).filter((s) => s.trim())) await tx.query(statement)
      await tx.query('INSERT INTO api.migrations (name) VALUES ($1)', [migration.name])
    }
  })
}
