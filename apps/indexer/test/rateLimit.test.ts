/**
 * The data API's per-client rate limit against a real Ponder process (devnet ethereum, PGlite in
 * memory) whose limiter keeps its buckets in a real redis-server (Debian's, on a free port, stopped
 * by pid): a client over its burst gets a typed 429 with Retry-After; a bucket drained through
 * Redis by another process (a second replica, here the test) limits the indexer's next answer to
 * that client; with Redis gone the indexer still answers and still limits, per process.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { userFacingText } from '@oxbow/core'
import { redisSkipReason, startDevnet, startTestRedis, type TestRedis } from '@oxbow/devnet'
import { type RateLimits, redisRateLimits } from '@oxbow/rate-limit'
import type { IndexerHandle } from '../scripts/launcher.ts'
import { startTestIndexer } from './helpers.ts'

const PORT_BASE = 23500
const INDEXER_PORT = 23590
/** One token every 2 s: the launcher's readiness probe gets through; a test's burst does not refill. */
const LIMIT = { perMinute: 30, burst: 3 }

let devnet: Awaited<ReturnType<typeof startDevnet>>
let redis: TestRedis
let indexer: IndexerHandle
let replica: RateLimits
const output: string[] = []

/** A GraphQL request from `client` (the indexer trusts X-Forwarded-For here, as behind a proxy). */
async function ask(client: string) {
  const res = await fetch(indexer.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ query: '{ networks { network } }' }),
    signal: AbortSignal.timeout(10_000),
  })
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as {
      data?: unknown
      errors?: { message: string; extensions: { code: string; retryAfterSeconds?: number } }[]
    },
  }
}

/** `n` requests from one client at once: how many were answered and how many limited. */
async function burst(client: string, n: number) {
  const answers = await Promise.all(Array.from({ length: n }, () => ask(client)))
  return {
    ok: answers.filter((a) => a.status === 200).length,
    limited: answers.filter((a) => a.status === 429),
  }
}

describe('data API rate limit (shared limiter, Redis)', { skip: redisSkipReason() }, () => {
  before(async () => {
    redis = await startTestRedis()
    devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
    indexer = await startTestIndexer(devnet.manifestPath, INDEXER_PORT, {
      networks: ['ethereum'],
      onOutput: (line) => output.push(line),
      env: {
        REDIS_URL: redis.url,
        OXBOW_TRUST_PROXY: 'true',
        OXBOW_INDEXER_RATE_LIMIT_PER_MINUTE: String(LIMIT.perMinute),
        OXBOW_INDEXER_RATE_LIMIT_BURST: String(LIMIT.burst),
      },
    })
    replica = await redisRateLimits(redis.url, { error() {} })
  })

  after(async () => {
    await replica?.close()
    await indexer?.stop()
    await devnet?.stop()
    await redis?.stop()
  })

  it('behavior: a client over its burst gets HTTP 429 with Retry-After and the typed RATE_LIMIT_EXCEEDED error', async () => {
    const { ok, limited } = await burst('10.1.0.1', LIMIT.burst + 3)
    assert.equal(ok, LIMIT.burst)
    assert.equal(limited.length, 3)
    for (const answer of limited) {
      assert.equal(answer.retryAfter, '2')
      assert.deepEqual(answer.body, {
        errors: [
          {
            message: userFacingText({ code: 'RATE_LIMIT_EXCEEDED' }),
            extensions: { code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: 2 },
          },
        ],
      })
    }
    const other = await ask('10.1.0.2')
    assert.equal(other.status, 200, 'another client keeps its own bucket')
    assert.ok(other.body.data)
  })

  it('behavior: a bucket drained through Redis by another process limits the indexer too (one limit across replicas)', async () => {
    const store = replica.store('data-api', LIMIT)
    for (let i = 0; i < LIMIT.burst; i++) assert.equal(await store.take('10.1.0.3', Date.now()), 0)
    const answer = await ask('10.1.0.3')
    assert.equal(answer.status, 429)
    assert.equal(answer.body.errors?.[0]?.extensions.code, 'RATE_LIMIT_EXCEEDED')
    // The control: a bucket nobody drained is served.
    assert.equal((await ask('10.1.0.4')).status, 200)
  })

  it('behavior: with Redis stopped the indexer still answers and still limits, per process, and says so once', async () => {
    await redis.stop()
    const first = await burst('10.1.0.5', LIMIT.burst + 2)
    assert.equal(first.ok, LIMIT.burst)
    assert.equal(first.limited.length, 2)
    assert.equal((await ask('10.1.0.6')).status, 200)
    const said = output.filter((line) => line.includes('[rate limit] rate limits: Redis failed'))
    assert.equal(said.length, 1, output.slice(-20).join('\n'))
  })
})
