import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_CONF, pgliteTemplateDir, seedPgliteDirectory } from './index.ts'

const scratch = mkdtempSync(join(tmpdir(), 'oxbow-pglite-test-'))
after(() => rmSync(scratch, { recursive: true, force: true }))
const templates = join(scratch, 'templates')

test('an empty or missing directory becomes a working database with the settings', async () => {
  mkdirSync(templates)
  const empty = join(scratch, 'empty')
  mkdirSync(empty)
  const missing = join(scratch, 'missing')
  const third = join(scratch, 'third')
  // Three seeds at once in one process share the one template build.
  await Promise.all([empty, missing, third].map((dir) => seedPgliteDirectory(dir, templates)))
  assert.ok(existsSync(join(pgliteTemplateDir(templates), 'PG_VERSION')), 'the template is kept')
  for (const dir of [empty, missing, third]) {
    assert.ok(readFileSync(join(dir, 'postgresql.conf'), 'utf8').endsWith(PGLITE_CONF))
    const db = new PGlite(dir)
    await db.exec('CREATE TABLE t (n int); INSERT INTO t VALUES (7)')
    const { rows } = await db.query<{ n: number }>('SELECT n FROM t')
    assert.deepEqual(rows, [{ n: 7 }])
    const setting = await db.query<{ max_wal_size: string }>('SHOW max_wal_size')
    assert.equal(setting.rows[0]?.max_wal_size, '256MB')
    await db.close()
  }
  // Each copy is its own database: the table made in one is not in the other or the template.
  const again = join(scratch, 'again')
  await seedPgliteDirectory(again, templates)
  const db = new PGlite(again)
  const { rows } = await db.query("SELECT 1 FROM pg_tables WHERE tablename = 't'")
  assert.equal(rows.length, 0)
  await db.close()
})

test('a directory that holds something is left alone', async () => {
  const used = join(scratch, 'used')
  mkdirSync(used)
  writeFileSync(join(used, 'keep'), 'x')
  await seedPgliteDirectory(used, templates)
  assert.equal(existsSync(join(used, 'PG_VERSION')), false)
  assert.equal(readFileSync(join(used, 'keep'), 'utf8'), 'x')
})
