import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import { networks } from '@oxbow/chains'
import { fetchTokenDetails } from './tokenData.ts'

// The token answer as the indexer sends it under `npm start` (16 networks): the same token on
// every other network, testnets included. A slug with an underscore (unichain_sepolia) once
// failed the page's schema, so USDC's page stayed a skeleton.
const ADDRESS = '0x7db5aDcB76Cf7468Ecaa44B0160817eab23eF2E8'
const token = {
  network: 'ethereum',
  address: ADDRESS,
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  kind: 'stablecoin',
  safety: 'verified',
  logoUrl: '/token-logos/usdc.svg',
  isNative: false,
  priceUsd: '1',
  priceChange24h: '0',
  tvlUsd: '14874824.99',
  marketCapUsd: '561000000',
  fdvUsd: '561000000',
  volume24hUsd: '44695.88',
  priceRange52w: { high: '1', low: '1' },
  buyFeeBps: 0,
  sellFeeBps: 0,
  sameTokens: networks
    .filter((network) => network.slug !== 'ethereum')
    .map((network) => ({ network: network.slug, address: ADDRESS })),
}

async function answering(body: unknown): Promise<{ url: string; close(): void }> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(body))
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/graphql`, close: () => server.close() }
}

test('behavior: a token listed on every registry network (underscored slugs too) parses', async () => {
  const indexer = await answering({ data: { token } })
  try {
    const details = await fetchTokenDetails(indexer.url, 'ethereum', ADDRESS)
    assert.equal(details?.symbol, 'USDC')
    assert.deepEqual(
      details?.sameTokens.map((same) => same.network),
      networks.filter((network) => network.slug !== 'ethereum').map((network) => network.slug),
    )
  } finally {
    indexer.close()
  }
})

test('behavior: a network name of another shape is refused as an unexpected answer', async () => {
  const indexer = await answering({
    data: { token: { ...token, sameTokens: [{ network: '<b>base</b>', address: ADDRESS }] } },
  })
  try {
    await assert.rejects(fetchTokenDetails(indexer.url, 'ethereum', ADDRESS), /Unexpected answer/)
  } finally {
    indexer.close()
  }
})
