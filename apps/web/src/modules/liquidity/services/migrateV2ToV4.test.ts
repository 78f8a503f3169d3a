import assert from 'node:assert/strict'
import { test } from 'node:test'
import { sqrtPriceAtTick } from '@oxbow/routing'
import { type Address, zeroAddress } from 'viem'
import { v2InV4Order, v2ToV4Deposit } from './migrateV2ToV4.ts'
import { fullRangeTicks } from './positionMath.ts'
import type { V2Position } from './v2Position.ts'

const WETH: Address = '0x66535c7c2a2E47aDBeb52aad1D58833e6a5100AB'
const LOW: Address = '0x0000000000000000000000000000000000000001'
const HIGH: Address = '0xffffffffffffffffffffffffffffffffffffffff'
const token = (address: Address, symbol: string) => ({ address, symbol, decimals: 18, isNative: false })
const ETH = { address: zeroAddress, symbol: 'ETH', decimals: 18, isNative: true }
const pair = (token0: Address, token1: Address): V2Position => ({
  network: 'ethereum',
  pair: LOW,
  router: LOW,
  owner: LOW,
  token0: token(token0, token0 === WETH ? 'WETH' : 'A'),
  token1: token(token1, token1 === WETH ? 'WETH' : 'B'),
  reserve0: 1000n,
  reserve1: 3000n,
  totalSupply: 100n,
  balance: 10n,
  amount0: 100n,
  amount1: 300n,
  blockNumber: 1n,
})

test('behavior: into a native v4 pool, WETH as token0 becomes ETH in place; as token1 the pair turns over', () => {
  const same = v2InV4Order(pair(WETH, HIGH), WETH, ETH)
  assert.ok(same)
  assert.deepEqual(
    [same.flipped, same.native, same.token0.address, same.token0.payNative],
    [false, true, zeroAddress, true],
  )
  assert.deepEqual([same.amount0, same.amount1], [100n, 300n])
  const turned = v2InV4Order(pair(LOW, WETH), WETH, ETH)
  assert.ok(turned)
  assert.equal(turned.flipped, true)
  assert.deepEqual([turned.token0.address, turned.token1.address], [zeroAddress, LOW])
  assert.deepEqual(
    [turned.amount0, turned.amount1, turned.reserve0, turned.reserve1],
    [300n, 100n, 3000n, 1000n],
  )
  // Kept as WETH: the pair as it is, nothing paid as native.
  const kept = v2InV4Order(pair(LOW, WETH), WETH, null)
  assert.ok(kept)
  assert.deepEqual([kept.flipped, kept.native, kept.token1.payNative], [false, false, false])
})

test('error: native asked for a pair without WETH, or without WETH9 on the network: null', () => {
  assert.equal(v2InV4Order(pair(LOW, HIGH), WETH, ETH), null)
  assert.equal(v2InV4Order(pair(WETH, HIGH), undefined, ETH), null)
})

test('behavior: the deposit never needs more than the removal is sure to pay, with the mint’s 0.5 % over it', () => {
  const order = { amount0: 10n ** 18n, amount1: 3n * 10n ** 18n }
  const range = { sqrtPriceX96: sqrtPriceAtTick(10986), ...fullRangeTicks(60) }
  const d = v2ToV4Deposit(order, range)
  assert.ok(d && d.liquidity > 0n)
  const removalMin = (a: bigint) => (a * 9950n) / 10_000n
  const mintMax = (a: bigint) => a + (a * 50n) / 10_000n
  assert.ok(mintMax(d.amount0) <= removalMin(order.amount0))
  assert.ok(mintMax(d.amount1) <= removalMin(order.amount1))
  assert.equal(v2ToV4Deposit({ amount0: 0n, amount1: 0n }, range), null)
})
