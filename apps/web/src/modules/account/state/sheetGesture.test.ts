import assert from 'node:assert/strict'
import { test } from 'node:test'
import { DRAWER_DEFAULT_WIDTH, SWIPE_COMMIT, sheetOffset } from './sheetGesture.ts'

test('behavior: the sheet follows a drag down and resists one up by 2.5', () => {
  assert.equal(sheetOffset(120), 120)
  assert.equal(sheetOffset(0), 0)
  assert.equal(sheetOffset(-100), -40)
})

test('behavior: a swipe commits after half the drawer default width', () => {
  assert.equal(SWIPE_COMMIT, DRAWER_DEFAULT_WIDTH / 2)
  assert.equal(SWIPE_COMMIT, 100)
})
