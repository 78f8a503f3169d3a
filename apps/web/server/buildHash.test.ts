import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { resolveBuildHash } from './buildHash.ts'

test('behavior: the build hash is the checkout’s HEAD commit', () => {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
  }).trim()
  assert.equal(resolveBuildHash({}, import.meta.dirname), head)
  assert.match(head, /^[0-9a-f]{40}$/)
})

test('behavior: OXBOW_BUILD_HASH wins when it is a commit hash; anything else is ignored', () => {
  assert.equal(resolveBuildHash({ OXBOW_BUILD_HASH: 'ABCDEF1234567' }, import.meta.dirname), 'abcdef1234567')
  const head = resolveBuildHash({}, import.meta.dirname)
  assert.equal(resolveBuildHash({ OXBOW_BUILD_HASH: '<script>' }, import.meta.dirname), head)
})

test('error: outside a git checkout (a tarball) it is unknown, never a made-up hash', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'oxbow-no-git-'))
  try {
    assert.equal(resolveBuildHash({}, dir), 'unknown')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
