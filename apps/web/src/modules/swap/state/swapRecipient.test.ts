import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isRefusedSwapRecipient, type KnownProtocolAddresses } from './swapRecipient.ts'

const ROUTER = '0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const POOL = '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640'
const known: KnownProtocolAddresses = {
  contracts: [ROUTER, PERMIT2, undefined],
  tokens: [USDC],
  pools: [POOL],
}
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

test('error: the zero address and precompiles are invalid recipients (issue #16)', () => {
  for (const address of [
    '0x0000000000000000000000000000000000000000',
    '0x0000000000000000000000000000000000000001',
    '0x000000000000000000000000000000000000000a',
    '0x0000000000000000000000000000000000000100',
  ]) {
    assert.equal(isRefusedSwapRecipient(address, known), true, address)
  }
})

test('error: the router, Permit2, a listed token and a known pool are invalid recipients, in any letter case', () => {
  for (const address of [
    ROUTER,
    PERMIT2,
    USDC,
    POOL,
    ROUTER.toLowerCase(),
    USDC.toUpperCase().replace('0X', '0x'),
  ]) {
    assert.equal(isRefusedSwapRecipient(address, known), true, address)
  }
})

test('behavior: any other account may receive', () => {
  assert.equal(isRefusedSwapRecipient(ALICE, known), false)
  assert.equal(isRefusedSwapRecipient(ALICE.toLowerCase(), known), false)
  assert.equal(isRefusedSwapRecipient(ALICE, { contracts: [], tokens: [], pools: [] }), false)
})
