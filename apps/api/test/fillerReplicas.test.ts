/**
 * Filler liveness shared by API replicas: two API processes (src/server.ts, as `npm start` runs
 * it) on one PostgreSQL server (DATABASE_URL, or a throwaway server of Debian's binaries) over the
 * devnet (ethereum, port base 27100; the APIs on 27190 and 27191). The filler's heartbeat posted to
 * one replica makes the other offer the gasless route too; the same heartbeat posted to the other
 * is refused as replayed (recorded once). Never skipped under CI.
 */
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { after, before, test } from 'node:test'
import {
  type Devnet,
  postgresSkipReason,
  startDevnet,
  startTestPostgres,
  type TestPostgres,
} from '@oxbow/devnet'
import type { NetworkDeployment } from '@oxbow/protocol'
import { createFiller } from '../src/orders/filler.ts'
import { LIVENESS_REFRESH_MS } from '../src/orders/fillerLiveness.ts'
import { type Json, seededToken, silent } from './kit.ts'

const PORT_BASE = 27100
const PORTS = [27190, 27191] as const
const skip = postgresSkipReason()
let devnet: Devnet
let eth: NetworkDeployment
let postgres: TestPostgres
const children: ChildProcess[] = []

/** An API process on `port` over the devnet and the PostgreSQL server; resolves once it is ready. */
function startApi(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      OXBOW_MANIFEST: devnet.manifestPath,
      OXBOW_API_PORT: String(port),
      DATABASE_URL: postgres.url,
      OXBOW_ROUTE_THREADS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return new Promise((ready, reject) => {
    let output = ''
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (/^ready /m.test(output)) ready(child)
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    child.once('exit', (code) => reject(new Error(`API on ${port} exited (${code}): ${output.slice(-2000)}`)))
  })
}

before(async () => {
  if (skip) return
  postgres = await startTestPostgres({ ownServer: true })
  devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
  eth = devnet.manifest.networks.ethereum as NetworkDeployment
  // one after the other: the second finds the schema migrated
  for (const port of PORTS) await startApi(port)
})
after(async () => {
  for (const child of children) child.kill('SIGTERM')
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)))
  await devnet?.stop()
  await postgres?.stop()
})

async function post(port: number, path: string, body: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(`http://127.0.0.1:${port}/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: res.status === 204 ? null : await res.json() }
}

/** Whether the replica on `port` offers the gasless route for a USDC -> DAI sell. */
async function gaslessOffered(port: number): Promise<boolean> {
  const q = await post(port, '/quote', {
    network: 'ethereum',
    type: 'EXACT_INPUT',
    slippage: 'auto',
    tokenIn: seededToken(eth, 'USDC').address,
    tokenOut: seededToken(eth, 'DAI').address,
    amount: '2000000000',
  })
  assert.equal(q.status, 200, JSON.stringify(q.json))
  return q.json.gasless !== undefined
}

test('behavior: a heartbeat posted to one replica makes the other offer the gasless route; replayed to it, it is refused', {
  skip,
}, async () => {
  const [a, b] = PORTS
  assert.equal(await gaslessOffered(a), false, 'no filler heard yet (A)')
  assert.equal(await gaslessOffered(b), false, 'no filler heard yet (B)')
  const heartbeat = await createFiller({ deployment: eth, log: silent }).heartbeat()
  assert.ok(heartbeat, 'the devnet filler holds ETH and reaches its network')
  const beat = await post(a, '/orders/filler/heartbeat', heartbeat)
  assert.equal(beat.status, 204, JSON.stringify(beat.json))
  assert.equal(await gaslessOffered(a), true, 'A heard the filler')
  // B reads the heartbeats from the database within LIVENESS_REFRESH_MS
  await new Promise((r) => setTimeout(r, LIVENESS_REFRESH_MS + 500))
  assert.equal(await gaslessOffered(b), true, 'B offers the gasless route from the heartbeat A recorded')
  const replayed = await post(b, '/orders/filler/heartbeat', heartbeat)
  assert.equal(replayed.status, 409, JSON.stringify(replayed.json))
  assert.equal(replayed.json.error.code, 'SIGNATURE_REPLAYED')
})
