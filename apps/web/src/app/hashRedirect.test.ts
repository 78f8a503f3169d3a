import assert from 'node:assert/strict'
import { test } from 'node:test'
import { hashRedirectTarget } from './hashRedirect.ts'

test('behavior: "/" with a hash path redirects to that path', () => {
  assert.equal(hashRedirectTarget(new URL('http://localhost/#/swap?chain=base')), '/swap?chain=base')
  assert.equal(hashRedirectTarget(new URL('http://localhost/#top')), null)
  assert.equal(hashRedirectTarget(new URL('http://localhost/swap#/explore')), null)
})
