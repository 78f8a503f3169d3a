import assert from 'node:assert/strict'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import { memoryStorage as memory } from '../../../../test/memoryStorage.ts'
import { createAnalyticsClient, isSessionSampled } from './analyticsClient.ts'

/** A local stand-in for the API that records each request (URL, headers, body) and answers with `respond`. */
async function recordingServer(
  respond: (response: ServerResponse) => void = (response) => response.writeHead(202).end(),
) {
  const received: { url: string; headers: IncomingHttpHeaders; body: string }[] = []
  const bodies: string[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body })
      bodies.push(body)
      respond(response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { apiUrl, received, bodies, close: () => server.close() }
}

test('behavior: sampling is decided once per session at the given rate', () => {
  const storage = memory()
  assert.equal(
    isSessionSampled(0.1, storage, () => 0.05),
    true,
  )
  assert.equal(
    isSessionSampled(0.1, storage, () => 0.95),
    true,
    'remembered for the session',
  )
  assert.equal(
    isSessionSampled(0.1, memory(), () => 0.1),
    false,
  )
  assert.equal(
    isSessionSampled(0.1, memory({ 'oxbow.analyticsSampled': 'false' }), () => 0),
    false,
  )
})

test('behavior: events are POSTed in a batch to /v1/analytics and the answer mapped to an upload status', async () => {
  let status = 202
  const { apiUrl, received, close } = await recordingServer((response) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end('{"status":"ok"}'),
  )
  try {
    const client = createAnalyticsClient({
      apiUrl,
      buildHash: 'abc123',
      sampled: true,
      flushIntervalMs: 60_000,
    })
    client.track('page_view', { path: '/swap' })
    client.track('web_vital', { metric: 'LCP', value: 1200 })
    assert.equal(await client.flush(), 'success')
    assert.equal(received.length, 1)
    assert.equal(received[0]?.url, '/v1/analytics')
    assert.equal(received[0]?.headers['x-application-build'], 'abc123')
    const events = JSON.parse(received[0]?.body ?? '{}').events
    assert.deepEqual(
      events.map((e: { name: string }) => e.name),
      ['page_view', 'web_vital'],
    )
    assert.equal(await client.flush(), 'empty')
    status = 429
    client.track('x')
    assert.equal(await client.flush(), 'rate_limit')
  } finally {
    close()
  }
  const down = createAnalyticsClient({ apiUrl, buildHash: 'x', sampled: true, flushIntervalMs: 60_000 })
  down.track('x')
  assert.equal(await down.flush(), 'unknown', 'no response at all')
  const unsampled = createAnalyticsClient({ apiUrl, buildHash: 'x', sampled: false })
  unsampled.track('x')
  assert.equal(await unsampled.flush(), 'empty')
})

test('behavior: with analytics turned off no usage data is queued or sent, error reports still are', async () => {
  const { apiUrl, bodies, close } = await recordingServer()
  try {
    let allowed = true
    const client = createAnalyticsClient({
      apiUrl,
      buildHash: 'x',
      sampled: true,
      allowed: () => allowed,
      flushIntervalMs: 60_000,
    })
    client.track('queued_before')
    allowed = false
    client.track('after_off')
    assert.equal(await client.flush(), 'empty', 'the event queued before turning off is dropped too')
    assert.equal(await client.report('app_error', { errorId: 'abc' }), 'success')
    assert.deepEqual(
      bodies.map((body) => JSON.parse(body).events.map((e: { name: string }) => e.name)),
      [['app_error']],
    )
    allowed = true
    client.track('back_on')
    assert.equal(await client.flush(), 'success')
    assert.deepEqual(
      JSON.parse(bodies[1] ?? '{}').events.map((e: { name: string }) => e.name),
      ['back_on'],
    )
  } finally {
    close()
  }
})

test('behavior: an error report is sent at once, by unsampled sessions too, with what was queued', async () => {
  const { apiUrl, bodies, close } = await recordingServer()
  try {
    const unsampled = createAnalyticsClient({
      apiUrl,
      buildHash: 'x',
      sampled: false,
      flushIntervalMs: 60_000,
    })
    unsampled.track('page_view', { path: '/' })
    assert.equal(await unsampled.report('app_error', { errorId: 'abc' }), 'success')
    assert.deepEqual(
      JSON.parse(bodies[0] ?? '{}').events.map((e: { name: string; properties: unknown }) => [
        e.name,
        e.properties,
      ]),
      [['app_error', { errorId: 'abc' }]],
      'the report only: usage data stays unsent',
    )
    const sampled = createAnalyticsClient({ apiUrl, buildHash: 'x', sampled: true, flushIntervalMs: 60_000 })
    sampled.track('page_view', { path: '/' })
    assert.equal(await sampled.report('app_error', { errorId: 'def' }), 'success')
    assert.deepEqual(
      JSON.parse(bodies[1] ?? '{}').events.map((e: { name: string }) => e.name),
      ['page_view', 'app_error'],
    )
  } finally {
    close()
  }
})
