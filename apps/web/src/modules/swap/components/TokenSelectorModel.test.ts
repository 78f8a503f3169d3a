import assert from 'node:assert/strict'
import { test } from 'node:test'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { Address } from 'viem'
import type { SwapToken } from '../hooks/useTokenList.ts'
import { testAddress, testToken } from '../services/testTokens.ts'
import {
  balanceValueUsd,
  importCandidate,
  matchRank,
  needsConfirmation,
  safetyLevel,
  searchTokens,
  sortTokens,
  unselectableReason,
} from './TokenSelectorModel.ts'

const token = (symbol: string, address: Address, extra: Partial<SwapToken> = {}): SwapToken =>
  testToken(symbol, address, { name: `${symbol} token`, ...extra })
const addr = testAddress

const ETH = token('ETH', NATIVE_CURRENCY_ADDRESS, { name: 'Ether', native: true, priceUsd: 3000 })
const WETH = token('WETH', '0x66535c7c2a2E47aDBeb52aad1D58833e6a5100AB', {
  name: 'Wrapped Ether',
  priceUsd: 3000,
})
const USDC = token('USDC', '0x7db5aDcB76Cf7468Ecaa44B0160817eab23eF2E8', { name: 'USD Coin', decimals: 6 })
const DAI = token('DAI', addr(3), { name: 'Dai Stablecoin' })
const FAKE_USDC = token('USDC', '0xDF8b3Fab1761379fB2cd33039761C8FA0Fe24700', {
  name: 'USD Coin',
  decimals: 6,
  safety: 'impersonator',
})
const SPAM = token('AIRDROP', addr(5), {
  name: 'Claim rewards at oxbow-airdrop.example',
  safety: 'spam',
  priceUsd: 0,
})
const TAXX = token('TAXX', addr(6), {
  safety: 'medium',
  transferFeeBps: 300,
  notRoutable: 'fee-on-transfer token',
})
const HONEY = token('HONEY', addr(7), { safety: 'honeypot', notRoutable: 'honeypot token' })
const BLOCKED = token('BAD', addr(8), { safety: 'blocked' })
const IMPORTED = token('NEW', addr(9), { safety: 'unverified', imported: true, priceUsd: 0 })
// The list puts the native currency somewhere other than first, to prove the rule.
const list = [WETH, USDC, ETH, DAI, FAKE_USDC, SPAM, TAXX, HONEY, BLOCKED, IMPORTED]
const symbols = (tokens: readonly SwapToken[]) =>
  tokens.map((t) => `${t.symbol}${t.safety === 'verified' ? '' : `:${t.safety}`}`)

test('behavior: search matches symbol, name or address, case-insensitive, best match first', () => {
  assert.deepEqual(symbols(searchTokens(list, 'usdc')), ['USDC', 'USDC:impersonator'])
  assert.deepEqual(
    symbols(searchTokens(list, 'Coin')),
    ['USDC', 'USDC:impersonator', 'DAI'],
    'word prefix ("USD Coin") before anywhere ("Stablecoin")',
  )
  assert.deepEqual(symbols(searchTokens(list, 'eth')), ['ETH', 'WETH'], 'exact symbol, then prefix/name')
  assert.deepEqual(symbols(searchTokens(list, 'ether')), ['WETH', 'ETH'], 'both by name; list order')
  assert.deepEqual(symbols(searchTokens(list, 'stable')), ['DAI'])
  assert.deepEqual(symbols(searchTokens(list, '  dai ')), ['DAI'])
  assert.deepEqual(symbols(searchTokens(list, 'zzz')), [])
  assert.equal(searchTokens(list, ''), list)
})

test('behavior: a full address matches only that token, in any case', () => {
  assert.deepEqual(symbols(searchTokens(list, USDC.address.toUpperCase().replace('0X', '0x'))), ['USDC'])
  assert.deepEqual(symbols(searchTokens(list, FAKE_USDC.address.toLowerCase())), ['USDC:impersonator'])
  assert.deepEqual(symbols(searchTokens(list, addr(4242))), [])
  assert.equal(matchRank(USDC, '0x7db5adcb'), 4, 'an address prefix matches too')
})

