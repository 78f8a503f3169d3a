import assert from 'node:assert/strict'
import { test } from 'node:test'
import { sqrtPriceAtTick } from '@oxbow/routing'
import { v2Invariant } from '@oxbow/routing/v2Liquidity'
import { compareWithHolding, feesEarned, type PositionHistory } from './holdComparison.ts'
import { fullRangeTicks, positionAmounts } from './positionMath.ts'
import { v2ComparisonInput } from './v2HoldComparison.ts'

const E18 = 10n ** 18n
const history = (over: Partial<PositionHistory> = {}): PositionHistory => ({
  deposited0: E18,
  deposited1: E18,
  withdrawn0: 0n,
  withdrawn1: 0n,
  collected0: 0n,
  collected1: 0n,
  openedAt: 1_700_000_000,
  ...over,
})
const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-6, `${what}: ${actual} vs ${expected}`)

test('behavior: a full-range position whose price went 1 -> 4 lost 20 % against holding (2√r/(1+r) − 1)', () => {
  // L = 1 token at price 1: 1 + 1 deposited; at price 4 it holds 1/√4 = 0.5 and √4 = 2.
  const c = compareWithHolding({
    history: history(),
    amount0: E18 / 2n,
    amount1: 2n * E18,
    fees0: 0n,
    fees1: 0n,
    decimals0: 18,
    decimals1: 18,
    price0: 4,
    price1: 1,
  })
  assert.ok(c)
  close(c.holdValue, 5, 'hold: 1 × 4 + 1 × 1')
  close(c.principalValue, 4, 'position: 0.5 × 4 + 2 × 1')
  close(c.impermanentLoss, -1, 'loss')
  close(c.impermanentLossPercent, -20, 'loss in percent')
  close(c.net, -1, 'no fees: net = loss')
})

test('behavior: with the exact tick math, a full-range position at 4× the price is 20 % under holding; fees offset it', () => {
  const { tickLower, tickUpper } = fullRangeTicks(60)
  const liquidity = 10n ** 24n
  const start = positionAmounts(sqrtPriceAtTick(0), tickLower, tickUpper, liquidity)
  // 1.0001^13863 ≈ 4.
  const now = positionAmounts(sqrtPriceAtTick(13_863), tickLower, tickUpper, liquidity)
  const c = compareWithHolding({
    history: history({ deposited0: start.amount0, deposited1: start.amount1 }),
    amount0: now.amount0,
    amount1: now.amount1,
    fees0: 0n,
    fees1: start.amount1 / 10n,
    decimals0: 18,
    decimals1: 18,
    price0: 1.0001 ** 13_863,
    price1: 1,
  })
  assert.ok(c)
  assert.ok(Math.abs(c.impermanentLossPercent + 20) < 0.01, `${c.impermanentLossPercent}`)
  // Fees of a tenth of the token1 deposit: 0.1 of 5 hold units = +2 points.
  assert.ok(Math.abs(c.netPercent - (c.impermanentLossPercent + 2)) < 0.01, `${c.netPercent}`)
})

test('behavior: withdrawn principal counts as held, not lost', () => {
  // Half withdrawn at an unchanged price: no loss.
  const c = compareWithHolding({
    history: history({ withdrawn0: E18 / 2n, withdrawn1: E18 / 2n }),
    amount0: E18 / 2n,
    amount1: E18 / 2n,
    fees0: 0n,
    fees1: 0n,
    decimals0: 18,
    decimals1: 18,
    price0: 2,
    price1: 1,
  })
  assert.ok(c)
  close(c.impermanentLoss, 0, 'loss')
})

test('behavior: v3 fees are collected + collectable − principal withdrawn; v4 fees are collected + unclaimed', () => {
  // v3: a decrease of 10/20 whose principal was collected along with 3/4 of fees; 1/2 unclaimed.
  const h = history({ withdrawn0: 10n, withdrawn1: 20n, collected0: 13n, collected1: 24n })
  assert.deepEqual(feesEarned('v3', h, 1n, 2n), { fees0: 4n, fees1: 6n })
  // Principal decreased but not collected yet shows in the collectable amount, not as fees.
  assert.deepEqual(feesEarned('v3', history({ withdrawn0: 10n, withdrawn1: 0n }), 10n, 5n), {
    fees0: 0n,
    fees1: 5n,
  })
  assert.deepEqual(feesEarned('v4', history({ collected0: 7n, collected1: 8n, withdrawn0: 100n }), 1n, 2n), {
    fees0: 8n,
    fees1: 10n,
  })
})

test('error: no deposit or an unpriced token gives no comparison', () => {
  const base = {
    amount0: 1n,
    amount1: 1n,
    fees0: 0n,
    fees1: 0n,
    decimals0: 18,
    decimals1: 6,
    price0: 1,
    price1: 1,
  }
  assert.equal(compareWithHolding({ ...base, history: history({ deposited0: 0n, deposited1: 0n }) }), null)
  assert.equal(compareWithHolding({ ...base, history: history(), price1: null }), null)
  // A token with nothing in it needs no price.
  const one = compareWithHolding({
    ...base,
    amount1: 0n,
    history: history({ deposited1: 0n }),
    price1: null,
  })
  assert.ok(one)
})

test('behavior: v2: the fees inside the LP tokens and burns are counted apart from the loss; net = what came out − hold', () => {
  // 1 + 4 deposited at price 4 (token0 in token1); the price went to 1 and fees grew the invariant by 10 %.
  const deposit = { deposited0: E18, deposited1: 4n * E18 }
  const basisInvariant = v2Invariant(E18, 4n * E18)
  // Same invariant at price 1: 2 + 2; 10 % more through fees: 2.2 + 2.2.
  const holding = { amount0: (22n * E18) / 10n, amount1: (22n * E18) / 10n }
  const v2 = v2ComparisonInput({ ...history(deposit), lpBalance: 1n, basisInvariant }, holding)
  close(Number(v2.fees0) / 1e18, 0.2, 'fees0: the tenth of the invariant gained')
  close(Number(v2.amount0) / 1e18, 2, 'principal0 without fees')
  const c = compareWithHolding({ ...v2, decimals0: 18, decimals1: 18, price0: 1, price1: 1 })
  assert.ok(c)
  close(c.holdValue, 5, 'hold: 1 + 4')
  close(c.principalValue, 4, 'principal: 2 + 2')
  close(c.impermanentLoss, -1, 'loss: 2√4/(1+4) − 1 = −20 %')
  close(c.feesValue, 0.4, 'fees')
  close(c.net, 4.4 - 5, 'net = 2.2 + 2.2 − 5')

  // A burn that paid 1.1 + 1.1 with 0.1 + 0.1 of fees counts as principal 1 + 1 withdrawn.
  const burned = v2ComparisonInput(
    {
      ...history({
        ...deposit,
        withdrawn0: (11n * E18) / 10n,
        withdrawn1: (11n * E18) / 10n,
        collected0: E18 / 10n,
        collected1: E18 / 10n,
      }),
      lpBalance: 1n,
      basisInvariant: basisInvariant / 2n,
    },
    { amount0: (11n * E18) / 10n, amount1: (11n * E18) / 10n },
  )
  const half = compareWithHolding({ ...burned, decimals0: 18, decimals1: 18, price0: 1, price1: 1 })
  assert.ok(half)
  close(half.principalValue, 4, 'principal: 1 + 1 held + 1 + 1 withdrawn')
  close(half.feesValue, 0.4, 'fees: 0.2 withdrawn + 0.2 held')
})
