/**
 * The API's database: embedded PostgreSQL (PGlite) by default, a PostgreSQL server when
 * DATABASE_URL is set. Both speak the same SQL; every module reaches its tables through this one
 * small interface, inside the API's own schema (search_path), and applies its own migrations.
 */

import { seedPgliteDirectory } from '@oxbow/pglite'
import pg from 'pg'
import { startPgliteThread } from './pgliteThread.ts'

export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  readonly schema: string
  /** Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; absent: embedded PGlite. */
  readonly url?: string | undefined
  /** PGlite's data directory; absent: in memory. */
  readonly dataDir?: string | undefined
  /** The schema holding the API's tables (created if missing). Default `oxbow_api`. */
  readonly schema?: string | undefined
}

const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/

export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const schema = options.schema ?? 'oxbow_api'
  if (!SCHEMA.test(schema)) throw new Error(`database schema must match ${SCHEMA}, got ${schema}`)
  return options.url ? createPostgres(options.url, schema) : createPglite(options.dataDir, schema)
}

async function createPglite(dataDir: string | undefined, schema: string): Promise<Database> {
  // A new directory (the default is .data/api/<port>) starts as a copy of the machine's PGlite
  // template instead of an initdb (@oxbow/pglite); an existing database is opened as it is.
  if (dataDir) await seedPgliteDirectory(dataDir)
  // PGlite runs in its own thread (pgliteThread.ts), off the event loop
  const thread = startPgliteThread(
    dataDir,
    `CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema};`,
  )
  await thread.connection().query('SELECT 1')
  // PGlite is one connection: statements run one at a time, so a transaction must not interleave
  // with queries from other requests. A promise chain serialises them.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn)
    queue = run.catch(() => {})
    return run
  }
  return {
    kind: 'pglite',
    schema,
    query: (sql, params) => serial(() => thread.connection().query(sql, params)),
    transaction: (fn) =>
      serial(async () => {
        // every statement of the transaction on the thread that began it
        const connection = thread.connection()
        await connection.exec('BEGIN')
        try {
          const result = await fn(connection)
          await connection.exec('COMMIT')
          return result
        } catch (error) {
          await connection.exec('ROLLBACK').catch(() => {})
          throw error
        }
      }),
    close: () => thread.close(),
  }
}

async function createPostgres(url: string, schema: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` })
  // numeric (token amounts) and int8 stay exact: strings, never JavaScript numbers.
  pool.on('error', () => {})
  await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
  return {
    kind: 'postgres',
    schema,
    query: async <Row extends object>(sql: string, params: readonly unknown[] = []) =>
      (await pool.query<Row>(sql, [...params])).rows,
    transaction: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({
          query: async <Row extends object>(sql: string, params: readonly unknown[] = []) =>
            (await client.query<Row>(sql, [...params])).rows,
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

/**
 * A database opened on first use: modules that may never be asked anything (a fiat module in a
 * test stack that only swaps) cost no start-up time or memory until their first query.
 */
export function lazyDatabase(options: DatabaseOptions): Database {
  let opening: Promise<Database> | null = null
  const open = () => {
    opening ??= createDatabase(options).catch((error) => {
      opening = null
      throw error
    })
    return opening
  }
  return {
    kind: options.url ? 'postgres' : 'pglite',
    schema: options.schema ?? 'oxbow_api',
    query: async (sql, params) => (await open()).query(sql, params),
    transaction: async (fn) => (await open()).transaction(fn),
    close: async () => {
      if (opening) await (await opening).close()
    },
  }
}
