import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { clQuote } from './clQuote.ts'
import { clSwap } from './clSwap.ts'
import {
  MAX_SQRT_PRICE,
  MAX_TICK,
  MIN_SQRT_PRICE,
  MIN_TICK,
  priceAtSqrtPrice,
  Q96,
  sqrtPriceAtTick,
  tickAtSqrtPrice,
} from './math.ts'
import { sqrtFloor, v2FeesWithin, v2Invariant, v2LiquidityValue } from './v2Liquidity.ts'
import { v2AmountIn, v2AmountOut } from './v2Math.ts'

describe('TickMath', () => {
  test('behavior: known sqrt prices at the ends and at tick 0', () => {
    assert.equal(sqrtPriceAtTick(0), Q96)
    assert.equal(sqrtPriceAtTick(MIN_TICK), MIN_SQRT_PRICE)
    assert.equal(sqrtPriceAtTick(MAX_TICK), MAX_SQRT_PRICE)
    // value from the v3-core test suite
    assert.equal(sqrtPriceAtTick(50), 79426470787362580746886972461n)
    assert.equal(sqrtPriceAtTick(-50), 79030349367926598376800521322n)
  })
  test('behavior: tickAtSqrtPrice is the greatest tick at or below a price', () => {
    for (const tick of [MIN_TICK, -200_000, -1, 0, 1, 12_345, 200_000, MAX_TICK - 1]) {
      const p = sqrtPriceAtTick(tick)
      assert.equal(tickAtSqrtPrice(p), tick)
      assert.equal(tickAtSqrtPrice(p + 1n), tick)
      if (tick > MIN_TICK) assert.equal(tickAtSqrtPrice(p - 1n), tick - 1)
    }
  })
  test('behavior: priceAtSqrtPrice is token1 per token0 in whole tokens (1.0001^tick, decimals applied)', () => {
    assert.equal(priceAtSqrtPrice(Q96, 18, 18), 1)
    // WETH (18) / USDC (6) at 2000 USDC a WETH: sqrt(2000e6 / 1e18) * 2^96
    const sqrt = BigInt(Math.round(Math.sqrt(2000e6 / 1e18) * 2 ** 96))
    assert.ok(Math.abs(priceAtSqrtPrice(sqrt, 18, 6) - 2000) < 1e-6)
    assert.ok(Math.abs(priceAtSqrtPrice(sqrtPriceAtTick(12_345), 0, 0) / 1.0001 ** 12_345 - 1) < 1e-9)
  })
})

describe('v2 math', () => {
  test('behavior: getAmountOut and getAmountIn round like UniswapV2Library', () => {
    assert.equal(v2AmountOut(1000n, 1_000_000n, 1_000_000n), 996n)
    const amountIn = v2AmountIn(996n, 1_000_000n, 1_000_000n)
    assert.ok(amountIn !== undefined && v2AmountOut(amountIn, 1_000_000n, 1_000_000n) >= 996n)
    assert.ok(v2AmountOut(amountIn - 1n, 1_000_000n, 1_000_000n) < 996n)
    assert.equal(v2AmountIn(1_000_000n, 1_000_000n, 1_000_000n), undefined)
  })

  test('behavior: integer square root rounds down, exact far beyond 2^53', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 36n, 10n ** 36n - 1n, 2n ** 200n + 12345n]) {
      const r = sqrtFloor(n)
      assert.ok(r * r <= n && (r + 1n) * (r + 1n) > n, `sqrt ${n}`)
    }
    assert.throws(() => sqrtFloor(-1n), RangeError)
  })

  test('behavior: fees within a holding are the invariant it gained since it was acquired', () => {
    // 1 000 LP of a 10 000 supply over reserves that grew by 1 % through fees.
    const { amount0, amount1 } = v2LiquidityValue(
      { reserve0: 1_010_000n, reserve1: 2_020_000n, totalSupply: 10_000n },
      1000n,
    )
    assert.deepEqual([amount0, amount1], [101_000n, 202_000n])
    const basis = v2Invariant(100_000n, 200_000n)
    const { fees0, fees1 } = v2FeesWithin(amount0, amount1, basis)
    // 1 % of the amounts, less the integer square roots' rounding.
    assert.deepEqual([fees0, fees1], [999n, 1999n])
    assert.deepEqual(v2FeesWithin(amount0, amount1, v2Invariant(amount0, amount1)), { fees0: 0n, fees1: 0n })
    assert.deepEqual(v2LiquidityValue({ reserve0: 1n, reserve1: 1n, totalSupply: 0n }, 0n), {
      amount0: 0n,
      amount1: 0n,
    })
    assert.throws(() => v2LiquidityValue({ reserve0: 1n, reserve1: 1n, totalSupply: 10n }, 11n), RangeError)
  })

  test("behavior: the SDK's liquidity value and square root equal UniswapV2Pair's integer maths to the wei", () => {
    // UniswapV2Pair.burn pays liquidity · balance / totalSupply, rounded down; Math.sqrt rounds down.
    let seed = 0x2545f491n
    const next = (bits: bigint) => {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n
      return (seed * 2n ** 64n + seed * 7919n) % 2n ** bits
    }
    for (let i = 0; i < 200; i++) {
      const reserve0 = next(112n) + 1n
      const reserve1 = next(112n) + 1n
      const totalSupply = next(100n) + 1001n
      const liquidity = next(100n) % (totalSupply + 1n)
      assert.deepEqual(v2LiquidityValue({ reserve0, reserve1, totalSupply }, liquidity), {
        amount0: (liquidity * reserve0) / totalSupply,
        amount1: (liquidity * reserve1) / totalSupply,
      })
      const k = reserve0 * reserve1
      const root = v2Invariant(reserve0, reserve1)
      assert.ok(root * root <= k && (root + 1n) * (root + 1n) > k, `sqrt ${k}`)
    }
  })
})

