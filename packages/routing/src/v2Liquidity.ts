/**
 * Uniswap v2 liquidity-provider maths: what LP tokens are worth and the invariant a holding was
 * acquired with, through `@uniswap/v2-sdk` (`Pair.getLiquidityValue`) and `@uniswap/sdk-core`
 * (`sqrt`, the integer square root UniswapV2Pair's `Math.sqrt` rounds like), the libraries the
 * field trusts, rather than maths of our own. Exact to the wei: the SDKs compute in JSBI integers.
 *
 * Its own entry (`@oxbow/routing/v2Liquidity`), not re-exported from the package's index: the SDKs
 * weigh tens of kB, and only the v2 position screens (lazy in the web) and the indexer need them.
 * The swap maths of v2 stays in v2Math.ts in plain bigint: the route search prices thousands of
 * path quotes per request, where the SDK's objects would cost a hundredfold.
 */
import { CurrencyAmount, sqrt, Token } from '@uniswap/sdk-core'
import { Pair } from '@uniswap/v2-sdk'
import JSBI from 'jsbi'

/**
 * Stand-ins for a pair's two tokens: the maths depends on the amounts only, and the SDK wants two
 * distinct tokens of one chain, the first sorting first (it orders the reserves by address).
 */
const TOKEN0 = new Token(1, '0x0000000000000000000000000000000000000001', 18)
const TOKEN1 = new Token(1, '0x0000000000000000000000000000000000000002', 18)

const big = (value: JSBI): bigint => BigInt(value.toString())

/** A v2 pair's reserves and LP-token supply (UniswapV2Pair `getReserves`, `totalSupply`). */
export interface V2PairReserves {
  readonly reserve0: bigint
  readonly reserve1: bigint
  readonly totalSupply: bigint
}

/**
 * What burning `liquidity` LP tokens of the pair pays (UniswapV2Pair.burn, rounded down):
 * `Pair.getLiquidityValue` of each token, without the protocol fee (the devnet's factories leave `feeTo` unset; where it is set, the
 * burn first mints the protocol its share and pays a little less).
 * Nothing while the pair has no supply; `liquidity` above the supply is refused (RangeError).
 */
export function v2LiquidityValue(
  pair: V2PairReserves,
  liquidity: bigint,
): { amount0: bigint; amount1: bigint } {
  if (liquidity < 0n || liquidity > pair.totalSupply)
    throw new RangeError(`v2 liquidity ${liquidity} outside the supply ${pair.totalSupply}`)
  if (pair.totalSupply === 0n) return { amount0: 0n, amount1: 0n }
  const sdkPair = new Pair(
    CurrencyAmount.fromRawAmount(TOKEN0, pair.reserve0.toString()),
    CurrencyAmount.fromRawAmount(TOKEN1, pair.reserve1.toString()),
  )
  const supply = CurrencyAmount.fromRawAmount(sdkPair.liquidityToken, pair.totalSupply.toString())
  const burnt = CurrencyAmount.fromRawAmount(sdkPair.liquidityToken, liquidity.toString())
  return {
    amount0: big(sdkPair.getLiquidityValue(TOKEN0, supply, burnt, false).quotient),
    amount1: big(sdkPair.getLiquidityValue(TOKEN1, supply, burnt, false).quotient),
  }
}

/** Integer square root, rounded down (sdk-core's `sqrt`); a negative value is refused (RangeError). */
export function sqrtFloor(value: bigint): bigint {
  if (value < 0n) throw new RangeError('sqrtFloor of a negative number')
  return big(sqrt(JSBI.BigInt(value.toString())))
}

/**
 * The constant-product invariant √(amount0 · amount1) of an amount pair taken in the pair's ratio (a
 * deposit or a burn's payout): what `Pair.getLiquidityMinted` mints for it into an empty pair, before
 * the locked MINIMUM_LIQUIDITY. Swap fees stay in the reserves, so the invariant per LP token only
 * grows: what a holding's invariant gained over the invariant it was acquired with is its fees.
 */
export function v2Invariant(amount0: bigint, amount1: bigint): bigint {
  return sqrtFloor(amount0 * amount1)
}

/**
 * The swap fees inside `amount0`/`amount1` (a holding's or a burn's amounts, in the pair's ratio)
 * whose LP tokens were acquired with invariant `basisInvariant`: the share of the amounts' invariant
 * that grew since, rounded down; 0 when it did not grow.
 *
 * Ours, not the SDK's: v2 keeps fees inside the reserves and the SDK has no notion of a holding's
 * history, so it cannot tell fees from principal; this split of the invariant's growth is how the
 * indexer and the position page attribute them.
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
