import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buyEthFor100Usd } from '../../test/fiatKit.ts'
import { readConfig } from '../config.ts'
import { providersFromConfig } from './providers.ts'

test('behavior: locally the sandboxes are the providers; elsewhere only configured ones', () => {
  const local = readConfig({})
  assert.deepEqual(
    providersFromConfig(local).map((p) => [p.id, p.kind]),
    [
      ['beacon', 'ramp'],
      ['orbit', 'ramp'],
      ['tidal', 'ramp'],
      ['coinbridge', 'exchange'],
    ],
  )
  assert.deepEqual(providersFromConfig(readConfig({ OXBOW_ENVIRONMENT: 'mainnet' })), [])
  const configured = readConfig({
    OXBOW_ENVIRONMENT: 'mainnet',
    OXBOW_FIAT_PROVIDERS: JSON.stringify({
      beacon: { url: 'https://api.beacon.example', apiKey: 'pk', secretKey: 'sk', webhookSecret: 'wh' },
    }),
  })
  assert.deepEqual(
    providersFromConfig(configured).map((p) => p.id),
    ['beacon'],
  )
})

test('error: malformed provider configuration is refused at start-up', () => {
  assert.throws(
    () => readConfig({ OXBOW_FIAT_PROVIDERS: '{"beacon":{"url":"not a url"}}' }),
    /OXBOW_FIAT_PROVIDERS: JSON object of \{ url, apiKey, secretKey, webhookSecret \} per provider/,
  )
  assert.throws(() => readConfig({ OXBOW_FIAT_PROVIDERS: 'nope' }), /OXBOW_FIAT_PROVIDERS/)
})

test('behavior: a widget URL is signed server-side and carries no secret', async () => {
  const [beacon] = providersFromConfig(
    readConfig({
      OXBOW_FIAT_PROVIDERS: JSON.stringify({
        beacon: {
          url: 'https://api.beacon.example',
          apiKey: 'pk_live',
          secretKey: 'sk_live',
          webhookSecret: 'wh',
        },
      }),
    }),
  )
  assert.ok(beacon)
  const url = new URL(
    await beacon.widgetUrl({
      orderId: '11111111-1111-4111-8111-111111111111',
      side: 'buy',
      walletAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      network: 'ethereum',
      redirectUrl: 'http://localhost:5173/buy?fiatOrder=1',
      quote: {
        ...buyEthFor100Usd,
      },
    }),
  )
  assert.equal(url.origin + url.pathname, 'https://api.beacon.example/checkout')
  assert.equal(url.searchParams.get('apiKey'), 'pk_live')
  assert.match(url.searchParams.get('signature') ?? '', /^[\w-]{43}$/)
  assert.ok(!url.toString().includes('sk_live'))
  assert.ok(!url.toString().includes('whsec_live'))
})
