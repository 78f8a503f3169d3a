import assert from 'node:assert/strict'
import { test } from 'node:test'
import { uploadStatus } from './uploadStatus.ts'

test('behavior: maps HTTP statuses to the spec upload statuses', () => {
  const cases: [number | undefined, string][] = [
    [200, 'success'],
    [202, 'success'],
    [299, 'success'],
    [429, 'rate_limit'],
    [413, 'payload_too_large'],
    [408, 'timeout'],
    [400, 'invalid'],
    [404, 'invalid'],
    [499, 'invalid'],
    [500, 'failed'],
    [503, 'failed'],
    [301, 'unknown'],
    [100, 'unknown'],
    [undefined, 'unknown'],
    [Number.NaN, 'unknown'],
  ]
  for (const [status, expected] of cases) assert.equal(uploadStatus(status), expected, `status ${status}`)
})
