export { type ClQuote, clQuote } from './clQuote.ts'
export {
  type ClState,
  type ClSwapResult,
  clSwap,
  nextTickWithinWord,
  type Tick,
} from './clSwap.ts'
export {
  amount0Delta,
  amount1Delta,
  MAX_SQRT_PRICE,
  MAX_TICK,
  MIN_SQRT_PRICE,
  MIN_TICK,
  priceAtSqrtPrice,
  Q96,
  type Step,
  SwapMathError,
  sqrtPriceAtTick,
  swapStep,
  tickAtSqrtPrice,
} from './math.ts'
export { GAS, type PathQuote, quotePathExactIn, quotePathExactOut } from './pathQuote.ts'
export { buildGraph, enumeratePaths, type Path, type PoolGraph } from './paths.ts'
export {
  type Address,
  type ClPoolState,
  type HopResult,
  hopExactIn,
  hopExactOut,
  midPrice,
  type PoolState,
  poolExclusionReason,
  type V2PoolState,
  type WrapState,
} from './pools.ts'
export {
  type FindRouteOptions,
  findRoute,
  type Route,
  type RouteFailure,
  type RouteLeg,
  type RouteResult,
  type TradeType,
} from './router.ts'
export { v2AmountIn, v2AmountOut } from './v2Math.ts'
