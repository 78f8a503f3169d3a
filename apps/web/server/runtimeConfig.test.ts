import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildRuntimeConfig } from './runtimeConfig.ts'
import { contentSecurityPolicy } from './securityHeaders.ts'

test('behavior: locally WalletConnect goes to the sandbox relay (port from OXBOW_WC_RELAY_PORT), and the CSP allows exactly that origin', async () => {
  assert.deepEqual((await buildRuntimeConfig({})).walletConnect, {
    relayUrl: 'ws://127.0.0.1:8790',
    projectId: 'oxbow-local',
  })
  const config = await buildRuntimeConfig({ OXBOW_WC_RELAY_PORT: '24790' })
  assert.equal(config.walletConnect?.relayUrl, 'ws://127.0.0.1:24790')
  assert.match(contentSecurityPolicy(config), /connect-src [^;]* ws:\/\/127\.0\.0\.1:24790(;| )/)
})

test('behavior: elsewhere WalletConnect needs a project id; the relay defaults to WalletConnect’s own', async () => {
  assert.equal((await buildRuntimeConfig({ OXBOW_ENVIRONMENT: 'mainnet' })).walletConnect, undefined)
  const config = await buildRuntimeConfig({ OXBOW_ENVIRONMENT: 'mainnet', OXBOW_WC_PROJECT_ID: 'abc123' })
  assert.deepEqual(config.walletConnect, { relayUrl: 'wss://relay.walletconnect.org', projectId: 'abc123' })
  assert.match(contentSecurityPolicy(config), /connect-src [^;]* wss:\/\/relay\.walletconnect\.org(;| )/)
})

test('error: a relay URL that is not ws(s) is refused at start', async () => {
  await assert.rejects(
    buildRuntimeConfig({ OXBOW_WC_RELAY_URL: 'http://127.0.0.1:8790' }),
    /invalid runtime configuration \(walletConnect\.relayUrl: /,
  )
})
