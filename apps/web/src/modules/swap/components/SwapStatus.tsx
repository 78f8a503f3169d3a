import { formatTokenAmount } from '@oxbow/core'
import type { MessageDescriptor } from 'react-intl'
import { useIntl } from 'react-intl'
import type { SwapFailureReason } from '../services/errors.ts'
import type { SwapFlowState } from '../services/swapFlow.ts'
import { SwapDialog } from './SwapDialog.tsx'
import styles from './SwapForm.module.css'
import { swapMessages as m } from './swapMessages.ts'

const failureMessages: Record<SwapFailureReason, MessageDescriptor> = {
  rejected: m.failedRejected,
  deadline: m.failedDeadline,
  slippage: m.failedSlippage,
  signatureExpired: m.failedSignatureExpired,
  approvalFailed: m.failedApproval,
  insufficientFunds: m.failedInsufficientFunds,
  timeout: m.failedTimeout,
  noQuotes: m.failedNoQuotes,
  invalidRecipient: m.failedInvalidRecipient,
  generic: m.failedGeneric,
}

/** Progress and outcome of a swap: approving, signing, submitting, pending, confirmed or failed. */
export function SwapStatus(props: { state: SwapFlowState | null; inputSymbol: string; onClose: () => void }) {
  const intl = useIntl()
  const { state } = props
  const message = (() => {
    if (!state) return ''
    switch (state.step) {
      case 'approving':
        return intl.formatMessage(state.hash ? m.approvingPending : m.approving, {
          symbol: props.inputSymbol,
        })
      case 'signing':
        return intl.formatMessage(m.signing)
      case 'submitting':
        return intl.formatMessage(m.submitting)
      case 'pending':
        return intl.formatMessage(m.pending)
      case 'confirmed':
        return intl.formatMessage(
          state.quote.routing === 'WRAP'
            ? m.wrapped
            : state.quote.routing === 'UNWRAP'
              ? m.unwrapped
              : m.confirmed,
          {
            amountIn: formatTokenAmount(state.amountIn, state.quote.tokenIn.decimals, {
              locale: intl.locale,
            }),
            symbolIn: state.quote.tokenIn.symbol,
            amountOut: formatTokenAmount(state.amountOut, state.quote.tokenOut.decimals, {
              locale: intl.locale,
            }),
            symbolOut: state.quote.tokenOut.symbol,
          },
        )
      case 'failed':
        return intl.formatMessage(failureMessages[state.reason])
    }
  })()
  const hash = state && 'hash' in state ? state.hash : undefined
  const busy = state !== null && state.step !== 'confirmed' && state.step !== 'failed'
  return (
    <SwapDialog
      open={state !== null}
      onClose={props.onClose}
      label={message}
      testId="swap-status"
      state={state?.step}
    >
      {state ? (
        <div className={styles.dialogBody} aria-live="polite" aria-busy={busy || undefined}>
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          <p
            className={styles.statusMessage}
            data-testid="swap-status-message"
            data-tone={state.step === 'failed' ? 'error' : state.step === 'confirmed' ? 'success' : undefined}
          >
            {message}
          </p>
          {hash ? (
            <p className={styles.hash}>
              {intl.formatMessage(m.transactionHash, {
                hash: <code data-testid="swap-status-hash">{hash}</code>,
              })}
            </p>
          ) : null}
          <button
            type="button"
            className={styles.secondaryButton}
            data-testid="swap-status-close"
            onClick={props.onClose}
          >
            {intl.formatMessage(m.close)}
          </button>
        </div>
      ) : null}
    </SwapDialog>
  )
}
