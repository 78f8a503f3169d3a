import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { displayCurrencies } from '@oxbow/core'
import { createApp, type Logger } from '../app.ts'
import { readConfig } from '../config.ts'
import { createMemoryAnalyticsStore } from './analytics.ts'
import { assignExperiments, flagDefaults } from './flags.ts'
import { cachedFxProvider, createLocalFxProvider, type FxRateProvider, localFxTable } from './fxRates.ts'
import { createPlatformModule, type PlatformOptions } from './index.ts'

const silent: Logger = { info() {}, error() {} }
const WEB = 'http://localhost:5173'
const NOW = Date.parse('2026-03-01T12:00:00.000Z')

function app(overrides: Partial<PlatformOptions> = {}, env: Record<string, string> = {}) {
  const config = readConfig({ OXBOW_ORIGIN_COUNTRY: 'DE', ...env })
  return createApp({
    config,
    modules: [createPlatformModule({ config, log: silent, now: () => NOW, ...overrides })],
    log: silent,
  })
}

type ErrorJson = { error: { code: string; message: string; details?: unknown } }

describe('GET /v1/fx-rates', () => {
  test('behavior: local environment serves the fixed USD table for all 22 display currencies', async () => {
    const res = await app().request('/v1/fx-rates')
    assert.equal(res.status, 200)
    const body = (await res.json()) as { base: string; rates: Record<string, number>; asOf: string }
    assert.equal(body.base, 'USD')
    assert.deepEqual(Object.keys(body.rates).sort(), [...displayCurrencies].sort())
    assert.equal(body.rates.USD, 1)
    assert.equal(body.rates.EUR, 0.92)
    for (const rate of Object.values(body.rates)) assert.ok(rate > 0)
    assert.equal(body.asOf, '2026-01-01T00:00:00.000Z')
    assert.match(res.headers.get('cache-control') ?? '', /max-age=60/)
  })

  test('error: mainnet without a provider answers 503; a failing provider is a typed 503', async () => {
    const none = await app({}, { OXBOW_ENVIRONMENT: 'mainnet' }).request('/v1/fx-rates')
    assert.equal(none.status, 503)
    assert.equal(((await none.json()) as ErrorJson).error.code, 'SERVICE_UNAVAILABLE')
    const failing: FxRateProvider = {
      name: 'down',
      fetchRates: () => Promise.reject(new Error('vendor 500 with secret token')),
    }
    const res = await app({ fxProvider: failing }).request('/v1/fx-rates')
    assert.equal(res.status, 503)
    const body = (await res.json()) as ErrorJson
    assert.equal(body.error.message, 'Exchange rates are unavailable at the moment')
    assert.doesNotMatch(JSON.stringify(body), /secret/)
  })

  test('behavior: a plugged-in provider is validated, cached and serves stale rates when it fails', async () => {
    let clock = 0
    let calls = 0
    let fail = false
    const provider: FxRateProvider = {
      name: 'vendor',
      async fetchRates() {
        calls++
        if (fail) throw new Error('down')
        return { rates: { ...localFxTable, EUR: 0.9 + calls / 100 }, asOf: new Date(clock) }
      },
    }
    const cached = cachedFxProvider(provider, { ttlMs: 1000, staleMs: 5000, now: () => clock })
    const [a, b] = await Promise.all([cached.fetchRates(), cached.fetchRates()])
    assert.equal(calls, 1, 'concurrent callers share one fetch')
    assert.equal(a.rates.EUR, 0.91)
    assert.equal(b, a)
    clock = 1500
    assert.equal((await cached.fetchRates()).rates.EUR, 0.92)
    fail = true
    clock = 3000
    assert.equal((await cached.fetchRates()).rates.EUR, 0.92, 'stale but within staleMs')
    clock = 9000
    await assert.rejects(cached.fetchRates(), /down/)

    const broken: FxRateProvider = {
      name: 'broken',
      fetchRates: async () => ({ rates: { ...localFxTable, JPY: -1 }, asOf: new Date(0) }),
    }
    const res = await app({ fxProvider: broken }).request('/v1/fx-rates')
    assert.equal(res.status, 503)
    const custom = await app({ fxProvider: createLocalFxProvider({ ...localFxTable, GBP: 0.8 }) }).request(
      '/v1/fx-rates',
    )
    assert.equal(((await custom.json()) as { rates: Record<string, number> }).rates.GBP, 0.8)
  })
})

