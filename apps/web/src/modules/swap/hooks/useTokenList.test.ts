import assert from 'node:assert/strict'
import { test } from 'node:test'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { testAddress, testToken } from '../services/testTokens.ts'
import type { ImportedToken } from '../state/importedTokens.ts'
import { findToken, IMPORTED_SAFETY, mergeTokenLists, validTokenList } from './useTokenList.ts'

const info = testToken
const addr = testAddress
const ETH = info('ETH', NATIVE_CURRENCY_ADDRESS, { native: true })
const FAKE = info('USDC', '0xDF8b3Fab1761379fB2cd33039761C8FA0Fe24700', { safety: 'impersonator' })
const USDC = info('USDC', '0x7db5aDcB76Cf7468Ecaa44B0160817eab23eF2E8')
const DAI = info('DAI', addr(3))
const lower = info('usdx', addr(4))
const upper = info('USDX', addr(5))
// The impersonator first in the list: findToken must still pick the real one.
const tokens = [ETH, FAKE, USDC, DAI, lower, upper]

test('behavior: findToken resolves native, addresses and symbols', () => {
  assert.equal(findToken(tokens, 'ETH'), ETH)
  assert.equal(findToken(tokens, 'eth'), ETH)
  assert.equal(findToken(tokens, NATIVE_CURRENCY_ADDRESS), ETH)
  assert.equal(findToken(tokens, USDC.address.toLowerCase()), USDC)
  assert.equal(findToken(tokens, FAKE.address), FAKE, 'an explicit address is honoured')
  assert.equal(findToken(tokens, 'USDC'), USDC, 'a symbol prefers the verified token')
  assert.equal(findToken(tokens, 'usdc'), USDC)
  assert.equal(findToken(tokens, 'dai'), DAI)
  assert.equal(findToken(tokens, 'USDX'), upper, 'exact case first')
  assert.equal(findToken(tokens, 'usdx'), lower)
  assert.equal(findToken(tokens, 'UsDx'), lower)
  assert.equal(findToken(tokens, addr(999)), undefined)
  assert.equal(findToken(tokens, 'NOPE'), undefined)
  assert.equal(findToken(tokens, '  '), undefined)
})

test('behavior: the native symbol of another network resolves to its native currency', () => {
  const pol = info('POL', NATIVE_CURRENCY_ADDRESS, { native: true })
  assert.equal(findToken([pol, DAI], 'POL'), pol)
  assert.equal(findToken([pol, DAI], 'ETH'), pol, 'ETH is the API alias of the native currency')
  assert.equal(findToken([DAI], 'ETH'), undefined)
})

test('behavior: imported tokens join the list, marked, the list entry winning', () => {
  const imported: ImportedToken[] = [
    { address: addr(77), symbol: 'NEW', name: 'New', decimals: 9 },
    { address: `0x${DAI.address.slice(2).toUpperCase()}`, symbol: 'DAI2', name: 'dup', decimals: 18 },
  ]
  const merged = mergeTokenLists([ETH, DAI], imported)
  assert.deepEqual(
    merged.map((t) => [t.symbol, t.imported === true, t.safety]),
    [
      ['ETH', false, 'verified'],
      ['DAI', false, 'verified'],
      ['NEW', true, IMPORTED_SAFETY],
    ],
  )
  const list = [ETH, DAI]
  assert.equal(mergeTokenLists(list, []), list, 'unchanged list keeps its identity')
})

test('behavior: a restored (persisted) token list is validated again', () => {
  const list = [ETH, USDC]
  assert.deepEqual(validTokenList(list), list)
  assert.equal(validTokenList({}), undefined)
  assert.equal(validTokenList(undefined), undefined)
  assert.deepEqual(
    validTokenList([ETH, { ...USDC, address: 'javascript:alert(1)' }, { symbol: 'X' }, null]),
    [ETH],
  )
})
