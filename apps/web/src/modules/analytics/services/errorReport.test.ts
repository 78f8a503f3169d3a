import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createErrorId, errorReportProperties } from './errorReport.ts'

test('behavior: error ids are 32 hex digits, a new one each time', () => {
  const ids = new Set(Array.from({ length: 50 }, () => createErrorId()))
  assert.equal(ids.size, 50)
  for (const id of ids) assert.match(id, /^[0-9a-f]{32}$/)
  assert.equal(
    createErrorId((bytes) => bytes.fill(0xab)),
    'ab'.repeat(16),
  )
})

test('behavior: a report carries the id, the path and the error, strings cut to what the API keeps', () => {
  assert.deepEqual(errorReportProperties(new TypeError('x is undefined'), 'id1', '/explore'), {
    errorId: 'id1',
    path: '/explore',
    errorName: 'TypeError',
    message: 'x is undefined',
  })
  const long = errorReportProperties('z'.repeat(2000), 'id2', '/')
  assert.equal(long.errorName, 'string')
  assert.equal(String(long.message).length, 500)
})