describe('GET /v1/flags', () => {
  test('behavior: serves exactly the web registry flags, experiments and the origin-country header', async () => {
    const res = await app().request('/v1/flags')
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('x-origin-country'), 'DE')
    const body = (await res.json()) as { flags: Record<string, boolean>; experiments: Record<string, string> }
    assert.deepEqual(Object.keys(body.flags).sort(), [
      'batchedSwaps',
      'disableWalletCapabilitiesCheck',
      'embeddedWallet',
      'extensionDeeplinks',
      'forcePermits',
      'limits',
      'migrate',
      'mismatchUx',
      'nftRoutes',
      'passkeyExtensionLogin',
      'poolSearch',
      'solana',
    ])
    assert.deepEqual(body.flags, flagDefaults)
    assert.deepEqual(body.experiments, { swapButtonCopy: 'control', landingTokenCloud: 'control' })
  })

  test('behavior: overrides apply; a CDN country header wins over the config; no country, no header', async () => {
    const res = await app({ flagOverrides: { solana: true }, cdnCountryHeader: 'cf-ipcountry' }).request(
      '/v1/flags',
      { headers: { 'cf-ipcountry': 'gb' } },
    )
    assert.equal(res.headers.get('x-origin-country'), 'GB')
    assert.equal(((await res.json()) as { flags: Record<string, boolean> }).flags.solana, true)
    const bogus = await app({ cdnCountryHeader: 'cf-ipcountry' }).request('/v1/flags', {
      headers: { 'cf-ipcountry': 'XXX' },
    })
    assert.equal(bogus.headers.get('x-origin-country'), 'DE')
    const config = readConfig({})
    const plain = createApp({ config, modules: [createPlatformModule({ config, log: silent })], log: silent })
    const none = await plain.request('/v1/flags')
    assert.equal(none.status, 200)
    assert.equal(none.headers.get('x-origin-country'), null)
  })

  test('behavior: OXBOW_FLAGS turns flags on and off for the deployment; a bad setting stops the start', async () => {
    const res = await app({}, { OXBOW_FLAGS: ' embeddedWallet, batchedSwaps=on ,limits=off' }).request(
      '/v1/flags',
    )
    const { flags } = (await res.json()) as { flags: Record<string, boolean> }
    assert.equal(flags.embeddedWallet, true)
    assert.equal(flags.batchedSwaps, true)
    assert.equal(flags.limits, false)
    assert.equal(flags.solana, false)
    for (const bad of ['noSuchFlag', 'limits=maybe', 'limits=off=on', '__proto__', 'constructor']) {
      assert.throws(() => readConfig({ OXBOW_FLAGS: bad }), /OXBOW_FLAGS/, bad)
    }
  })

  test('behavior: experiment groups are stable per address and spread across groups', async () => {
    const address = '0x1111111111111111111111111111111111111111'
    const a = await app().request(`/v1/flags?address=${address}`)
    const b = await app().request(`/v1/flags?address=${address.toUpperCase().replace('0X', '0x')}`)
    assert.deepEqual(await a.json(), await b.json())
    const groups = new Set<string>()
    for (let i = 0; i < 64; i++) {
      groups.add(assignExperiments(`0x${i.toString(16).padStart(40, '0')}`).swapButtonCopy ?? '')
    }
    assert.deepEqual([...groups].sort(), ['control', 'reviewSwap'])
  })

  test('error: a malformed address is a typed 400', async () => {
    const res = await app().request('/v1/flags?address=0x123')
    assert.equal(res.status, 400)
    const body = (await res.json()) as ErrorJson & { error: { details: { path: string }[] } }
    assert.equal(body.error.code, 'INVALID_INPUT')
    assert.equal(body.error.details[0]?.path, 'address')
  })
})

