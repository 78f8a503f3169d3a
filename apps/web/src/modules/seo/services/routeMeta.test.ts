import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createIntl } from 'react-intl'
import { routeMeta } from './routeMeta.ts'

const intl = createIntl({ locale: 'en-US', messages: {} })
const title = (path: string) => {
  const meta = routeMeta(path)
  return intl.formatMessage(meta.title, meta.values)
}

test('behavior: explore titles depend on tab and network (default tokens on Ethereum)', () => {
  assert.equal(title('/explore'), 'Explore top tokens on Ethereum | Oxbow Interface')
  assert.equal(title('/explore/pools'), 'Explore top pools on Ethereum | Oxbow Interface')
  assert.equal(title('/explore/transactions/ethereum'), 'Explore transactions on Ethereum | Oxbow Interface')
  assert.equal(title('/explore/ethereum'), 'Explore top tokens on Ethereum | Oxbow Interface')
  assert.equal(
    title('/explore/tokens/ethereum/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
    'Token 0xA0b8…eB48 on Ethereum | Oxbow Interface',
  )
})

test('behavior: explore across all networks (?networks=all) says so in its title', () => {
  const all = (path: string, search: string) => {
    const meta = routeMeta(path, search)
    return intl.formatMessage(meta.title, meta.values)
  }
  assert.equal(all('/explore', '?networks=all'), 'Explore top tokens on all networks | Oxbow Interface')
  assert.equal(
    all('/explore/pools/base', '?networks=all'),
    'Explore top pools on all networks | Oxbow Interface',
  )
  assert.equal(
    all('/explore/transactions', '?networks=all'),
    'Explore transactions on all networks | Oxbow Interface',
  )
  assert.equal(
    all('/explore/pools/ethereum', '?other=all'),
    'Explore top pools on Ethereum | Oxbow Interface',
  )
})

test('behavior: liquidity titles depend on v2, v3 or v4', () => {
  assert.equal(title('/add/v2/ETH'), 'Add v2 liquidity | Oxbow Interface')
  assert.equal(title('/add/ETH/DAI/3000'), 'Add v3 liquidity | Oxbow Interface')
  assert.equal(title('/remove/v2/A/B'), 'Remove v2 liquidity | Oxbow Interface')
  assert.equal(title('/positions/v4/ethereum/1'), 'v4 position on Ethereum | Oxbow Interface')
  assert.equal(title('/positions/create/v3'), 'Create a v3 position | Oxbow Interface')
  assert.equal(title('/migrate/v3/ethereum/1'), 'Migrate v3 liquidity | Oxbow Interface')
  assert.equal(
    intl.formatMessage(routeMeta('/add/v2').description, routeMeta('/add/v2').values).includes('v2'),
    true,
  )
})

test('behavior: the interface name is the default title', () => {
  assert.equal(title('/'), 'Oxbow Interface')
  assert.equal(title('/something-unknown'), 'Oxbow Interface')
  assert.equal(title('/not-found'), 'Page not found | Oxbow Interface')
})

test('error: a malformed token address or pool id (or a broken escape) titles the page not found, never echoes it', () => {
  for (const path of [
    '/explore/tokens/ethereum/0xZZ',
    '/explore/tokens/ethereum/%F0%9F%A6%84%E2%80%AE',
    "/explore/tokens/ethereum/'%20OR%201=1--",
    '/explore/pools/ethereum/%7B__schema%7D',
    `/explore/tokens/ethereum/0x${'ab'.repeat(32)}`,
    '/explore/pools/ethereum/%E0%A4%A',
  ])
    assert.equal(title(path), 'Page not found | Oxbow Interface', path)
  assert.equal(
    title(`/explore/pools/ethereum/0x${'ab'.repeat(32)}`),
    'Pool 0xabab…abab on Ethereum | Oxbow Interface',
  )
  assert.equal(title('/explore/%E0%A4%A'), 'Explore top tokens on Ethereum | Oxbow Interface')
})
