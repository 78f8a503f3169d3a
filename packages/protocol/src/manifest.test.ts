import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { loadManifest, loadManifestSync, ManifestError, parseManifest } from './manifest.ts'

test('error: an invalid manifest names the problem and the fix', () => {
  assert.throws(
    () => parseManifest({ version: 999 }, 'test manifest'),
    (error: unknown) =>
      error instanceof ManifestError &&
      /test manifest is invalid \(version/.test(error.message) &&
      /--fresh/.test(error.message),
  )
})

test('error: both loaders name a missing or non-JSON manifest and the fix, the same way', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oxbow-manifest-'))
  try {
    const missing = join(dir, 'missing.json')
    const broken = join(dir, 'broken.json')
    writeFileSync(broken, '{"version":')
    for (const [path, message] of [
      [missing, `No deployment manifest at ${missing}. Start the devnet first: npm start`],
      [broken, `${broken} is not valid JSON. Rebuild it with: npm start -- --fresh`],
    ] as const) {
      assert.throws(() => loadManifestSync(path), { name: 'ManifestError', message })
      await assert.rejects(loadManifest(path), { name: 'ManifestError', message })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
