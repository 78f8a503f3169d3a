import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isHolidaySeason } from './holiday.ts'

test('behavior: holiday logo in December and on 1-7 January only', () => {
  assert.equal(isHolidaySeason(new Date(2026, 11, 1)), true)
  assert.equal(isHolidaySeason(new Date(2026, 11, 31)), true)
  assert.equal(isHolidaySeason(new Date(2027, 0, 1)), true)
  assert.equal(isHolidaySeason(new Date(2027, 0, 7, 23, 59)), true)
  assert.equal(isHolidaySeason(new Date(2027, 0, 8)), false)
  assert.equal(isHolidaySeason(new Date(2026, 10, 30)), false)
  assert.equal(isHolidaySeason(new Date(2026, 5, 15)), false)
})
