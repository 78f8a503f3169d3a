import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parsePopularNftCollections, parseSearchResults } from './searchData.ts'

const isNetwork = (slug: string) => slug === 'ethereum' || slug === 'base'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const POOL = '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640'
const V4_ID = `0x${'ab'.repeat(32)}`
const NFT = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D'

test('behavior: search results keep what validates and drop the rest one by one', () => {
  const results = parseSearchResults(
    {
      data: {
        search: {
          tokens: [
            { network: 'ethereum', address: USDC, symbol: ' USDC ', name: 'USD Coin' },
            { network: 'nowhere', address: USDC, symbol: 'USDC', name: 'USD Coin' },
            { network: 'base', address: '0x1234', symbol: 'BAD', name: 'Bad address' },
            { network: 'base', address: USDC, symbol: 'X'.repeat(33), name: 'Too long a symbol' },
          ],
          pools: [
            {
              network: 'ethereum',
              address: POOL,
              poolId: null,
              version: 'V3',
              feeTier: 500,
              token0: { symbol: 'USDC' },
              token1: { symbol: 'WETH' },
            },
            {
              network: 'base',
              address: null,
              poolId: V4_ID,
              version: 'V4',
              feeTier: 3000,
              token0: { symbol: 'ETH' },
              token1: { symbol: 'USDC' },
            },
            {
              network: 'base',
              address: null,
              poolId: null,
              version: 'V4',
              feeTier: 3000,
              token0: { symbol: 'ETH' },
              token1: { symbol: 'USDC' },
            },
            {
              network: 'base',
              address: POOL,
              poolId: null,
              version: 'V9',
              feeTier: 3000,
              token0: { symbol: 'A' },
              token1: { symbol: 'B' },
            },
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
    tokens: [{ network: 'ethereum', address: USDC, symbol: 'USDC', name: 'USD Coin' }],
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
