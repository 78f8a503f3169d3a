import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Manifest } from '@oxbow/protocol'
import { buildRuntimeConfig, liquidityContracts } from './runtimeConfig.ts'
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

test('behavior: locally ipfs:// avatars load through the sandbox gateway (OXBOW_IPFS_GATEWAY_PORT), and img-src names its origin', async () => {
  assert.equal((await buildRuntimeConfig({})).ipfsGateway, 'http://127.0.0.1:8792/ipfs/')
  const config = await buildRuntimeConfig({ OXBOW_IPFS_GATEWAY_PORT: '24792' })
  assert.equal(config.ipfsGateway, 'http://127.0.0.1:24792/ipfs/')
  const csp = contentSecurityPolicy(config)
  assert.match(csp, /img-src 'self' data: https: http:\/\/127\.0\.0\.1:8787 http:\/\/127\.0\.0\.1:24792;/)
  assert.doesNotMatch(csp, /connect-src [^;]*24792/, 'images only: the app never fetches from it')
})

test('behavior: elsewhere the public https gateway, and img-src names no http origin beyond the API', async () => {
  const config = await buildRuntimeConfig({
    OXBOW_ENVIRONMENT: 'mainnet',
    OXBOW_API_URL: 'https://api.oxbow.test',
  })
  assert.equal(config.ipfsGateway, 'https://ipfs.io/ipfs/')
  assert.match(contentSecurityPolicy(config), /img-src 'self' data: https: https:\/\/api\.oxbow\.test;/)
  // Even a config object that names an http gateway outside the local environment gets no exception.
  const forced = { ...config, ipfsGateway: 'http://127.0.0.1:8792/ipfs/' }
  assert.doesNotMatch(contentSecurityPolicy(forced), /8792/)
})

test('error: an http gateway is refused outside the local environment or off loopback', async () => {
  await assert.rejects(
    buildRuntimeConfig({ OXBOW_ENVIRONMENT: 'mainnet', OXBOW_IPFS_GATEWAY: 'http://127.0.0.1:8792/ipfs/' }),
    /invalid runtime configuration \(ipfsGateway: http only on loopback in the local environment\)/,
  )
  await assert.rejects(
    buildRuntimeConfig({ OXBOW_IPFS_GATEWAY: 'http://gateway.example/ipfs/' }),
    /invalid runtime configuration \(ipfsGateway: http only on loopback/,
  )
  assert.equal(
    (await buildRuntimeConfig({ OXBOW_IPFS_GATEWAY: 'https://gateway.example/ipfs/' })).ipfsGateway,
    'https://gateway.example/ipfs/',
  )
})

test('behavior: a network the registry gives no v2 (Unichain Sepolia) gets no v2 router or migrator, even where the devnet deployed them', () => {
  const contracts = {
    weth9: '0x4200000000000000000000000000000000000006',
    v2Router02: '0x1000000000000000000000000000000000000002',
    v3Migrator: '0x1000000000000000000000000000000000000003',
    v4PositionManager: '0x1000000000000000000000000000000000000004',
  }
  // Only the fields liquidityContracts reads.
  const manifest = {
    networks: { unichain_sepolia: { contracts }, ethereum: { contracts } },
  } as unknown as Manifest
  const config = liquidityContracts(manifest)
  assert.equal(config.unichain_sepolia?.v2Router02, undefined)
  assert.equal(config.unichain_sepolia?.v3Migrator, undefined)
  assert.equal(config.unichain_sepolia?.v4PositionManager, contracts.v4PositionManager)
  assert.equal(config.ethereum?.v2Router02, contracts.v2Router02)
})
