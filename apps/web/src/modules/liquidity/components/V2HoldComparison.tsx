import { useV2PositionHistory } from '../hooks/usePositionHistory.ts'
import { compareWithHolding } from '../services/holdComparison.ts'
import type { PriceMap } from '../services/positionValue.ts'
import { v2ComparisonInput } from '../services/v2HoldComparison.ts'
import type { V2Position } from '../services/v2Position.ts'
import { HoldFigures, HoldPlaceholder, pricing } from './HoldComparison.tsx'

/**
 * A v2 position against holding: the indexer's history of the owner's LP tokens (mints, burns,
 * transfers) and what its LP tokens pay now; the swap fees inside both are told apart by the
 * invariant the LP tokens gained (packages/routing v2FeesWithin).
 */
export function V2HoldComparison(props: {
  position: V2Position & { owner: string }
  prices: PriceMap | undefined
}) {
  const { position: p, prices } = props
  const history = useV2PositionHistory(p.network, p.pair, p.owner, p.blockNumber)
  if (!history.data && !history.isError) return <HoldPlaceholder state="loading" />
  const h = history.data
  // The indexer's LP count must be the chain's: otherwise the two describe different holdings.
  const input = h && h.lpBalance === p.balance ? v2ComparisonInput(h, p) : null
  const comparison = input && prices ? compareWithHolding({ ...input, ...pricing(p, prices) }) : null
  if (!h || !input || !comparison) {
    return <HoldPlaceholder state="unavailable" />
  }
  return (
    <HoldFigures
      token0={p.token0}
      token1={p.token1}
      history={h}
      fees={{ fees0: input.fees0, fees1: input.fees1 }}
      comparison={comparison}
    />
  )
}
