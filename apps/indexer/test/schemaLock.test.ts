/**
 * A warm restart resumes its PGlite directory without waiting for Ponder's own stale schema lock
 * (scripts/chainState.ts releaseSchemaLock; issue #16's 10 s warm restart): on a real PGlite
 * directory, the lock Ponder 1.0 leaves set after it stops is cleared, and a directory without
 * Ponder's tables is left alone.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { PGlite } from '@electric-sql/pglite'
import { releaseSchemaLock } from '../scripts/chainState.ts'

const root = mkdtempSync(join(tmpdir(), 'oxbow-schema-lock-'))
after(() => rmSync(root, { recursive: true, force: true }))

describe('releaseSchemaLock', () => {
  it("clears the lock of Ponder's app row and keeps the rest", async () => {
    const dir = join(root, 'locked')
    const db = new PGlite(dir)
    await db.query('CREATE SCHEMA oxbow')
    await db.query('CREATE TABLE oxbow._ponder_meta (key text PRIMARY KEY, value jsonb)')
    await db.query(
      `INSERT INTO oxbow._ponder_meta VALUES ('app', '{"is_locked": 1, "build_id": "b1", "heartbeat_at": 1}')`,
    )
    await db.close()
    await releaseSchemaLock(dir, 'oxbow')
    const reopened = new PGlite(dir)
    const { rows } = await reopened.query<{ value: { is_locked: number; build_id: string } }>(
      `SELECT value FROM oxbow._ponder_meta WHERE key = 'app'`,
    )
    await reopened.close()
    assert.equal(rows[0]?.value.is_locked, 0)
    assert.equal(rows[0]?.value.build_id, 'b1')
  })

  it("leaves a directory without Ponder's tables alone", async () => {
    await releaseSchemaLock(join(root, 'empty'), 'oxbow')
  })
})
