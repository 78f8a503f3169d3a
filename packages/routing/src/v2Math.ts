/**
 * Uniswap v2 swap maths (`UniswapV2Library`), exact in plain bigint: the route search's hot path
 * (the SDK's `Pair.getOutputAmount` allocates objects per call). LP maths (liquidity value,
 * invariant) is the SDK's, in v2Liquidity.ts.
 */

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
