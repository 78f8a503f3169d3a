import { useIntl } from 'react-intl'
import { Card, SkeletonRows } from '../../ui/index.ts'
import { useV2PositionHistory } from '../hooks/usePositionHistory.ts'
import { compareWithHolding } from '../services/holdComparison.ts'
import type { PriceMap } from '../services/positionValue.ts'
import { v2ComparisonInput } from '../services/v2HoldComparison.ts'
import type { V2Position } from '../services/v2Position.ts'
import { HoldFigures } from './HoldComparison.tsx'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'

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
  const intl = useIntl()
  const history = useV2PositionHistory(p.network, p.pair, p.owner, p.blockNumber)
  const title = intl.formatMessage(m.vsHold)
  if (!history.data && !history.isError) {
    return (
      <Card>
        <h2 className={styles.sectionTitle}>{title}</h2>
        <SkeletonRows count={3} label={title} />
      </Card>
    )
  }
  const h = history.data
  const priceOf = (address: string) => prices?.get(`${p.network}:${address.toLowerCase()}`) ?? null
  // The indexer's LP count must be the chain's: otherwise the two describe different holdings.
  const input = h && h.lpBalance === p.balance ? v2ComparisonInput(h, p) : null
  const comparison =
    input && prices
      ? compareWithHolding({
          ...input,
          decimals0: p.token0.decimals,
          decimals1: p.token1.decimals,
          price0: priceOf(p.token0.address),
          price1: priceOf(p.token1.address),
        })
      : null
  if (!h || !input || !comparison) {
    return (
      <Card data-testid="position-vs-hold" data-state="unavailable">
        <h2 className={styles.sectionTitle}>{title}</h2>
        <p className={styles.muted}>{intl.formatMessage(m.vsHoldUnavailable)}</p>
      </Card>
    )
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
