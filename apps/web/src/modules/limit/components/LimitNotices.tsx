import type { limitOrderCapacity } from '@oxbow/core'
import { MAX_OPEN_LIMIT_ORDERS } from '@oxbow/core'
import { useIntl } from 'react-intl'
import { tradeBoxStyles as trade } from '../../swap/index.ts'
import type { limitWarning } from '../state/limitPrice.ts'
import styles from './Limit.module.css'
import { limitMessages as m } from './limitMessages.ts'

/**
 * The limit form's notices (LimitForm): 'Market price not available', the limit below (or, inverted,
 * above) market with its percentage, the open-order count near or at 100, and the form's error.
 */
export function LimitNotices({
  warning,
  showMarketUnavailable,
  inverted,
  formatPercent,
  capacity,
  openOrders,
  errorText,
}: {
  readonly warning: ReturnType<typeof limitWarning>
  /** Both tokens chosen and no quote loading: a missing market price is worth saying. */
  readonly showMarketUnavailable: boolean
  readonly inverted: boolean
  readonly formatPercent: (value: number) => string
  readonly capacity: ReturnType<typeof limitOrderCapacity>
  readonly openOrders: number
  readonly errorText: string | null
}) {
  const intl = useIntl()
  return (
    <>
      {warning.kind === 'market-unavailable' && showMarketUnavailable ? (
        <p className={trade.warning} data-testid="limit-warning" data-kind="market-unavailable">
          {intl.formatMessage(m.marketUnavailable)}
        </p>
      ) : null}
      {warning.kind === 'worse-than-market' ? (
        <p className={trade.warning} data-testid="limit-warning" data-kind="worse-than-market">
          {intl.formatMessage(inverted ? m.aboveMarket : m.belowMarket, {
            percent: formatPercent(warning.percent / 100).replace(/^[+-]/, ''),
          })}
        </p>
      ) : null}
      {capacity !== 'ok' ? (
        <p className={trade.warning} data-testid="limit-open-orders-warning">
          {intl.formatMessage(capacity === 'full' ? m.openOrdersFull : m.openOrdersNear, {
            count: openOrders,
            max: MAX_OPEN_LIMIT_ORDERS,
          })}
        </p>
      ) : null}
      {errorText ? (
        <p className={styles.error} data-testid="limit-error" role="alert">
          {errorText}
        </p>
      ) : null}
    </>
  )
}