describe('concentrated liquidity swap loop', () => {
  const L = 10n ** 18n
  const state = {
    sqrtPriceX96: Q96,
    tick: 0,
    liquidity: 2n * L,
    tickSpacing: 60,
    fee: 3000,
    ticks: [
      { index: -600, liquidityNet: L },
      { index: -120, liquidityNet: L },
      { index: 120, liquidityNet: -L },
      { index: 600, liquidityNet: -L },
    ],
  }
  test('behavior: a small swap stays in range, a large one crosses ticks', () => {
    const small = clSwap(state, true, 10n ** 15n, true)
    assert.equal(small.ticksCrossed, 0)
    assert.ok(small.complete && small.amountOut > 0n && small.amountOut < 10n ** 15n)
    const large = clSwap(state, true, 2n * 10n ** 16n, true)
    assert.equal(large.ticksCrossed, 1)
    assert.equal(large.liquidity, L)
  })
  test('behavior: exact output needs the least input that yields it', () => {
    for (const zeroForOne of [true, false]) {
      for (const amount of [12_345n, 10n ** 15n, 3n * 10n ** 16n]) {
        const out = clSwap(state, zeroForOne, amount, true).amountOut
        const back = clSwap(state, zeroForOne, out, false)
        assert.ok(back.complete)
        assert.ok(back.amountIn <= amount, `${back.amountIn} <= ${amount}`)
        assert.ok(clSwap(state, zeroForOne, back.amountIn, true).amountOut >= out)
      }
    }
  })
  /** Liquidity at tick 5 with wide empty ranges between the ticks (many words of the bitmap apart). */
  const gappy = {
    sqrtPriceX96: sqrtPriceAtTick(5),
    tick: 5,
    liquidity: L,
    tickSpacing: 1,
    fee: 500,
    ticks: [
      { index: -90_000, liquidityNet: 3n * L },
      { index: -70_000, liquidityNet: -3n * L },
      { index: -20, liquidityNet: L },
      { index: 20, liquidityNet: -L },
      { index: 60_000, liquidityNet: 2n * L },
      { index: 80_000, liquidityNet: -2n * L },
    ],
  }
  test('behavior: jumping empty ranges equals walking them word by word like the contract', () => {
    for (const zeroForOne of [true, false]) {
      for (const exactIn of [true, false]) {
        for (const amount of [10n ** 15n, 10n ** 18n, 5n * 10n ** 18n, 10n ** 30n]) {
          const jumped = clSwap(gappy, zeroForOne, amount, exactIn)
          const walked = clSwap(gappy, zeroForOne, amount, exactIn, false)
          assert.deepEqual(jumped, walked)
        }
      }
    }
  })
  test('behavior: quotes from the memo of whole steps equal the swap loop', () => {
    // amounts around the step thresholds matter most: sweep a log scale plus neighbours
    const amounts: bigint[] = []
    for (let e = 0n; e <= 40n; e++) {
      for (const m of [1n, 3n, 7n]) {
        const a = m * 10n ** e
        amounts.push(a, a + 1n, a > 1n ? a - 1n : 1n)
      }
    }
    // and random ones (fixed seed)
    let seed = 12345
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed
    }
    for (let i = 0; i < 300; i++) amounts.push(BigInt(random()) * 10n ** BigInt(random() % 30) + 1n)
    for (const pool of [state, gappy, { ...state, ticks: [] }, { ...state, liquidity: 0n }]) {
      for (const zeroForOne of [true, false]) {
        for (const exactIn of [true, false]) {
          // twice: the first pass builds the memo, the second reads it
          for (let pass = 0; pass < 2; pass++) {
            for (const amount of amounts) {
              let expected: unknown
              let actual: unknown
              try {
                const r = clSwap(pool, zeroForOne, amount, exactIn)
                expected = {
                  amountIn: r.amountIn,
                  amountOut: r.amountOut,
                  ticksCrossed: r.ticksCrossed,
                  complete: r.complete,
                }
              } catch (error) {
                expected = String(error)
              }
              try {
                actual = clQuote(pool, zeroForOne, amount, exactIn)
              } catch (error) {
                actual = String(error)
              }
              assert.deepEqual(actual, expected, `${zeroForOne} ${exactIn} ${amount}`)
            }
          }
        }
      }
    }
    // exactly at each whole step's end: the next quote starts from that step
    for (const zeroForOne of [true, false]) {
      let amount = 1n
      for (let i = 0; i < 12; i++) {
        const r = clSwap(gappy, zeroForOne, amount, true)
        assert.deepEqual(clQuote(gappy, zeroForOne, r.amountIn, true).amountOut, r.amountOut)
        amount *= 10n
      }
    }
  })
  test('behavior: running out of liquidity is reported as incomplete', () => {
    const r = clSwap({ ...state, ticks: [] }, true, 10n ** 45n, true)
    assert.equal(r.complete, false)
  })
})
