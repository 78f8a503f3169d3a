import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Address } from 'viem'
import {
  type ImportedToken,
  MAX_IMPORTED_PER_CHAIN,
  parseImportedTokens,
  validateImportedToken,
  withImportedToken,
  withoutImportedToken,
} from './importedTokens.ts'

const addr = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`
const NEW: ImportedToken = { address: addr(0xabc), symbol: 'NEW', name: 'New Token', decimals: 18 }

test('behavior: a persisted list round-trips', () => {
  const stored = { ethereum: [NEW], base: [{ ...NEW, address: addr(0xdef), decimals: 6 }] }
  assert.deepEqual(parseImportedTokens(JSON.stringify(stored)), stored)
})

test('behavior: malformed storage yields nothing, never throws', () => {
  for (const text of [null, '', 'not json', '[]', '"x"', '42', 'null', '{"ethereum":{}}']) {
    assert.deepEqual(parseImportedTokens(text), {}, String(text))
  }
})

test('behavior: malformed entries are dropped, the others kept', () => {
  const entries: unknown[] = [
    NEW,
    null,
    'USDC',
    { ...NEW, address: '0x1234' },
    { ...NEW, address: '0x0000000000000000000000000000000000000000' },
    { ...NEW, address: addr(1), symbol: '' },
    { ...NEW, address: addr(2), symbol: 42 },
    { ...NEW, address: addr(3), symbol: 'EVIL\u202e' },
    { ...NEW, address: addr(4), name: 'line\nbreak' },
    { ...NEW, address: addr(5), symbol: 'S'.repeat(40) },
    { ...NEW, address: addr(6), decimals: 256 },
    { ...NEW, address: addr(7), decimals: 1.5 },
    { ...NEW, address: addr(8), decimals: '18' },
    { ...NEW, address: NEW.address.toUpperCase().replace('0X', '0x') }, // duplicate
    { ...NEW, address: addr(9), symbol: 'OK', extra: '<script>' },
  ]
  const parsed = parseImportedTokens(JSON.stringify({ ethereum: entries, 'Not A Slug!': [NEW], base: 'x' }))
  assert.deepEqual(parsed, {
    ethereum: [NEW, { address: addr(9), symbol: 'OK', name: 'New Token', decimals: 18 }],
  })
})

test('behavior: validation is the same rule as a fresh import', () => {
  assert.deepEqual(validateImportedToken(NEW), NEW)
  assert.equal(validateImportedToken({ ...NEW, name: ' padded ' }), undefined)
  assert.equal(validateImportedToken(undefined), undefined)
})

test('behavior: add, re-add and remove per network', () => {
  let tokens = withImportedToken({}, 'ethereum', NEW)
  assert.deepEqual(tokens, { ethereum: [NEW] })
  const other = { ...NEW, address: addr(0x123), symbol: 'OTH' }
  tokens = withImportedToken(tokens, 'ethereum', other)
  tokens = withImportedToken(tokens, 'ethereum', {
    ...NEW,
    address: `0x${NEW.address.slice(2).toUpperCase()}`,
  })
  assert.deepEqual(
    tokens.ethereum?.map((t) => t.symbol),
    ['OTH', 'NEW'],
    're-importing moves it to the end, once',
  )
  assert.equal(withImportedToken(tokens, 'ethereum', { ...NEW, symbol: '' }), tokens, 'invalid refused')
  tokens = withImportedToken(tokens, 'base', NEW)
  tokens = withoutImportedToken(tokens, 'ethereum', NEW.address.toUpperCase().replace('0X', '0x'))
  assert.deepEqual(tokens, { ethereum: [other], base: [NEW] })
  tokens = withoutImportedToken(tokens, 'base', NEW.address)
  assert.deepEqual(tokens, { ethereum: [other] })
  assert.equal(withoutImportedToken(tokens, 'polygon', NEW.address), tokens)
})

test('behavior: at most MAX_IMPORTED_PER_CHAIN per network, oldest dropped', () => {
  let tokens = {}
  for (let i = 1; i <= MAX_IMPORTED_PER_CHAIN + 5; i++) {
    tokens = withImportedToken(tokens, 'ethereum', { ...NEW, address: addr(i), symbol: `T${i}` })
  }
  const list = parseImportedTokens(JSON.stringify(tokens)).ethereum ?? []
  assert.equal(list.length, MAX_IMPORTED_PER_CHAIN)
  assert.equal(list[0]?.symbol, 'T6')
})
