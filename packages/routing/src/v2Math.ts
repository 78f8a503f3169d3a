/** Uniswap v2 constant-product maths (`UniswapV2Library`), exact in bigint. */

/** UniswapV2Library.getAmountOut (0.3 % fee). */
export function v2AmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const withFee = amountIn * 997n
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee)
}

/** UniswapV2Library.getAmountIn; undefined when the pool cannot deliver `amountOut`. */
export function v2AmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint | undefined {
  if (amountOut <= 0n || reserveIn <= 0n || amountOut >= reserveOut) return undefined
  return (reserveIn * amountOut * 1000n) / ((reserveOut - amountOut) * 997n) + 1n
}

/** Integer square root, rounded down (UniswapV2Pair's `Math.sqrt`). */
export function sqrtFloor(value: bigint): bigint {
  if (value < 0n) throw new RangeError('sqrtFloor of a negative number')
  if (value < 2n) return value
  let x = BigInt(Math.floor(Math.sqrt(Number(value))))
  if (x === 0n) x = 1n
  for (let i = 0; i < 8; i++) x = (x + value / x) >> 1n
  while (x * x > value) x -= 1n
  while ((x + 1n) * (x + 1n) <= value) x += 1n
  return x
}

/** What burning `liquidity` LP tokens pays of one reserve (UniswapV2Pair.burn, rounded down). */
export function v2BurnShare(liquidity: bigint, reserve: bigint, totalSupply: bigint): bigint {
  return totalSupply === 0n ? 0n : (liquidity * reserve) / totalSupply
}

/**
 * The constant-product invariant √(amount0 · amount1) of an amount pair taken in the pair's ratio (a
 * deposit or a burn's payout). Swap fees stay in the reserves, so the invariant per LP token only
 * grows: what a holding's invariant gained over the invariant it was acquired with is its fees.
 */
export function v2Invariant(amount0: bigint, amount1: bigint): bigint {
  return sqrtFloor(amount0 * amount1)
}

/**
 * The swap fees inside `amount0`/`amount1` (a holding's or a burn's amounts, in the pair's ratio)
 * whose LP tokens were acquired with invariant `basisInvariant`: the share of the amounts' invariant
 * that grew since, rounded down; 0 when it did not grow.
 */
export function v2FeesWithin(
  amount0: bigint,
  amount1: bigint,
  basisInvariant: bigint,
): { fees0: bigint; fees1: bigint } {
  const now = v2Invariant(amount0, amount1)
  if (now <= basisInvariant || now === 0n) return { fees0: 0n, fees1: 0n }
  return { fees0: (amount0 * (now - basisInvariant)) / now, fees1: (amount1 * (now - basisInvariant)) / now }
}
