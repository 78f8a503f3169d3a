import { type BlockExplorer, explorerTransactionUrl } from '@oxbow/chains/explorer'
import type { formatTokenAmount, shortenAddress } from '@oxbow/core'
import type { ReactNode } from 'react'
import type { MessageDescriptor } from 'react-intl'
import { useIntl } from 'react-intl'
import { CopyIcon } from '../../ui/index.ts'
import { CopyButton } from '../../wallet/index.ts'
import type { SwapFailureReason } from '../services/errors.ts'
import type { SwapFlowState } from '../services/swapFlow.ts'
import type { StepState, SwapStepKind } from '../services/swapSteps.ts'
import type { SwapDialog } from './SwapDialog.tsx'
import type { SwapSteps } from './SwapSteps.tsx'
import type { swapMessages } from './swapMessages.ts'

/**
 * What the status (loaded when a swap starts) shares with the form's chunk, passed in rather than
 * imported: importing them would cut the form's chunk in pieces, which the initial JavaScript
 * budget has no room for.
 */
export interface SwapStatusShared {
  readonly messages: typeof swapMessages
  readonly styles: Readonly<Record<string, string>>
  /** The trade box's classes (TradeBox.module.css): the dialog body and the status line. */
  readonly tradeStyles: Readonly<Record<string, string>>
  readonly SwapDialog: typeof SwapDialog
  readonly SwapSteps: typeof SwapSteps
  readonly formatTokenAmount: typeof formatTokenAmount
  readonly shortenAddress: typeof shortenAddress
}

/**
 * Progress and outcome of a swap: the steps (approving, signing, swapping) and where the run is,
 * then confirmed or failed. A sent transaction shows as people expect: its hash shortened, a copy
 * button, and a link to the network's block explorer when it has one (the local devnet has none).
 */
export default function SwapStatus(props: {
  state: SwapFlowState | null
  steps: readonly { readonly kind: SwapStepKind; readonly state: StepState }[]
  inputSymbol: string
  actionLabel: string
  explorer: BlockExplorer | undefined
  onClose: () => void
  /** Offered after a failed 1-click (batched) swap: the same swap in separate steps. */
  onStandardSwap?: (() => void) | undefined
  shared: SwapStatusShared
}) {
  const intl = useIntl()
  const { messages: m, SwapSteps, formatTokenAmount } = props.shared
  const failureMessages: Record<SwapFailureReason, MessageDescriptor> = {
    rejected: m.failedRejected,
    deadline: m.failedDeadline,
    slippage: m.failedSlippage,
    signatureExpired: m.failedSignatureExpired,
    approvalFailed: m.failedApproval,
    insufficientFunds: m.failedInsufficientFunds,
    timeout: m.failedTimeout,
    noQuotes: m.failedNoQuotes,
    invalidRecipient: m.invalidRecipient,
    generic: m.failedGeneric,
  }
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
  return (
    <StatusView
      open={state !== null}
      step={state?.step}
      message={message}
      hash={hash}
      explorer={props.explorer}
      onClose={props.onClose}
      shared={props.shared}
      action={
        state?.step === 'failed' && props.onStandardSwap
          ? {
              label: intl.formatMessage(m.standardSwap),
              testId: 'swap-status-standard',
              onClick: props.onStandardSwap,
            }
          : null
      }
    >
      <SwapSteps steps={props.steps} symbol={props.inputSymbol} actionLabel={props.actionLabel} />
    </StatusView>
  )
}

/**
 * The status dialog's frame, shared by a classic swap's status (above) and a gasless swap's
 * (GaslessSwap.tsx): the spinner while busy, the message in its tone, what the run adds (its
 * steps, or the gasless badge and estimated time), the transaction's hash with copy and explorer
 * link, the run's own actions, and Close.
 */
export function StatusView(props: {
  open?: boolean
  /** The run's step: the dialog's data-state; `confirmed` and `failed` end it. */
  step: string | undefined
  message: string
  hash?: string | undefined
  explorer: BlockExplorer | undefined
  onClose: () => void
  shared: Pick<SwapStatusShared, 'messages' | 'styles' | 'tradeStyles' | 'SwapDialog' | 'shortenAddress'>
  /** Shown above the message (the gasless badge). */
  lead?: ReactNode
  /** Shown under the message (the steps, the estimated time). */
  children?: ReactNode
  /** A button before Close (the standard or classic route after a failure). */
  action?: { readonly label: string; readonly testId: string; readonly onClick: () => void } | null
  testId?: string
}) {
  const intl = useIntl()
  const { messages: m, styles, tradeStyles: trade, SwapDialog, shortenAddress } = props.shared
  const { step, hash } = props
  const open = props.open ?? true
  const busy = step !== undefined && step !== 'confirmed' && step !== 'failed'
  return (
    <SwapDialog open={open} onClose={props.onClose} label={props.message} testId="swap-status" state={step}>
      {open && step ? (
        <div
          className={trade.dialogBody}
          aria-live="polite"
          aria-busy={busy || undefined}
          data-testid={props.testId}
        >
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          {props.lead}
          <p
            className={trade.statusMessage}
            data-testid="swap-status-message"
            data-tone={step === 'failed' ? 'error' : step === 'confirmed' ? 'success' : undefined}
          >
            {props.message}
          </p>
          {props.children}
          {hash ? (
            <p className={styles.hashRow}>
              {intl.formatMessage(m.transactionHash, {
                hash: (
                  <code key="hash" data-testid="swap-status-hash" title={hash}>
                    {shortenAddress(hash, 4)}
                  </code>
                ),
              })}
              <CopyButton
                text={hash}
                className={styles.iconButton}
                label={<CopyIcon />}
                ariaLabel={intl.formatMessage(m.copyHash)}
                testId="swap-status-copy-hash"
              />
              {props.explorer ? (
                <a
                  href={explorerTransactionUrl(props.explorer, hash)}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="swap-status-explorer"
                >
                  {intl.formatMessage(m.viewOnExplorer, { explorer: props.explorer.name })}
                </a>
              ) : null}
            </p>
          ) : null}
          {props.action ? (
            <SecondaryButton testId={props.action.testId} onClick={props.action.onClick} styles={styles}>
              {props.action.label}
            </SecondaryButton>
          ) : null}
          <SecondaryButton testId="swap-status-close" onClick={props.onClose} styles={styles}>
            {intl.formatMessage(m.close)}
          </SecondaryButton>
        </div>
      ) : null}
    </SwapDialog>
  )
}

function SecondaryButton(props: {
  testId: string
  onClick: () => void
  styles: Readonly<Record<string, string>>
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className={props.styles.secondaryButton}
      data-testid={props.testId}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  )
}
