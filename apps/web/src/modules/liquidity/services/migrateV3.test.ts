import assert from 'node:assert/strict'
import { test } from 'node:test'
import { sqrtPriceAtTick } from '@oxbow/routing'
import { type Address, zeroAddress } from 'viem'
import { inV4Order, invertSqrtPrice, type V3MigrationPlan, v3MigrationAmounts } from './migrateV3.ts'
import { testPosition, testToken } from './testPosition.ts'

const token = testToken
const position = testPosition({
  liquidity: 10n ** 20n,
  amount0: 10n ** 18n,
  amount1: 10n ** 18n,
  fees0: 10n ** 15n,
  fees1: 2n * 10n ** 15n,
})
const plan = (createAt: bigint | null): V3MigrationPlan => ({
  pool: {
    network: 'ethereum',
    version: 'v4',
    token0: { ...token, payNative: false },
    token1: { ...token, payNative: false },
    fee: 3000,
    tickSpacing: 60,
    hooks: zeroAddress,
  },
  createAt,
  sqrtPriceX96: sqrtPriceAtTick(0),
  tickLower: -600,
  tickUpper: 600,
})

test('behavior: a new pool takes what the v3 removal is sure to pay (0.5 % minimums plus fees), never more', () => {
  const a = v3MigrationAmounts(position, plan(sqrtPriceAtTick(0)))
  assert.ok(a)
  assert.equal(a.min0, (10n ** 18n * 9950n) / 10_000n)
  assert.equal(a.available0, a.min0 + 10n ** 15n)
  assert.equal(a.available1, a.min1 + 2n * 10n ** 15n)
  assert.ok(a.deposit.amount0 <= a.available0 && a.deposit.amount1 <= a.available1)
  // The binding side is (nearly) used up; what is left comes back.
  assert.ok(a.deposit.amount0 >= a.available0 - 2n, String(a.available0 - a.deposit.amount0))
  assert.equal(a.refund0 + a.deposit.amount0, position.amount0 + position.fees0)
  assert.equal(a.refund1 + a.deposit.amount1, position.amount1 + position.fees1)
})

test('behavior: an existing pool leaves another 0.5 % of room for its price to move', () => {
  const fresh = v3MigrationAmounts(position, plan(sqrtPriceAtTick(0)))
  const existing = v3MigrationAmounts(position, plan(null))
  assert.ok(fresh && existing)
  assert.ok(existing.deposit.liquidity < fresh.deposit.liquidity)
  assert.ok(existing.deposit.amount0 <= (existing.available0 * 9950n) / 10_000n + 1n)
})

test('error: an empty position, or a range the amounts buy nothing in, migrates nothing', () => {
  assert.equal(v3MigrationAmounts({ ...position, liquidity: 0n }, plan(null)), null)
  assert.equal(
    v3MigrationAmounts({ ...position, amount0: 0n, amount1: 0n, fees0: 0n, fees1: 0n }, plan(null)),
    null,
  )
})

const WETH: Address = '0x66535c7c2a2E47aDBeb52aad1D58833e6a5100AB'
const LOW: Address = '0x0000000000000000000000000000000000000001'
const HIGH: Address = '0xffffffffffffffffffffffffffffffffffffffff'
const ETH = { address: zeroAddress, symbol: 'ETH', decimals: 18, isNative: true }

test('behavior: into a native pool, WETH as token0 becomes ETH in place; as token1 the pair turns over', () => {
  const weth = { ...token, address: WETH, symbol: 'WETH' }
  const same = inV4Order({ ...position, token0: weth, token1: { ...token, address: HIGH } }, WETH, ETH)
  assert.ok(same)
  assert.equal(same.flipped, false)
  assert.equal(same.unwrapWeth, true)
  assert.equal(same.position.token0, ETH)
  const p = {
    ...position,
    token0: { ...token, address: LOW },
    token1: weth,
    tickLower: -120,
    tickUpper: 600,
    sqrtPriceX96: sqrtPriceAtTick(300),
    tick: 300,
    amount0: 5n,
    amount1: 7n,
    fees0: 1n,
    fees1: 2n,
  }
  const turned = inV4Order(p, WETH, ETH)
  assert.ok(turned)
  assert.equal(turned.flipped, true)
  const q = turned.position
  assert.deepEqual([q.token0, q.token1.address], [ETH, LOW])
  assert.deepEqual([q.amount0, q.amount1, q.fees0, q.fees1], [7n, 5n, 2n, 1n])
  assert.deepEqual([q.tickLower, q.tickUpper], [-600, 120])
  // 1 / 1.0001^300 is 1.0001^-300, to a wei of the Q64.96 sqrt price.
  const diff = q.sqrtPriceX96 - sqrtPriceAtTick(-300)
  assert.ok(diff >= -1n && diff <= 1n, String(diff))
  assert.ok(q.tick === -300 || q.tick === -301)
  assert.equal(invertSqrtPrice(0n), 0n)
})

test('error: a native pool for a position without a WETH side, or a network without WETH9, is refused', () => {
  assert.equal(inV4Order(position, WETH, ETH), null)
  assert.equal(inV4Order(position, undefined, ETH), null)
  assert.equal(inV4Order(position, WETH, null)?.position, position)
})
