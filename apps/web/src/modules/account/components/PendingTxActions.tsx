import { formatTokenAmount } from '@oxbow/core'
import { useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetworkByChainId } from '../../config/index.ts'
import { Button, buttonClassName } from '../../ui/index.ts'
import {
  classifyWalletError,
  type PendingTransaction,
  prepareReplacement,
  type ReplacementRequest,
  type ReplaceProblem,
  sendReplacement,
} from '../../wallet/index.ts'
import styles from './AccountDrawer.module.css'
import { pendingTxMessages as m } from './pendingTxMessages.ts'

type Kind = 'speedUp' | 'cancel'
type Step =
  | { readonly phase: 'closed' }
  | { readonly phase: 'loading'; readonly kind: Kind }
  | { readonly phase: 'ready' | 'signing'; readonly kind: Kind; readonly request: ReplacementRequest }
  | { readonly phase: 'error'; readonly kind: Kind; readonly error: ErrorKind }

type ErrorKind = ReplaceProblem | 'rejected' | 'insufficientFunds' | 'failed'

const nativeSymbolOf = (chainId: number): string => findNetworkByChainId(chainId)?.nativeSymbol ?? 'ETH'

/**
 * Speed up / Cancel under one of the app's pending transactions in Activity: a small confirmation
 * with the new network cost (read from the chain before anything is signed), then the wallet.
 */
export function PendingTxActions(props: {
  account: `0x${string}`
  tx: PendingTransaction
  /** The tracked transaction is a cancel: only Speed up (a faster cancel of the same nonce). */
  canceling?: boolean
}) {
  const intl = useIntl()
  const [step, setStep] = useState<Step>({ phase: 'closed' })
  const symbol = nativeSymbolOf(props.tx.chainId)
  const current = useRef(0)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const ready = step.phase === 'ready'
  useEffect(() => {
    if (ready) confirmRef.current?.focus()
  }, [ready])

  const open = (kind: Kind) => {
    const run = ++current.current
    setStep({ phase: 'loading', kind })
    prepareReplacement(props.account, props.tx, kind).then(
      (prepared) => {
        if (run !== current.current) return
        setStep(
          prepared.ok
            ? { phase: 'ready', kind, request: prepared.request }
            : { phase: 'error', kind, error: prepared.problem },
        )
      },
      () => {
        if (run === current.current) setStep({ phase: 'error', kind, error: 'failed' })
      },
    )
  }
  const close = () => {
    current.current += 1
    setStep({ phase: 'closed' })
  }
  const confirm = (request: ReplacementRequest) => {
    const run = ++current.current
    setStep({ phase: 'signing', kind: request.kind, request })
    // On success the store tracks the new hash and this row re-renders with it (closed).
    sendReplacement(props.account, props.tx, request).then(
      () => {
        if (run === current.current) setStep({ phase: 'closed' })
      },
      (error: unknown) => {
        if (run !== current.current) return
        const kind = classifyWalletError(error)
        setStep({
          phase: 'error',
          kind: request.kind,
          error: kind === 'rejected' || kind === 'insufficientFunds' ? kind : 'failed',
        })
      },
    )
  }

  if (step.phase === 'closed')
    return (
      <div className={styles.txActions}>
        <button
          type="button"
          className={styles.txAction}
          data-testid="tx-speedup"
          onClick={() => open('speedUp')}
        >
          {intl.formatMessage(m.speedUp)}
        </button>
        {props.canceling ? null : (
          <button
            type="button"
            className={styles.txAction}
            data-testid="tx-cancel"
            onClick={() => open('cancel')}
          >
            {intl.formatMessage(m.cancel)}
          </button>
        )}
      </div>
    )

  const amount = (wei: bigint) => `${formatTokenAmount(wei, 18, { locale: intl.locale })} ${symbol}`
  const errorText = (error: ErrorKind, kind: Kind) =>
    ({
      alreadyMined: intl.formatMessage(m.errorAlreadyMined),
      notFound: intl.formatMessage(m.errorNotFound),
      otherAccount: intl.formatMessage(m.errorOtherAccount),
      rejected: intl.formatMessage(m.errorRejected),
      insufficientFunds: intl.formatMessage(m.errorInsufficientGas, { symbol }),
      unsupported: intl.formatMessage(kind === 'cancel' ? m.errorCancelFailed : m.errorSpeedUpFailed),
      failed: intl.formatMessage(kind === 'cancel' ? m.errorCancelFailed : m.errorSpeedUpFailed),
    })[error]
  const title = intl.formatMessage(step.kind === 'cancel' ? m.cancelTitle : m.speedUpTitle)
  return (
    <section
      className={styles.txConfirm}
      aria-label={title}
      data-testid="tx-replace"
      data-kind={step.kind}
      data-phase={step.phase}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || step.phase === 'signing') return
        // Closes the confirmation, not the whole drawer (the dialog's own cancel on Escape).
        event.preventDefault()
        event.stopPropagation()
        close()
      }}
    >
      <strong>{title}</strong>
      <p className={styles.muted}>
        {step.kind === 'cancel'
          ? intl.formatMessage(m.cancelHint, { symbol })
          : intl.formatMessage(m.speedUpHint)}
      </p>
      {step.phase === 'loading' ? (
        <p className={styles.muted} role="status">
          {intl.formatMessage(m.calculating)}
        </p>
      ) : null}
      {step.phase === 'ready' || step.phase === 'signing' ? (
        <dl className={styles.txCost}>
          <dt>{intl.formatMessage(m.networkCost)}</dt>
          <dd data-testid="tx-replace-cost" data-wei={step.request.networkCost.toString()}>
            {amount(step.request.networkCost)}
            <span className={styles.muted}>
              {intl.formatMessage(m.upTo, { amount: amount(step.request.maxNetworkCost) })}
            </span>
          </dd>
        </dl>
      ) : null}
      {step.phase === 'error' ? (
        <p className={styles.txError} role="alert" data-testid="tx-replace-error">
          {errorText(step.error, step.kind)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={close} disabled={step.phase === 'signing'}>
          {intl.formatMessage(m.back)}
        </Button>
        {step.phase === 'ready' || step.phase === 'signing' ? (
          <button
            type="button"
            ref={confirmRef}
            className={buttonClassName}
            data-testid="tx-replace-confirm"
            disabled={step.phase === 'signing'}
            onClick={() => confirm(step.request)}
          >
            {step.phase === 'signing'
              ? intl.formatMessage(m.signing)
              : intl.formatMessage(step.kind === 'cancel' ? m.confirmCancel : m.confirmSpeedUp)}
          </button>
        ) : null}
      </div>
    </section>
  )
}
