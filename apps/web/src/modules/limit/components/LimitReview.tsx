import { formatTokenAmount, MAX_OPEN_LIMIT_ORDERS } from '@oxbow/core'
import { useIntl } from 'react-intl'
import { type SwapToken, swapMessages as sm, tradeBoxStyles as trade } from '../../swap/index.ts'
import { Button, Dialog } from '../../ui/index.ts'
import type { PlaceOrderState } from '../services/placeOrder.ts'
import styles from './Limit.module.css'
import { limitMessages as m } from './limitMessages.ts'

const failureMessages = {
  rejected: sm.failedRejected,
  approvalFailed: sm.failedApproval,
  tooManyOpenOrders: m.failedTooMany,
  insufficientBalance: sm.insufficientBalance,
  expired: m.failedExpired,
  unsupportedToken: sm.unsupportedToken,
  generic: m.failedGeneric,
} as const

/**
 * The limit order's review (LimitForm): what is sold, the least received, the expiry, then the
 * placing steps (approval, signature, submission) and their outcome.
 */
export function LimitReview({
  reviewing,
  closeReview,
  inputToken,
  outputToken,
  amountIn,
  amountOut,
  decIn,
  decOut,
  deadline,
  placing,
  onConfirm,
}: {
  readonly reviewing: boolean
  readonly closeReview: () => void
  readonly inputToken: SwapToken | undefined
  readonly outputToken: SwapToken | undefined
  readonly amountIn: bigint | null
  readonly amountOut: bigint | null
  readonly decIn: number
  readonly decOut: number
  /** Unix seconds. */
  readonly deadline: number
  readonly placing: PlaceOrderState | null
  readonly onConfirm: () => Promise<void>
}) {
  const intl = useIntl()
  return (
    <Dialog
      open={reviewing}
      onClose={closeReview}
      label={intl.formatMessage(m.reviewTitle)}
      className={trade.dialog}
      data-testid="limit-review"
    >
      <div className={trade.dialogBody}>
        <h2 className={trade.dialogTitle}>{intl.formatMessage(m.reviewTitle)}</h2>
        {inputToken && outputToken && amountIn && amountOut ? (
          <>
            <div className={trade.reviewSide}>
              <span className={styles.muted}>{intl.formatMessage(m.youSell)}</span>
              <span className={trade.reviewAmount}>
                {formatTokenAmount(amountIn, decIn, { locale: intl.locale })} {inputToken.symbol}
              </span>
            </div>
            <div className={trade.reviewSide}>
              <span className={styles.muted}>{intl.formatMessage(m.youReceiveAtLeast)}</span>
              <span className={trade.reviewAmount} data-testid="limit-review-output">
                {formatTokenAmount(amountOut, decOut, { locale: intl.locale })} {outputToken.symbol}
              </span>
            </div>
            <span className={styles.muted}>
              {intl.formatMessage(m.expires, {
                date: intl.formatDate(deadline * 1000, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </span>
            <p className={styles.muted}>{intl.formatMessage(m.noGas)}</p>
          </>
        ) : null}
        {placing ? (
          <p
            className={trade.statusMessage}
            role="status"
            data-testid="limit-status"
            data-state={placing.step}
            data-tone={placing.step === 'failed' ? 'error' : undefined}
          >
            {placing.step === 'approving'
              ? intl.formatMessage(m.approving, { symbol: inputToken?.symbol ?? '' })
              : placing.step === 'signing'
                ? intl.formatMessage(m.signing)
                : placing.step === 'submitting'
                  ? intl.formatMessage(m.submitting)
                  : placing.step === 'placed'
                    ? intl.formatMessage(m.placed)
                    : intl.formatMessage(failureMessages[placing.reason], {
                        max: MAX_OPEN_LIMIT_ORDERS,
                        symbol: inputToken?.symbol ?? '',
                        reason: intl.formatMessage(sm.unsupportedTokenUnknown),
                      })}
          </p>
        ) : null}
        {placing === null ? (
          <Button data-testid="limit-confirm" onClick={() => void onConfirm()}>
            {intl.formatMessage(m.placeOrder)}
          </Button>
        ) : placing.step === 'placed' || placing.step === 'failed' ? (
          <button type="button" className={styles.secondary} data-testid="limit-close" onClick={closeReview}>
            {intl.formatMessage(sm.close)}
          </button>
        ) : null}
      </div>
    </Dialog>
  )
}
