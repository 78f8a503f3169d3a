/**
 * The v2 side of the comparison with holding (holdComparison.ts): the swap fees inside a v2 holding
 * told apart from its principal. Its own file, loaded with the v2 position page only: it needs the v2
 * LP maths of `@oxbow/routing/v2Liquidity`, whose SDKs the v3/v4 screens do not load.
 */
import { v2FeesWithin } from '@oxbow/routing/v2Liquidity'
import type { PositionHistory, V2PositionHistory } from './holdComparison.ts'

/**
 * v2 swap fees stay in the pair: they sit inside what the LP tokens are worth now and inside what
 * burns paid. The fees inside the holding are the invariant it gained since its LP tokens were
 * acquired; those inside burns the indexer counted (collected). Returns the comparison's input with
 * the fees taken out of the principal, so principal − hold is the impermanent loss alone.
 */
export function v2ComparisonInput(
  history: V2PositionHistory,
  holding: { amount0: bigint; amount1: bigint },
): { history: PositionHistory; amount0: bigint; amount1: bigint; fees0: bigint; fees1: bigint } {
  const inside = v2FeesWithin(holding.amount0, holding.amount1, history.basisInvariant)
  return {
    history: {
      ...history,
      withdrawn0: history.withdrawn0 - history.collected0,
      withdrawn1: history.withdrawn1 - history.collected1,
    },
    amount0: holding.amount0 - inside.fees0,
    amount1: holding.amount1 - inside.fees1,
    fees0: history.collected0 + inside.fees0,
    fees1: history.collected1 + inside.fees1,
  }
}
