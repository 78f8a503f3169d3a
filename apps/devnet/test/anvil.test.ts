/**
 * anvil's persisted states stay in a directory of ours and go when the node goes, however it ends
 * (stop, kill -9, or a test process that died before it could clean up).
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { ANVIL_CACHE_ROOT, startAnvil, sweepAnvilCaches } from '../src/anvil.ts'

const PORT = 38_545

async function untilGone(path: string): Promise<void> {
  for (let i = 0; i < 100 && existsSync(path); i++) await new Promise((r) => setTimeout(r, 20))
}

test('a stopped node leaves no cache directory', async () => {
  const node = await startAnvil({ port: PORT, chainId: 31_337 })
  assert.ok(node.cacheDir.startsWith(ANVIL_CACHE_ROOT), node.cacheDir)
  assert.ok(existsSync(node.cacheDir))
  await node.stop()
  assert.equal(existsSync(node.cacheDir), false)
})

test('a node killed with SIGKILL leaves no cache directory', async () => {
  const node = await startAnvil({ port: PORT, chainId: 31_337 })
  process.kill(node.pid, 'SIGKILL')
  await untilGone(node.cacheDir)
  assert.equal(existsSync(node.cacheDir), false)
})

test("a dead process's cache directory is swept, a live one's is kept", async () => {
  const dead = spawn('true')
  await new Promise((r) => dead.once('exit', r))
  const orphan = join(ANVIL_CACHE_ROOT, `${dead.pid}-orphan`)
  const ours = join(ANVIL_CACHE_ROOT, `${process.pid}-mine`)
  mkdirSync(orphan, { recursive: true })
  mkdirSync(ours, { recursive: true })
  sweepAnvilCaches()
  assert.equal(existsSync(orphan), false)
  assert.equal(existsSync(ours), true)
  rmSync(ours, { recursive: true })
})
