import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createUrlWriteTracker } from './swapFormUrlSync.ts'

test('behavior: typing faster than the router: older writes delivered late are not outside changes', () => {
  const tracker = createUrlWriteTracker('value=')
  tracker.wrote('value=0.')
  tracker.wrote('value=0.1')
  tracker.wrote('value=0.13')
  // The router delivers the first write while two more are in flight: still ours (no re-read,
  // which would put '0.' back into the field and lose the '1').
  assert.equal(tracker.delivered('value=0.'), 'ours')
  // A superseded navigation is never delivered; the last one is.
  assert.equal(tracker.delivered('value=0.13'), 'ours')
  assert.equal(tracker.isCurrent('value=0.13'), true)
})

test('behavior: a URL the form did not write (back/forward, network selector) is read again', () => {
  const tracker = createUrlWriteTracker('chain=ethereum')
  tracker.wrote('chain=ethereum&value=1')
  assert.equal(tracker.delivered('chain=base'), 'outside')
  // What was in flight is forgotten: its late delivery would now be an outside change too.
  assert.equal(tracker.delivered('chain=ethereum&value=1'), 'outside')
})

test('behavior: the same URL again is not a change', () => {
  const tracker = createUrlWriteTracker('a')
  assert.equal(tracker.delivered('a'), 'ours')
  assert.equal(tracker.isCurrent('a'), true)
  tracker.wrote('b')
  assert.equal(tracker.isCurrent('a'), false, 'a write is in flight')
})
