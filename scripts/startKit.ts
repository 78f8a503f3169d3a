/**
 * What the `npm start` tests share: whether a loopback port serves, where their state lives, and
 * stopping the stack as a user does (Ctrl-C).
 */
import assert from 'node:assert/strict'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A fresh directory for a test's service state (the indexer's and the API's PGlite), in RAM-backed
 * /dev/shm where there is one: the same on-disk PGlite code path (files, restarts from them), without
 * its synchronous page writes waiting on the disk (they took two thirds of an indexer's cold start).
 */
export function stateDir(prefix: string): string {
  return mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), prefix))
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.once('error', () => done(false))
  })
}

/** Ctrl-C: `npm start` exits with 0 and leaves none of `ports` listening. */
export async function interruptAndCheckFree(
  child: ChildProcess,
  ports: Record<string, number>,
): Promise<void> {
  child.kill('SIGINT')
  const [code] = await once(child, 'exit')
  assert.equal(code, 0)
  for (const port of Object.values(ports)) assert.equal(await portOpen(port), false, `port ${port} is free`)
}

/** On a failure, stops the stack the way a user would (at most 15 s), so no service outlives the test. */
export async function stopIfRunning(child: ChildProcess): Promise<void> {
  if (child.exitCode === null) {
    child.kill('SIGINT')
    await Promise.race([once(child, 'exit'), new Promise((r) => setTimeout(r, 15_000))])
  }
}