describe('POST /v1/analytics', () => {
  const post = (body: unknown, headers: Record<string, string> = { 'x-request-source': WEB }) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const vital = (metric: string, value: number) => ({
    name: 'web_vital',
    time: NOW - 1000,
    properties: { metric, value, rating: 'good', id: 'v1-1' },
  })

  test('behavior: stores valid events (web client shape and ISO timestamps), rejects bad ones, counts both', async () => {
    const store = createMemoryAnalyticsStore(100)
    const res = await app({ analyticsStore: store }).request(
      '/v1/analytics',
      post(
        {
          events: [
            { name: 'page_view', properties: { path: '/swap' }, time: NOW - 5000 },
            vital('LCP', 1234.5),
            vital('FCP', 800),
            vital('CLS', 0.02),
            vital('INP', 120),
            { name: 'menu_opened', timestamp: '2026-03-01T11:59:00Z', properties: { view: 'settings' } },
            vital('XYZ', 1),
            vital('LCP', -5),
            { name: 'no time' },
            { name: 'old', time: NOW - 30 * 24 * 3600 * 1000 },
            { name: 'page_view', time: NOW, properties: { nested: { a: 1 } } },
            'not an object',
          ],
        },
        { origin: WEB, 'x-application-origin': WEB, 'x-application-build': 'abc123' },
      ),
    )
    assert.equal(res.status, 200)
    const body = (await res.json()) as {
      status: string
      accepted: number
      rejected: number
      problems: unknown[]
    }
    assert.deepEqual(
      { status: body.status, accepted: body.accepted, rejected: body.rejected },
      {
        status: 'ok',
        accepted: 6,
        rejected: 6,
      },
    )
    assert.equal(body.problems.length, 6)
    assert.equal(res.headers.get('x-origin-country'), 'DE')
    const stored = await store.recent()
    assert.deepEqual(
      stored.map((event) => event.name),
      ['page_view', 'web_vital', 'web_vital', 'web_vital', 'web_vital', 'menu_opened'],
    )
    assert.equal(stored[5]?.timestamp, Date.parse('2026-03-01T11:59:00Z'))
    assert.deepEqual(
      {
        origin: stored[0]?.origin,
        build: stored[0]?.build,
        country: stored[0]?.country,
        at: stored[0]?.receivedAt,
      },
      { origin: WEB, build: 'abc123', country: 'DE', at: NOW },
    )
  })

  test('error: requires an allowed application origin header (403)', async () => {
    const a = app()
    const batch = { events: [vital('LCP', 1)] }
    for (const headers of [
      {},
      { 'x-request-source': 'https://evil.example' },
      { origin: 'https://evil.example' },
    ]) {
      const res = await a.request('/v1/analytics', post(batch, headers))
      assert.equal(res.status, 403, JSON.stringify(headers))
      assert.equal(((await res.json()) as ErrorJson).error.code, 'FORBIDDEN')
    }
    const spoofed = await a.request(
      '/v1/analytics',
      post(batch, { 'x-request-source': WEB, origin: 'https://evil.example' }),
    )
    assert.equal(spoofed.status, 403)
    const browser = await a.request('/v1/analytics', post(batch, { origin: WEB }))
    assert.equal(browser.status, 200)
  })

  test('error: malformed batches are typed 4xx', async () => {
    const a = app()
    const cases: [unknown, number, string][] = [
      ['{"events":', 400, 'INVALID_JSON'],
      [{ events: [] }, 400, 'INVALID_INPUT'],
      [{ nope: 1 }, 400, 'INVALID_INPUT'],
      [{ events: Array.from({ length: 101 }, () => vital('CLS', 0)) }, 400, 'INVALID_INPUT'],
    ]
    for (const [body, status, code] of cases) {
      const res = await a.request('/v1/analytics', post(body))
      assert.equal(res.status, status, JSON.stringify(body).slice(0, 40))
      assert.equal(((await res.json()) as ErrorJson).error.code, code)
    }
    const text = await a.request('/v1/analytics', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-request-source': WEB },
      body: 'x',
    })
    assert.equal(text.status, 415)
  })

  test('error: bodies over the analytics cap are 413 and nothing is stored', async () => {
    const store = createMemoryAnalyticsStore(10)
    const a = app({ analyticsStore: store, analyticsMaxBytes: 2048 })
    const padded = {
      events: Array.from({ length: 20 }, (_, i) => ({
        name: 'page_view',
        time: NOW,
        properties: { path: `/explore/tokens/${'x'.repeat(100)}${i}` },
      })),
    }
    assert.ok(JSON.stringify(padded).length > 2048)
    const res = await a.request('/v1/analytics', post(padded))
    assert.equal(res.status, 413)
    assert.equal(((await res.json()) as ErrorJson).error.code, 'PAYLOAD_TOO_LARGE')
    assert.equal(store.size, 0)
  })

  test('behavior: the memory store is a ring buffer keeping the newest events', async () => {
    const store = createMemoryAnalyticsStore(3)
    const event = (name: string) => ({
      name,
      timestamp: 0,
      properties: {},
      receivedAt: 0,
      origin: WEB,
      build: null,
      country: null,
    })
    await store.append(['a', 'b'].map(event))
    await store.append(['c', 'd', 'e'].map(event))
    assert.equal(store.size, 3)
    assert.deepEqual(
      (await store.recent()).map((e) => e.name),
      ['c', 'd', 'e'],
    )
    assert.deepEqual(
      (await store.recent(2)).map((e) => e.name),
      ['d', 'e'],
    )
    assert.throws(() => createMemoryAnalyticsStore(0))
  })
})
