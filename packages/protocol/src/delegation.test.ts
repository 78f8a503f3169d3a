import assert from 'node:assert/strict'
import { test } from 'node:test'
import { delegateOf } from './delegation.ts'

test('behavior: reads the delegate from a 7702 designator, nothing from other code', () => {
  const target = '0x4Cd241E8d1510e30b2076397afc7508Ae59C66c9'
  assert.equal(delegateOf(`0xef0100${target.slice(2).toLowerCase()}`), target)
  assert.equal(delegateOf(undefined), null)
  assert.equal(delegateOf('0x'), null)
  assert.equal(delegateOf(`0xef0100${'0'.repeat(40)}`), null, 'a cleared delegation')
  assert.equal(delegateOf(`0x6080${target.slice(2)}00`), null, 'contract code of the same length')
  assert.equal(delegateOf(`0xef0100${target.slice(2)}00`), null, 'too long')
})
