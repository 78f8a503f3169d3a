import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parsePopularNftCollections, parseSearchResults } from './searchData.ts'

const isNetwork = (slug: string) => slug === 'ethereum' || slug === 'base'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const POOL = '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640'
const V4_ID = `0x${'ab'.repeat(32)}`
const NFT = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D'

/** A pool as the indexer's search answers it. */
const pool = (
  network: string,
  address: string | null,
  poolId: string | null,
  version: string,
  feeTier: number,
  symbol0: string,
  symbol1: string,
) => ({
  network,
  address,
  poolId,
  version,
  feeTier,
  token0: { symbol: symbol0 },
  token1: { symbol: symbol1 },
})

/** A token's safety level and logo as the indexer gives them. */
const listed = { safety: 'verified', logoUrl: '/token-logos/usdc.svg' }

test('behavior: search results keep what validates and drop the rest one by one', () => {
  const results = parseSearchResults(
    {
      data: {
        search: {
          tokens: [
            { ...listed, network: 'ethereum', address: USDC, symbol: ' USDC ', name: 'USD Coin' },
            { ...listed, network: 'nowhere', address: USDC, symbol: 'USDC', name: 'USD Coin' },
            { ...listed, network: 'base', address: '0x1234', symbol: 'BAD', name: 'Bad address' },
            { ...listed, network: 'base', address: USDC, symbol: 'X'.repeat(33), name: 'Too long a symbol' },
            { network: 'base', address: USDC, symbol: 'OLD', name: 'No safety level' },
          ],
          pools: [
            pool('ethereum', POOL, null, 'V3', 500, 'USDC', 'WETH'),
            pool('base', null, V4_ID, 'V4', 3000, 'ETH', 'USDC'),
            pool('base', null, null, 'V4', 3000, 'ETH', 'USDC'),
            pool('base', POOL, null, 'V9', 3000, 'A', 'B'),
          ],
          nftCollections: [
            { network: 'ethereum', address: NFT, name: '<img src=x onerror=alert(1)>' },
            { network: 'ethereum', address: NFT, name: '' },
          ],
        },
      },
    },
    isNetwork,
  )
  assert.deepEqual(results, {
    tokens: [{ ...listed, network: 'ethereum', address: USDC, symbol: 'USDC', name: 'USD Coin' }],
    pools: [
      { network: 'ethereum', id: POOL, version: 'V3', feeTier: 500, token0: 'USDC', token1: 'WETH' },
      { network: 'base', id: V4_ID, version: 'V4', feeTier: 3000, token0: 'ETH', token1: 'USDC' },
    ],
    // Kept as plain text (React renders it as text, never as markup).
    nftCollections: [{ network: 'ethereum', address: NFT, name: '<img src=x onerror=alert(1)>' }],
  })
})

test('error: an answer of the wrong shape is refused', () => {
  assert.throws(() => parseSearchResults({ errors: [{ message: 'boom' }] }, isNetwork), /Unexpected answer/)
  assert.throws(
    () => parsePopularNftCollections({ data: { nftCollections: 'no' } }, isNetwork),
    /Unexpected answer/,
  )
  assert.deepEqual(
    parsePopularNftCollections(
      { data: { nftCollections: [{ network: 'base', address: NFT, name: 'Apes' }] } },
      isNetwork,
    ),
    [{ network: 'base', address: NFT, name: 'Apes' }],
  )
})
