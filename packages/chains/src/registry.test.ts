import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { isCoreError } from '@oxbow/core'
import { getAddress, isAddress } from 'viem'
import {
  blockExplorerOf,
  explorerTransactionUrl,
  getNetwork,
  getNetworkByChainId,
  LOCAL_CHAIN_ID_BASE,
  localRpcUrl,
  mainnetNetworks,
  NETWORK_SLUG_PATTERN,
  networks,
  offersProtocolVersion,
  parseNetworkList,
  testnetNetworks,
  UnknownNetworkError,
} from './index.ts'

const spec14 = [
  'Ethereum',
  'Unichain',
  'Base',
  'Arbitrum',
  'OP Mainnet',
  'Polygon',
  'BNB Chain',
  'Avalanche',
  'Celo',
  'Blast',
  'ZKsync',
  'Zora',
  'World Chain',
  'Soneium',
]

describe('network registry', () => {
  test('behavior: lists the 14 production networks of the spec and two testnets', () => {
    assert.deepEqual(
      mainnetNetworks.map((n) => n.name),
      spec14,
    )
    assert.deepEqual(
      testnetNetworks.map((n) => n.slug),
      ['sepolia', 'unichain_sepolia'],
    )
  })

  test('behavior: the slug pattern takes every registry slug (underscores too) and refuses others', () => {
    assert.ok(NETWORK_SLUG_PATTERN.test('unichain_sepolia'))
    for (const bad of ['', 'Ethereum', '1inch', 'base-', 'a'.repeat(41), 'eth.mainnet', 'base\n', ' base']) {
      assert.equal(NETWORK_SLUG_PATTERN.test(bad), false, JSON.stringify(bad))
    }
  })

  test('behavior: local chain ids are unique and used by no mainnet entry', () => {
    const local = networks.map((n) => n.local.chainId)
    const main = new Set(networks.map((n) => n.mainnet.chainId))
    assert.equal(new Set(local).size, networks.length)
    for (const id of local) {
      assert.ok(!main.has(id), `local chain id ${id} collides with a public one`)
      assert.ok(id > LOCAL_CHAIN_ID_BASE)
    }
  })

  test('behavior: slugs are URL-safe and lookups round-trip by slug and both chain ids', () => {
    for (const n of networks) {
      assert.match(n.slug, NETWORK_SLUG_PATTERN)
      assert.equal(getNetwork(n.slug), n)
      assert.equal(getNetworkByChainId(n.local.chainId), n)
      assert.equal(getNetworkByChainId(n.mainnet.chainId), n)
    }
  })

  test('behavior: mainnet contract addresses are checksummed 20-byte addresses; Permit2 canonical', () => {
    for (const n of networks) {
      for (const [name, address] of Object.entries(n.mainnet.contracts)) {
        assert.ok(isAddress(address, { strict: true }), `${n.slug}.${name} ${address}`)
        assert.equal(address, getAddress(address))
      }
      if (n.slug !== 'zksync')
        assert.equal(n.mainnet.contracts.permit2, '0x000000000022D473030F116dDEE9F6B43aC78BA3')
    }
  })

  test('behavior: limit orders only on Ethereum; v4 on every network but ZKsync', () => {
    assert.deepEqual(
      networks.filter((n) => n.capabilities.limitOrders).map((n) => n.slug),
      ['ethereum'],
    )
    assert.deepEqual(
      networks.filter((n) => n.capabilities.gaslessSwaps).map((n) => n.slug),
      ['ethereum'],
    )
    assert.deepEqual(
      networks.filter((n) => !n.capabilities.protocolVersions.includes('v4')).map((n) => n.slug),
      ['zksync'],
    )
  })

  test('behavior: a network offers a protocol version exactly where its contracts are deployed', () => {
    for (const n of networks) {
      const c = n.mainnet.contracts
      const versions = n.capabilities.protocolVersions
      assert.equal(versions.includes('v2'), c.v2Factory !== undefined && c.v2Router02 !== undefined, n.slug)
      assert.equal(
        versions.includes('v4'),
        c.v4PoolManager !== undefined && c.v4PositionManager !== undefined,
        n.slug,
      )
      assert.ok(versions.includes('v3'), n.slug)
    }
    assert.deepEqual(
      networks.filter((n) => !n.capabilities.protocolVersions.includes('v2')).map((n) => n.slug),
      ['unichain_sepolia'],
    )
  })

  test('behavior: offersProtocolVersion reads the registry; an unknown network offers nothing', () => {
    assert.equal(offersProtocolVersion('unichain_sepolia', 'v2'), false)
    assert.equal(offersProtocolVersion('unichain_sepolia', 'v4'), true)
    assert.equal(offersProtocolVersion('zksync', 'v4'), false)
    assert.equal(offersProtocolVersion('zksync', 'v2'), true)
    assert.equal(offersProtocolVersion('ethereum', 'v3'), true)
    assert.equal(offersProtocolVersion('nowhere', 'v3'), false)
  })

  test('behavior: local RPC URLs are loopback with one port per network', () => {
    const urls = networks.map((n) => localRpcUrl(n, 20000))
    assert.equal(new Set(urls).size, networks.length)
    for (const url of urls) assert.match(url, /^http:\/\/127\.0\.0\.1:2\d{4}$/)
  })

  test('behavior: parses network lists, de-duplicates and keeps registry order', () => {
    assert.equal(parseNetworkList(undefined).length, networks.length)
    assert.equal(parseNetworkList('  ').length, networks.length)
    assert.deepEqual(
      parseNetworkList('base, Ethereum,base').map((n) => n.slug),
      ['ethereum', 'base'],
    )
  })

  test('error: an unknown network names itself and the valid choices', () => {
    assert.throws(() => parseNetworkList('ethereum,solana'), UnknownNetworkError)
    try {
      getNetwork('solana')
    } catch (error) {
      assert.ok(error instanceof UnknownNetworkError)
      assert.ok(isCoreError(error), 'shares the one base error')
      assert.equal(error.code, 'UNKNOWN_NETWORK')
      assert.match(error.message, /^Unknown network "solana"\. Known networks: ethereum, unichain, /)
    }
    assert.throws(() => getNetworkByChainId(999), /Unknown network "999"/)
  })

  test('behavior: a block explorer on mainnet, none for the local devnet; transaction links', () => {
    for (const network of networks) {
      assert.equal(blockExplorerOf(network, 'local'), undefined, `${network.slug}: no local explorer`)
      const explorer = blockExplorerOf(network, 'mainnet')
      assert.ok(explorer && /^https:\/\//.test(explorer.url), `${network.slug}: an https explorer`)
    }
    const hash = `0x${'ab'.repeat(32)}`
    const etherscan = blockExplorerOf(getNetwork('ethereum'), 'mainnet')
    assert.ok(etherscan)
    assert.equal(explorerTransactionUrl(etherscan, hash), `https://etherscan.io/tx/${hash}`)
    assert.equal(
      explorerTransactionUrl({ name: 'X', url: 'https://x.example/' }, hash),
      `https://x.example/tx/${hash}`,
    )
  })
})
