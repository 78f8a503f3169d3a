import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ManifestError, parseManifest } from './manifest.ts'

test('error: an invalid manifest names the problem and the fix', () => {
  assert.throws(
    () => parseManifest({ version: 999 }, 'test manifest'),
    (error: unknown) =>
      error instanceof ManifestError &&
      /test manifest is invalid \(version/.test(error.message) &&
      /--fresh/.test(error.message),
  )
})
