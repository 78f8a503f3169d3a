/**
 * The databases the API's store suites run on: embedded PGlite always, and a PostgreSQL server
 * when one can be started (`postgresSkipReason` of @oxbow/devnet says why not).
 */
import { after, before } from 'node:test'
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '@oxbow/devnet'
import { createDatabase, type Database } from '../src/db/index.ts'

export interface TestDatabase {
  readonly name: string
  readonly open: (schema: string) => Promise<Database>
}

/** PGlite, and the server `server()` returns (read when a suite opens it, after `before` started it). */
export function testDatabases(server: () => TestPostgres | null): TestDatabase[] {
  return [
    { name: 'PGlite', open: (schema) => createDatabase({ schema }) },
    ...(!postgresSkipReason()
      ? [
          {
            name: 'PostgreSQL server',
            open: (schema: string) => createDatabase({ url: server()?.url, schema }),
          },
        ]
      : []),
  ]
}

/**
 * {@link testDatabases} for a test file: registers hooks that start the PostgreSQL server (where one
 * can run) before the file's tests and stop it after them.
 */
export function fileDatabases(): TestDatabase[] {
  let postgres: TestPostgres | null = null
  before(async () => {
    if (!postgresSkipReason()) postgres = await startTestPostgres()
  })
  after(async () => {
    await postgres?.stop()
  })
  return testDatabases(() => postgres)
}

/** Drops a suite's schema (what it wrote) and closes the database. */
export async function dropTestDatabase(db: Database): Promise<void> {
  await db.query(`DROP SCHEMA ${db.schema} CASCADE`).catch(() => {})
  await db.close()
}
