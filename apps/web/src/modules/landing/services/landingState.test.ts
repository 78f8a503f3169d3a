import assert from 'node:assert/strict'
import { test } from 'node:test'
import { shouldLeaveLanding } from './landingState.ts'

test('behavior: connecting from the open connect modal leaves the landing', () => {
  assert.equal(
    shouldLeaveLanding({ connected: false, modalOpen: true }, { connected: true, modalOpen: true }),
    true,
  )
  assert.equal(
    shouldLeaveLanding({ connected: false, modalOpen: true }, { connected: true, modalOpen: false }),
    true,
    'the modal closing in the same step still counts',
  )
})

test('behavior: a restored connection or an already connected wallet stays on the landing', () => {
  assert.equal(
    shouldLeaveLanding({ connected: false, modalOpen: false }, { connected: true, modalOpen: false }),
    false,
  )
  assert.equal(
    shouldLeaveLanding({ connected: true, modalOpen: true }, { connected: true, modalOpen: true }),
    false,
  )
  assert.equal(
    shouldLeaveLanding({ connected: false, modalOpen: true }, { connected: false, modalOpen: false }),
    false,
  )
})
