import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Hono } from 'hono'
import { z } from 'zod'
import { type ApiModule, createApp, type Logger } from './app.ts'
import { readConfig } from './config.ts'
import { jsonBody } from './validation.ts'

const silent: Logger = { info() {}, error() {} }

function echoModule(): ApiModule {
  const routes = new Hono()
  routes.post('/echo', async (c) =>
    c.json(await jsonBody(c, z.object({ amount: z.string().regex(/^\d+$/) }))),
  )
  routes.get('/boom', () => {
    throw new Error('secret internal detail')
  })
  return { name: 'echo', routes }
}

function app(overrides: Partial<Record<string, string>> = {}) {
  return createApp({
    config: readConfig(overrides),
    modules: [echoModule()],
    log: silent,
    maxBodyBytes: 1024,
  })
}

const post = (body: string, type = 'application/json') => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
})

describe('api app', () => {
  test('behavior: a valid body reaches the route', async () => {
    const res = await app().request('/v1/echo', post('{"amount":"12"}'))
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { amount: '12' })
  })

  test('error: invalid input is a typed 400 naming the field', async () => {
    const res = await app().request('/v1/echo', post('{"amount":"-1"}'))
    assert.equal(res.status, 400)
    const body = (await res.json()) as { error: { code: string; details: { path: string }[] } }
    assert.equal(body.error.code, 'INVALID_INPUT')
    assert.equal(body.error.details[0]?.path, 'amount')
  })

  test('error: malformed JSON, wrong media type and oversized bodies are typed 4xx', async () => {
    const a = app()
    const bad = await a.request('/v1/echo', post('{"amount":'))
    assert.equal(bad.status, 400)
    assert.equal(((await bad.json()) as { error: { code: string } }).error.code, 'INVALID_JSON')
    const text = await a.request('/v1/echo', post('amount=1', 'text/plain'))
    assert.equal(text.status, 415)
    const big = await a.request('/v1/echo', post(JSON.stringify({ amount: '1'.repeat(5000) })))
    assert.equal(big.status, 413)
    assert.equal(((await big.json()) as { error: { code: string } }).error.code, 'PAYLOAD_TOO_LARGE')
    // a declared length is checked from the header, as Node's server delivers it
    const body = JSON.stringify({ amount: '1'.repeat(5000) })
    const declared = await a.request('/v1/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    })
    assert.equal(declared.status, 413)
    const small = await a.request('/v1/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '14' },
      body: '{"amount":"1"}',
    })
    assert.equal(small.status, 200)
  })

  test('behavior: responses vary on Origin whether or not the request is cross-origin', async () => {
    const a = app({ OXBOW_WEB_ORIGINS: 'http://localhost:5173' })
    const plain = await a.request('/health')
    assert.match(plain.headers.get('vary') ?? '', /Origin/)
    const cross = await a.request('/health', { headers: { origin: 'http://localhost:5173' } })
    assert.match(cross.headers.get('vary') ?? '', /Origin/)
    assert.equal(cross.headers.get('access-control-expose-headers'), 'retry-after,x-origin-country')
  })

  test('error: unknown endpoints are a typed 404; internal errors hide their details', async () => {
    const a = app()
    const missing = await a.request('/v1/nope')
    assert.equal(missing.status, 404)
    assert.equal(((await missing.json()) as { error: { code: string } }).error.code, 'NOT_FOUND')
    const boom = await a.request('/v1/boom')
    assert.equal(boom.status, 500)
    const text = await boom.text()
    assert.ok(!text.includes('secret internal detail'))
    assert.match(text, /Something went wrong/)
  })

  test('error: rate limit exceeded answers 429 with Retry-After, per client', async () => {
    const a = app({
      OXBOW_RATE_LIMIT_BURST: '3',
      OXBOW_RATE_LIMIT_PER_MINUTE: '6',
      OXBOW_TRUST_PROXY: 'true',
    })
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } })
    for (let i = 0; i < 3; i++) assert.equal((await a.request('/v1/nope', from('10.0.0.1'))).status, 404)
    const limited = await a.request('/v1/nope', from('10.0.0.1'))
    assert.equal(limited.status, 429)
    assert.equal(limited.headers.get('retry-after'), '10')
    const body = (await limited.json()) as { error: { code: string; message: string; retryable: boolean } }
    assert.deepEqual(
      { code: body.error.code, retryable: body.error.retryable },
      { code: 'RATE_LIMIT_EXCEEDED', retryable: true },
    )
    assert.match(body.error.message, /Please try again in a few minutes/)
    assert.equal((await a.request('/v1/nope', from('10.0.0.2'))).status, 404, 'another client is not limited')
  })

  test('behavior: CORS allows only the configured web origins', async () => {
    const a = app({ OXBOW_WEB_ORIGINS: 'http://localhost:5173' })
    const ok = await a.request('/health', { headers: { origin: 'http://localhost:5173' } })
    assert.equal(ok.headers.get('access-control-allow-origin'), 'http://localhost:5173')
    const other = await a.request('/health', { headers: { origin: 'https://evil.example' } })
    assert.equal(other.headers.get('access-control-allow-origin'), null)
  })

  test('error: invalid configuration names the variable', () => {
    assert.throws(() => readConfig({ OXBOW_API_PORT: '70000' }), /OXBOW_API_PORT/)
    assert.throws(() => readConfig({ OXBOW_API_HOST: '0.0.0.0' }), /OXBOW_API_HOST/)
    assert.throws(() => readConfig({ OXBOW_ORIGIN_COUNTRY: 'gb' }), /OXBOW_ORIGIN_COUNTRY/)
  })
})
