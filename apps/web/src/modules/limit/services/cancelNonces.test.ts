import assert from 'node:assert/strict'
import { test } from 'node:test'
import { nonceInvalidations } from './cancelNonces.ts'

test('behavior: selected nonces become one Permit2 invalidation per 256-bit word', () => {
  assert.deepEqual(nonceInvalidations([5n * 256n + 7n]), [{ wordPos: 5n, mask: 1n << 7n }])
  assert.deepEqual(nonceInvalidations([3n, 0n, 256n + 255n, 3n]), [
    { wordPos: 0n, mask: (1n << 3n) | 1n },
    { wordPos: 1n, mask: 1n << 255n },
  ])
  assert.deepEqual(nonceInvalidations([]), [])
  assert.throws(() => nonceInvalidations([-1n]), RangeError)
})
