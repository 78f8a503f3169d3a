import assert from 'node:assert/strict'
import { test } from 'node:test'
import { passkeyDateOptions, passkeyLabel } from './passkeyDisplay.ts'

test("behavior: a known provider is its own label; any other is 'Passkey N', N its place in the list from 1", () => {
  assert.equal(passkeyLabel({ provider: 'iCloud' }, 0), 'iCloud')
  assert.equal(passkeyLabel({ provider: 'Android' }, 3), 'Android')
  assert.equal(passkeyLabel({ provider: 'Other' }, 0), 1)
  assert.equal(passkeyLabel({ provider: 'Other' }, 2), 3)
})

test('behavior: the creation date omits the year in the current year only', () => {
  const now = new Date(2026, 10, 28, 12)
  const format = (at: Date) => new Intl.DateTimeFormat('en-US', passkeyDateOptions(at, now)).format(at)
  assert.equal(format(new Date(2026, 0, 1, 0, 0)), 'Jan 1')
  assert.equal(format(new Date(2026, 11, 31, 23, 59)), 'Dec 31')
  assert.equal(format(new Date(2025, 11, 31, 23, 59)), 'Dec 31, 2025')
  assert.equal(format(new Date(2027, 0, 2)), 'Jan 2, 2027')
})
