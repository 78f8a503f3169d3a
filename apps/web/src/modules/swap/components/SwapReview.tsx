import { formatTokenAmount } from '@oxbow/core'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { Button } from '../../ui/index.ts'
import type { SwapToken } from '../hooks/useTokenList.ts'
import type { Quote } from '../services/tradingApi.ts'
import { toUsd } from '../state/swapFormAmounts.ts'
import { SwapDialog } from './SwapDialog.tsx'
import styles from './SwapForm.module.css'
import { SwapQuoteDetails } from './SwapQuoteDetails.tsx'
import { type SwapStepItem, SwapSteps } from './SwapSteps.tsx'
import { swapMessages as m } from './swapMessages.ts'
import trade from './TradeBox.module.css'

/** The review dialog: both amounts with their value, the quote's details, then Swap / Wrap / Unwrap. */
export function SwapReview(props: {
  open: boolean
  quote: Quote | undefined
  inputToken: SwapToken | undefined
  outputToken: SwapToken | undefined
  tokens: readonly SwapToken[]
  formatFiat: (usd: number) => string
  /** The steps the swap will take, with their network cost; `loading` while the chain is read. */
  steps: readonly SwapStepItem[]
  stepsLoading: boolean
  onConfirm: () => void
  onClose: () => void
  /** In place of the details and steps: the gasless route's note (no network cost, one signature). */
  note?: ReactNode
}) {
  const intl = useIntl()
  const { quote } = props
  const action = quote?.routing === 'WRAP' ? m.wrap : quote?.routing === 'UNWRAP' ? m.unwrap : m.swap
  const title =
    quote?.routing === 'WRAP'
      ? m.reviewWrapTitle
      : quote?.routing === 'UNWRAP'
        ? m.reviewUnwrapTitle
        : m.reviewTitle
  const side = (
    label: typeof m.youPay,
    value: string,
    token: Quote['tokenIn'],
    info: SwapToken | undefined,
  ) => {
    const usd = toUsd(BigInt(value), token.decimals, info?.priceUsd ?? undefined)
    return (
      <div className={trade.reviewSide}>
        <span className={styles.label}>{intl.formatMessage(label)}</span>
        <strong className={trade.reviewAmount}>
          {formatTokenAmount(BigInt(value), token.decimals, { locale: intl.locale })} {token.symbol}
        </strong>
        {usd === undefined ? null : <span className={styles.fiat}>{props.formatFiat(usd)}</span>}
      </div>
    )
  }
  return (
    <SwapDialog
      open={props.open && quote !== undefined}
      onClose={props.onClose}
      label={intl.formatMessage(title)}
      testId="swap-review"
    >
      {quote ? (
        <div className={trade.dialogBody}>
          <div className={styles.dialogHeader}>
            <h2 className={trade.dialogTitle}>{intl.formatMessage(title)}</h2>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={intl.formatMessage(m.close)}
              onClick={props.onClose}
            >
              ×
            </button>
          </div>
          {side(m.youPay, quote.amountIn, quote.tokenIn, props.inputToken)}
          {side(m.youReceive, quote.amountOut, quote.tokenOut, props.outputToken)}
          {props.note ?? (
            <>
              <SwapQuoteDetails
                quote={quote}
                current
                testIds={false}
                tokens={props.tokens}
                formatFiat={props.formatFiat}
              />
              <SwapSteps
                steps={props.steps}
                symbol={quote.tokenIn.symbol}
                actionLabel={intl.formatMessage(action)}
                costs={{ loading: props.stepsLoading, formatFiat: props.formatFiat }}
              />
            </>
          )}
          <Button data-testid="swap-confirm" onClick={props.onConfirm}>
            {intl.formatMessage(action)}
          </Button>
        </div>
      ) : null}
    </SwapDialog>
  )
}
