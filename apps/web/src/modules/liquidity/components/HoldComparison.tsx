import { formatTokenAmount } from '@oxbow/core'
import { useIntl } from 'react-intl'
import { useFiatFormatter } from '../../currency/index.ts'
import { Card, SkeletonRows } from '../../ui/index.ts'
import { usePositionHistory } from '../hooks/usePositionHistory.ts'
import {
  type HoldComparison as Comparison,
  compareWithHolding,
  feesEarned,
  type PositionHistory,
} from '../services/holdComparison.ts'
import type { PriceMap } from '../services/positionValue.ts'
import type { OnchainPosition, PositionToken } from '../services/readPosition.ts'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'

/**
 * The position's result against holding its deposits: fees earned (the indexer's collected history
 * plus the chain's unclaimed fees), impermanent loss and the net, in the display currency.
 */
export function HoldComparison(props: { position: OnchainPosition; prices: PriceMap | undefined }) {
  const { position: p, prices } = props
  const history = usePositionHistory(p.network, p.version, p.tokenId, p.blockNumber)
  if (!history.data && !history.isError) return <HoldPlaceholder state="loading" />
  const h = history.data
  const fees = h ? feesEarned(p.version, h, p.fees0, p.fees1) : null
  const comparison =
    h && fees && prices
      ? compareWithHolding({
          history: h,
          amount0: p.amount0,
          amount1: p.amount1,
          fees0: fees.fees0,
          fees1: fees.fees1,
          ...pricing(p, prices),
        })
      : null
  if (!h || !fees || !comparison) {
    return <HoldPlaceholder state="unavailable" />
  }
  return <HoldFigures token0={p.token0} token1={p.token1} history={h} fees={fees} comparison={comparison} />
}

/** The comparison's token decimals and display-currency prices (null where a price is unknown). */
export function pricing(
  p: { network: string; token0: PositionToken; token1: PositionToken },
  prices: PriceMap,
): { decimals0: number; decimals1: number; price0: number | null; price1: number | null } {
  const priceOf = (address: string) => prices.get(`${p.network}:${address.toLowerCase()}`) ?? null
  return {
    decimals0: p.token0.decimals,
    decimals1: p.token1.decimals,
    price0: priceOf(p.token0.address),
    price1: priceOf(p.token1.address),
  }
}

/** The vs-hold card while the history loads, or when the position cannot be compared. */
export function HoldPlaceholder(props: { state: 'loading' | 'unavailable' }) {
  const intl = useIntl()
  const title = intl.formatMessage(m.vsHold)
  return props.state === 'loading' ? (
    <Card>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <SkeletonRows count={3} label={title} />
    </Card>
  ) : (
    <Card data-testid="position-vs-hold" data-state="unavailable">
      <h2 className={styles.sectionTitle}>{title}</h2>
      <p className={styles.muted}>{intl.formatMessage(m.vsHoldUnavailable)}</p>
    </Card>
  )
}

/** The comparison's figures (shared with the v2 page's V2HoldComparison). */
export function HoldFigures(props: {
  token0: PositionToken
  token1: PositionToken
  history: PositionHistory
  fees: { fees0: bigint; fees1: bigint }
  comparison: Comparison
}) {
  const { token0, token1, history: h, fees, comparison } = props
  const intl = useIntl()
  const fiat = useFiatFormatter()
  const title = intl.formatMessage(m.vsHold)
  const amounts = (a0: bigint, a1: bigint) =>
    `${formatTokenAmount(a0, token0.decimals, { locale: intl.locale })} ${token0.symbol} + ${formatTokenAmount(a1, token1.decimals, { locale: intl.locale })} ${token1.symbol}`
  const percent = (n: number) =>
    // Three significant digits: a loss of a few thousandths of a percent is not shown as 0 %.
    intl.formatNumber(n / 100, { style: 'percent', maximumSignificantDigits: 3, signDisplay: 'exceptZero' })
  const signed = (usd: number) => (usd > 0 ? `+${fiat.format(usd)}` : fiat.format(usd))
  const tone = (n: number) => (n > 0 ? 'gain' : n < 0 ? 'loss' : undefined)
  return (
    <Card
      data-testid="position-vs-hold"
      data-state="ready"
      data-deposited0={h.deposited0.toString()}
      data-deposited1={h.deposited1.toString()}
      data-withdrawn0={h.withdrawn0.toString()}
      data-withdrawn1={h.withdrawn1.toString()}
      data-fees-earned0={fees.fees0.toString()}
      data-fees-earned1={fees.fees1.toString()}
      data-opened-at={h.openedAt}
      data-hold-usd={comparison.holdValue}
      data-principal-usd={comparison.principalValue}
      data-fees-usd={comparison.feesValue}
      data-net-usd={comparison.net}
    >
      <h2 className={styles.sectionTitle}>{title}</h2>
      <dl className={styles.dl}>
        <dt>{intl.formatMessage(m.vsHoldOpened)}</dt>
        <dd>{intl.formatDate(h.openedAt * 1000, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        <dt>{intl.formatMessage(m.vsHoldDeposited)}</dt>
        <dd>{amounts(h.deposited0, h.deposited1)}</dd>
        <dt>{intl.formatMessage(m.vsHoldHoldValue)}</dt>
        <dd data-testid="vs-hold-hold">{fiat.format(comparison.holdValue)}</dd>
        <dt>{intl.formatMessage(m.vsHoldFeesEarned)}</dt>
        <dd data-testid="vs-hold-fees" data-tone={tone(comparison.feesValue)}>
          {signed(comparison.feesValue)}
          <span className={styles.subtle}>{amounts(fees.fees0, fees.fees1)}</span>
        </dd>
        <dt>{intl.formatMessage(m.vsHoldImpermanentLoss)}</dt>
        <dd data-testid="vs-hold-il" data-tone={tone(comparison.impermanentLoss)}>
          {signed(comparison.impermanentLoss)} ({percent(comparison.impermanentLossPercent)})
        </dd>
        <dt>{intl.formatMessage(m.vsHoldNet)}</dt>
        <dd data-testid="vs-hold-net" data-tone={tone(comparison.net)} className={styles.strong}>
          {signed(comparison.net)} ({percent(comparison.netPercent)})
        </dd>
      </dl>
      <p className={styles.muted}>{intl.formatMessage(m.vsHoldNote)}</p>
    </Card>
  )
}