test('behavior: an unlisted address offers import; listed, native and partial ones do not', () => {
  assert.equal(importCandidate(list, ` ${addr(4242)} `), addr(4242))
  assert.equal(importCandidate(list, USDC.address.toLowerCase()), undefined)
  assert.equal(importCandidate(list, NATIVE_CURRENCY_ADDRESS), undefined)
  assert.equal(importCandidate(list, '0x7db5'), undefined)
  assert.equal(importCandidate(list, 'USDC'), undefined)
  assert.equal(importCandidate(list, `${addr(4242)}00`), undefined)
})

test('behavior: without balances the native currency comes first, then the list order', () => {
  assert.deepEqual(symbols(sortTokens(list, undefined)).slice(0, 4), ['ETH', 'WETH', 'USDC', 'DAI'])
  assert.deepEqual(symbols(sortTokens(list, new Map())).slice(0, 4), ['ETH', 'WETH', 'USDC', 'DAI'])
})

test('behavior: with balances rows sort by USD value, then held tokens without a price, then list order', () => {
  const balances = new Map<string, bigint>([
    [NATIVE_CURRENCY_ADDRESS, 10n ** 18n], // 1 ETH = $3000
    [USDC.address.toLowerCase(), 5_000_000_000n], // 5000 USDC = $5000
    [DAI.address.toLowerCase(), 10n * 10n ** 18n], // $10
    [SPAM.address.toLowerCase(), 10n ** 24n], // held, no price
    [WETH.address.toLowerCase(), 0n],
  ])
  assert.deepEqual(symbols(sortTokens(list, balances)), [
    'USDC',
    'ETH',
    'DAI',
    'AIRDROP:spam',
    'WETH',
    'USDC:impersonator',
    'TAXX:medium',
    'HONEY:honeypot',
    'BAD:blocked',
    'NEW:unverified',
  ])
  const near = new Map<string, bigint>([
    [WETH.address.toLowerCase(), 10n ** 18n / 3n], // $999.999…
    [DAI.address.toLowerCase(), 1000n * 10n ** 18n], // $1000: the same cent, so the list order (WETH first)
  ])
  assert.deepEqual(symbols(sortTokens(list, near)).slice(0, 2), ['WETH', 'DAI'])
  assert.equal(balanceValueUsd(USDC, 2_500_000n), 2.5)
  assert.equal(balanceValueUsd(SPAM, 10n ** 24n), 0)
  assert.equal(balanceValueUsd(USDC, undefined), 0)
})

test('behavior: safety levels, confirmation and what cannot be selected', () => {
  assert.equal(safetyLevel(ETH), 'verified')
  assert.equal(safetyLevel(FAKE_USDC), 'impersonator')
  assert.equal(safetyLevel(token('X', addr(10), { safety: 'SPAM' })), 'spam')
  assert.equal(safetyLevel(token('X', addr(10), { safety: 'weird' })), 'unverified', 'unknown levels warn')
  assert.equal(needsConfirmation(USDC), false)
  assert.equal(needsConfirmation(FAKE_USDC), true)
  assert.equal(needsConfirmation(SPAM), true)
  assert.equal(needsConfirmation(token('X', addr(10), { safety: 'malicious' })), true)
  assert.equal(needsConfirmation(IMPORTED), false, 'confirmed when it was imported')
  assert.equal(unselectableReason(BLOCKED), 'blocked')
  assert.equal(unselectableReason(HONEY), 'notRoutable')
  assert.equal(unselectableReason(TAXX), 'notRoutable')
  assert.equal(unselectableReason(SPAM), undefined)
  assert.equal(unselectableReason(ETH), undefined)
})
