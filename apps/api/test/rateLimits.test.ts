/**
 * Rate limits shared through Redis (REDIS_URL): two API instances, each with its own connection to
 * one real redis-server (Debian's, started here on a free port and stopped by pid), honour one
 * limit per client; without Redis each process keeps its own. While Redis is gone every request is
 * still answered and still limited, by the process's own buckets.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { redisSkipReason, startTestRedis, type TestRedis } from '@oxbow/devnet'
import { createApp, type Logger } from '../src/app.ts'
import { readConfig } from '../src/config.ts'
import { memoryRateLimits, type RateLimits, redisRateLimits } from '../src/rateLimit.ts'

const errors: string[] = []
const log: Logger = { info() {}, error: (message) => errors.push(message) }

/** An API instance (no modules: /v1/nope answers 404 when allowed) with a burst of 3 per client. */
const api = (rateLimits: RateLimits) =>
  createApp({
    config: readConfig({
      OXBOW_RATE_LIMIT_BURST: '3',
      OXBOW_RATE_LIMIT_PER_MINUTE: '6',
      OXBOW_TRUST_PROXY: 'true',
    }),
    modules: [],
    log,
    rateLimits,
  })
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } })
type Api = ReturnType<typeof api>
const statuses = async (calls: [Api, string][]) => {
  const out: number[] = []
  for (const [app, ip] of calls) out.push((await app.request('/v1/nope', from(ip))).status)
  return out
}

describe('rate limits across API instances', { skip: redisSkipReason() }, () => {
  let redis: TestRedis
  const open: RateLimits[] = []
  const shared = async () => {
    const limits = await redisRateLimits(redis.url, log)
    open.push(limits)
    return limits
  }

  before(async () => {
    redis = await startTestRedis()
  })
  after(async () => {
    for (const limits of open) await limits.close()
    await redis?.stop()
  })

  test('behavior: with Redis, two instances honour one limit per client (429 with Retry-After on the 4th request of a burst of 3)', async () => {
    const [a, b] = [api(await shared()), api(await shared())]
    assert.deepEqual(
      await statuses([
        [a, '10.0.0.1'],
        [b, '10.0.0.1'],
        [a, '10.0.0.1'],
        [b, '10.0.0.1'],
      ]),
      [404, 404, 404, 429],
    )
    const limited = await b.request('/v1/nope', from('10.0.0.1'))
    assert.equal(limited.status, 429)
    assert.ok(Number(limited.headers.get('retry-after')) >= 1)
    assert.deepEqual(await statuses([[a, '10.0.0.2']]), [404], 'another client is not limited')
  })

  test('behavior: without Redis each instance keeps its own buckets (the same requests all pass)', async () => {
    const [a, b] = [api(memoryRateLimits()), api(memoryRateLimits())]
    assert.deepEqual(
      await statuses([
        [a, '10.0.0.3'],
        [b, '10.0.0.3'],
        [a, '10.0.0.3'],
        [b, '10.0.0.3'],
      ]),
      [404, 404, 404, 404],
    )
  })

  test('error: Redis gone: requests are still answered and limited per instance, the outage logged once', async () => {
    const limits = await shared()
    const a = api(limits)
    assert.deepEqual(await statuses([[a, '10.0.0.4']]), [404])
    await redis.stop()
    errors.length = 0
    assert.deepEqual(
      await statuses([
        [a, '10.0.0.5'],
        [a, '10.0.0.5'],
        [a, '10.0.0.5'],
        [a, '10.0.0.5'],
      ]),
      [404, 404, 404, 429],
    )
    assert.equal(errors.filter((e) => /Redis/.test(e)).length, 1, errors.join('\n'))
  })

  test('error: an unreachable REDIS_URL at start-up is logged and the instance limits per process', async () => {
    errors.length = 0
    const limits = await redisRateLimits('redis://127.0.0.1:1', log)
    open.push(limits)
    const a = api(limits)
    assert.deepEqual(
      await statuses([
        [a, '10.0.0.6'],
        [a, '10.0.0.6'],
        [a, '10.0.0.6'],
        [a, '10.0.0.6'],
      ]),
      [404, 404, 404, 429],
    )
    assert.ok(errors.some((e) => /Redis unreachable/.test(e)))
  })

  test('error: REDIS_URL must be a redis:// URL', () => {
    assert.throws(() => readConfig({ REDIS_URL: 'http://127.0.0.1:6379' }), /REDIS_URL/)
  })
})
