import { formatTokenAmount, NETWORK_COST_WARNING_RATIO, shortenAddress } from '@oxbow/core'
import { useIntl } from 'react-intl'
import type { SwapToken } from '../hooks/useTokenList.ts'
import type { Quote } from '../services/tradingApi.ts'
import { exchangeRate } from '../state/swapFormAmounts.ts'
import styles from './SwapForm.module.css'
import { swapMessages as m } from './swapMessages.ts'
import trade from './TradeBox.module.css'

/** Rate, price impact, network cost (warned above 10 %), slippage bound and route of a quote. */
export function SwapQuoteDetails(props: {
  quote: Quote
  current: boolean
  tokens: readonly SwapToken[]
  formatFiat: (usd: number) => string
  /** The swap box's details carry the DOM contract's test ids; a copy (the review) does not. */
  testIds?: boolean
}) {
  const intl = useIntl()
  const tid = (id: string) => (props.testIds === false ? undefined : id)
  const { quote } = props
  const amount = (value: string, decimals: number) =>
    formatTokenAmount(BigInt(value), decimals, { locale: intl.locale })
  const percent = (value: number) =>
    intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 })
  const rate = exchangeRate(
    BigInt(quote.amountIn),
    quote.tokenIn.decimals,
    BigInt(quote.amountOut),
    quote.tokenOut.decimals,
  )
  const symbolOf = (address: string) =>
    props.tokens.find((token) => token.address.toLowerCase() === address.toLowerCase())?.symbol ??
    (address.toLowerCase() === quote.tokenIn.address.toLowerCase()
      ? quote.tokenIn.symbol
      : address.toLowerCase() === quote.tokenOut.address.toLowerCase()
        ? quote.tokenOut.symbol
        : shortenAddress(address, 4))
  const exactIn = quote.tradeType === 'EXACT_INPUT'
  return (
    <dl
      className={styles.details}
      data-testid={tid('swap-quote')}
      data-block={quote.blockNumber}
      data-amount-in={quote.amountIn}
      data-amount-out={quote.amountOut}
      data-current={props.current ? 'true' : 'false'}
      aria-busy={props.current ? undefined : 'true'}
    >
      <div className={styles.detailRow}>
        <dt>{intl.formatMessage(m.rate)}</dt>
        <dd data-testid={tid('swap-rate')}>
          {rate === undefined
            ? '–'
            : intl.formatMessage(m.rateValue, {
                one: intl.formatNumber(1),
                in: quote.tokenIn.symbol,
                out: quote.tokenOut.symbol,
                rate: intl.formatNumber(rate, { maximumSignificantDigits: 6 }),
              })}
        </dd>
      </div>
      <div className={styles.detailRow}>
        <dt>{intl.formatMessage(m.priceImpact)}</dt>
        <dd data-testid={tid('swap-price-impact')}>{percent(quote.priceImpactPercent)}</dd>
      </div>
      <div className={styles.detailRow}>
        <dt>{intl.formatMessage(m.maxSlippage)}</dt>
        <dd data-testid={tid('swap-slippage')}>
          {quote.slippage.auto
            ? intl.formatMessage(m.slippageAuto, { percent: percent(quote.slippage.percent) })
            : percent(quote.slippage.percent)}
        </dd>
      </div>
      {exactIn && quote.minimumAmountOut !== undefined ? (
        <div className={styles.detailRow}>
          <dt>{intl.formatMessage(m.minimumReceived)}</dt>
          <dd data-testid={tid('swap-minimum-received')}>
            {amount(quote.minimumAmountOut, quote.tokenOut.decimals)} {quote.tokenOut.symbol}
          </dd>
        </div>
      ) : null}
      {!exactIn && quote.maximumAmountIn !== undefined ? (
        <div className={styles.detailRow}>
          <dt>{intl.formatMessage(m.maximumSent)}</dt>
          <dd data-testid={tid('swap-maximum-sent')}>
            {amount(quote.maximumAmountIn, quote.tokenIn.decimals)} {quote.tokenIn.symbol}
          </dd>
        </div>
      ) : null}
      <div className={styles.detailRow}>
        <dt>{intl.formatMessage(m.networkCost)}</dt>
        <dd data-testid={tid('swap-network-cost')}>
          {quote.gas.costUsd === null ? '–' : props.formatFiat(quote.gas.costUsd)}
        </dd>
      </div>
      {quote.gas.highRelativeToTrade ? (
        <p className={trade.warning} data-testid={tid('swap-network-cost-warning')} role="note">
          {intl.formatMessage(m.networkCostWarning, {
            percent: intl.formatNumber(NETWORK_COST_WARNING_RATIO, { style: 'percent' }),
          })}
        </p>
      ) : null}
      <div className={styles.detailRow}>
        <dt>{intl.formatMessage(m.route)}</dt>
        <dd data-testid={tid('swap-route')} className={styles.route}>
          {quote.route.map((leg, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: legs have no identity beyond their order
            <span key={index} className={styles.leg} data-percent={leg.percent}>
              <span className={styles.legPercent}>{percent(leg.percent)}</span>{' '}
              {[...new Set(leg.hops.map((hop) => hop.protocol))].join('+')}{' '}
              {[leg.hops[0]?.tokenIn, ...leg.hops.map((hop) => hop.tokenOut)]
                .filter((address) => address !== undefined)
                .map(symbolOf)
                .join(' → ')}
            </span>
          ))}
        </dd>
      </div>
    </dl>
  )
}
