import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseFloatingTokens, tokenColor } from './floatingTokens.ts'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const known = (slug: string) => slug === 'ethereum' || slug === 'base'

test('behavior: the indexer answer becomes floating tokens (shape of trendingTokens)', () => {
  const tokens = parseFloatingTokens(
    {
      data: {
        trendingTokens: [
          { network: 'ethereum', address: USDC, symbol: 'USDC', priceChange24h: '0.012' },
          { network: 'base', address: WETH, symbol: ' WETH ', priceChange24h: '-3.5' },
          { network: 'ethereum', address: WETH, symbol: 'WETH', priceChange24h: null },
        ],
      },
    },
    known,
  )
  assert.deepEqual(
    tokens.map(({ chain, symbol, priceChange24h }) => [chain, symbol, priceChange24h]),
    [
      ['ethereum', 'USDC', 0.012],
      ['base', 'WETH', -3.5],
      ['ethereum', 'WETH', null],
    ],
  )
  assert.equal(tokens[0]?.color, tokenColor(USDC))
  assert.equal(tokens[0]?.logoUrl, null)
})

test('error: malformed entries are dropped one by one; a malformed answer throws', () => {
  const tokens = parseFloatingTokens(
    {
      data: {
        trendingTokens: [
          { network: 'ethereum', address: 'not an address', symbol: 'BAD', priceChange24h: '1' },
          { network: 'solana', address: USDC, symbol: 'USDC', priceChange24h: '1' },
          { network: 'ethereum', address: USDC, symbol: '', priceChange24h: '1' },
          { network: 'ethereum', address: USDC, symbol: 'X'.repeat(33), priceChange24h: '1' },
          { network: 'ethereum', address: USDC, symbol: 42, priceChange24h: '1' },
          { network: 'ethereum', address: USDC, symbol: '<b>USDC</b>', priceChange24h: 'NaN' },
          { network: 'ethereum', address: USDC.toLowerCase(), symbol: 'dup', priceChange24h: '1' },
          null,
        ],
      },
    },
    known,
  )
  // The symbol is kept as text (rendered by React as text, never as HTML).
  assert.deepEqual(
    tokens.map((t) => [t.symbol, t.priceChange24h]),
    [['<b>USDC</b>', null]],
  )
  assert.throws(() => parseFloatingTokens({ errors: [{ message: 'boom' }] }, known))
  assert.throws(() => parseFloatingTokens(null, known))
})
