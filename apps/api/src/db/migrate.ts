/**
 * Migrations per module: each module owns an ordered list of SQL steps, applied once each, in one
 * transaction per step, recorded in `schema_migrations` (module, step). Steps are append-only: a
 * released step is never edited, a change is a new step.
 */
import type { Database } from './database.ts'

export interface Migration {
  /** Stable name, e.g. '001_orders'. */
  readonly name: string
  readonly sql: string
}

export async function migrate(db: Database, module: string, migrations: readonly Migration[]): Promise<void> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       module text NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (module, name))`,
  )
  for (const migration of migrations) {
    await db.transaction(async (tx) => {
      // Two API replicas starting together: the advisory lock makes the second wait, then skip.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${module}/${migration.name}`])
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE module = $1 AND name = $2', [
        module,
        migration.name,
      ])
      if (done.length > 0) return
      for (const statement of migration.sql.split(/;\s*$/m).filter((s) => s.trim())) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (module, name) VALUES ($1, $2)', [module, migration.name])
    })
  }
}

/**
 * A module's migrations, run once on the first call (a stack that never uses the module pays
 * nothing) and again on the next call if that run failed.
 */
export function migrateOnce(
  db: Database,
  module: string,
  migrations: readonly Migration[],
): () => Promise<void> {
  let migrated: Promise<void> | null = null
  return () => {
    migrated ??= migrate(db, module, migrations).catch((error: unknown) => {
      migrated = null
      throw error
    })
    return migrated
  }
}
