import assert from 'node:assert/strict'
import { test } from 'node:test'
import { sqrtPriceAtTick } from '@oxbow/routing'
import { linkedAmounts } from './addLiquidity.ts'
import { testPosition } from './testPosition.ts'

const at = (tick: number) => testPosition({ sqrtPriceX96: sqrtPriceAtTick(tick), tick })

test('behavior: in range, the typed side costs what was typed (to 1 wei) and the other side is linked', () => {
  const typed = 10n ** 18n
  const from0 = linkedAmounts(at(0), 0, typed)
  assert.ok(from0)
  assert.ok(from0.amount0 <= typed + 1n && from0.amount0 >= typed - 1n, String(from0.amount0))
  assert.ok(from0.amount1 > 0n)
  const from1 = linkedAmounts(at(0), 1, from0.amount1)
  assert.ok(from1)
  // Typing the linked amount back gives the same liquidity to rounding.
  const diff =
    from1.liquidity > from0.liquidity ? from1.liquidity - from0.liquidity : from0.liquidity - from1.liquidity
  assert.ok(diff * 1_000_000n <= from0.liquidity, `${from0.liquidity} vs ${from1.liquidity}`)
})

test('error: a side the range does not hold at this price, or a zero amount, links to nothing', () => {
  // Price above the range: only token1.
  assert.equal(linkedAmounts(at(1200), 0, 10n ** 18n), null)
  const only1 = linkedAmounts(at(1200), 1, 10n ** 18n)
  assert.ok(only1 && only1.amount0 === 0n)
  // Price below the range: only token0.
  assert.equal(linkedAmounts(at(-1200), 1, 10n ** 18n), null)
  assert.equal(linkedAmounts(at(0), 0, 0n), null)
})
