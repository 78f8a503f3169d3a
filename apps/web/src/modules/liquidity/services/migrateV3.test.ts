import assert from 'node:assert/strict'
import { test } from 'node:test'
import { sqrtPriceAtTick } from '@oxbow/routing'
import { zeroAddress } from 'viem'
import { type V3MigrationPlan, v3MigrationAmounts } from './migrateV3.ts'
import type { OnchainPosition } from './readPosition.ts'

const token = { address: zeroAddress, symbol: 'T', decimals: 18, isNative: false }
const position: OnchainPosition = {
  network: 'ethereum',
  version: 'v3',
  tokenId: 1n,
  owner: zeroAddress,
  manager: zeroAddress,
  token0: token,
  token1: token,
  feeTier: 3000,
  tickSpacing: 60,
  hooks: zeroAddress,
  poolKey: null,
  poolId: zeroAddress,
  tickLower: -600,
  tickUpper: 600,
  liquidity: 10n ** 20n,
  sqrtPriceX96: sqrtPriceAtTick(0),
  tick: 0,
  amount0: 10n ** 18n,
  amount1: 10n ** 18n,
  fees0: 10n ** 15n,
  fees1: 2n * 10n ** 15n,
  status: 'IN_RANGE',
  blockNumber: 1n,
}
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
