import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Hono } from 'hono'
import { createMemoryRateLimitStore, rateLimit } from './rateLimit.ts'

test('behavior: a bucket allows its burst, then answers the seconds until a token is back, and refills over time', () => {
  const store = createMemoryRateLimitStore({ perMinute: 6, burst: 2 })
  assert.equal(store.take('a', 0), 0)
  assert.equal(store.take('a', 0), 0)
  assert.equal(store.take('a', 0), 10, 'one token every 10 s at 6 per minute')
  assert.equal(store.take('b', 0), 0, 'another client has its own bucket')
  assert.equal(store.take('a', 4_000), 6)
  assert.equal(store.take('a', 10_000), 0)
})

test('behavior: the middleware sets Retry-After and answers through the service-supplied handler', async () => {
  const app = new Hono()
  app.use(
    '*',
    rateLimit(
      createMemoryRateLimitStore({ perMinute: 60, burst: 1 }),
      (c) => c.req.header('x-client') ?? '',
      (c, retryAfterSeconds) => c.json({ limited: retryAfterSeconds }, 429),
    ),
  )
  app.get('/', (c) => c.text('ok'))
  const call = (client: string) => app.request('/', { headers: { 'x-client': client } })
  assert.equal((await call('a')).status, 200)
  const limited = await call('a')
  assert.equal(limited.status, 429)
  assert.equal(limited.headers.get('retry-after'), '1')
  assert.deepEqual(await limited.json(), { limited: 1 })
  assert.equal((await call('b')).status, 200)
})
