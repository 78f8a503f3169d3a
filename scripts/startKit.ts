/** What the `npm start` tests share: whether a loopback port serves, and where their state lives. */
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
