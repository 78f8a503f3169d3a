/**
 * A gasless swap running (loaded when one starts): runs the gasless flow (services/gaslessFlow.ts)
 * with the real dependencies and shows its progress: the one-time Permit2 approval if missing, the
 * order's signature, pending with the estimated time in minutes and seconds until the filler's
 * fill lands, then the fill; if none comes before the deadline, the spec's "gasless order failed"
 * with the classic route offered.
 */
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetwork } from '../../config/index.ts'
import { type Hex, loadWalletRuntime } from '../../wallet/index.ts'
import { gaslessApi, gaslessRequest } from '../services/gaslessApi.ts'
import {
  type GaslessRequest,
  type GaslessState,
  minutesAndSeconds,
  runGaslessFlow,
} from '../services/gaslessFlow.ts'
import type { callApi as CallApi, Quote } from '../services/tradingApi.ts'
import gaslessStyles from './Gasless.module.css'
import { gaslessMessages as g } from './gaslessMessages.ts'
import { StatusView, type SwapStatusShared } from './SwapStatus.tsx'

/**
 * What this chunk shares with the swap form's, passed in rather than imported: importing them
 * would cut the form's chunk in pieces (each shared module its own chunk), which the initial
 * JavaScript budget has no room for.
 */
export interface GaslessShared extends SwapStatusShared {
  readonly callApi: typeof CallApi
}

/** The review's note for a gasless route: no network cost for the swapper, the least received. */
export function GaslessReviewNote(props: {
  route: NonNullable<Quote['gasless']>
  tokenOut: Quote['tokenOut']
  shared: GaslessShared
}) {
  const intl = useIntl()
  const { formatTokenAmount } = props.shared
  return (
    <div className={gaslessStyles.route} data-testid="swap-review-gasless">
      <span className={gaslessStyles.badge}>{intl.formatMessage(g.label)}</span>
      <strong data-testid="swap-review-network-cost">{intl.formatMessage(g.noNetworkCost)}</strong>
      <p className={gaslessStyles.explainer}>
        {intl.formatMessage(g.explainer, {
          minimum: formatTokenAmount(BigInt(props.route.outputEndAmount), props.tokenOut.decimals, {
            locale: intl.locale,
          }),
          symbol: props.tokenOut.symbol,
        })}
      </p>
    </div>
  )
}

export default function GaslessSwap(props: {
  /** The reviewed quote (with its gasless route) and where it runs. */
  run: {
    readonly network: string
    readonly quote: Quote
    readonly account: Hex
    readonly chainId: number
    readonly permit2: string
  }
  shared: GaslessShared
  onClose: () => void
  onClassic: () => void
  onConfirmed: () => void
}) {
  const intl = useIntl()
  const [state, setState] = useState<GaslessState>({ step: 'signing' })
  const [now, setNow] = useState(() => Date.now())
  const { onConfirmed } = props
  const { quote, network } = props.run
  const [request] = useState<GaslessRequest>(() => gaslessRequest(props.run))
  const explorer = findNetwork(network)?.explorer
  const { callApi, messages: m } = props.shared
  // biome-ignore lint/correctness/useExhaustiveDependencies: one run per mounted request (the parent keys each run)
  useEffect(() => {
    let live = true
    const onState = (next: GaslessState) => {
      if (live) setState(next)
    }
    void loadWalletRuntime()
      .then((wallet) =>
        runGaslessFlow(
          request,
          {
            ...gaslessApi(callApi, network, request),
            wallet,
            now: () => Date.now(),
            sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          },
          onState,
        ),
      )
      .then(
        (final) => {
          if (final.step === 'confirmed' && live) onConfirmed()
        },
        (error: unknown) =>
          onState({ step: 'failed', reason: 'generic', detail: error instanceof Error ? error.message : '' }),
      )
    return () => {
      live = false
    }
  }, [request])
  // the estimated time counts down while pending
  useEffect(() => {
    if (state.step !== 'pending') return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [state.step])

  const message = (() => {
    switch (state.step) {
      case 'approving':
        return intl.formatMessage(state.hash ? m.approvingPending : m.approving, {
          symbol: quote.tokenIn.symbol,
        })
      case 'signing':
        return intl.formatMessage(g.signOrder)
      case 'submitting':
        return intl.formatMessage(g.submitting)
      case 'pending':
        return intl.formatMessage(g.pending)
      case 'confirmed':
        return intl.formatMessage(g.confirmed)
      case 'failed':
        return intl.formatMessage(
          state.reason === 'gaslessFailed'
            ? g.failed
            : state.reason === 'rejected'
              ? m.failedRejected
              : state.reason === 'approvalFailed'
                ? m.failedApproval
                : m.failedGeneric,
        )
    }
  })()
  const hash = state.step === 'confirmed' || state.step === 'approving' ? state.hash : undefined
  const eta = state.step === 'pending' ? minutesAndSeconds(state.expectedAt, now) : undefined
  return (
    <StatusView
      step={state.step}
      message={message}
      hash={hash}
      explorer={explorer}
      onClose={props.onClose}
      shared={props.shared}
      testId="gasless-status"
      lead={<span className={gaslessStyles.badge}>{intl.formatMessage(g.label)}</span>}
      action={
        state.step === 'failed' && state.reason === 'gaslessFailed'
          ? { label: intl.formatMessage(g.classicRoute), testId: 'gasless-classic', onClick: props.onClassic }
          : null
      }
    >
      {eta ? (
        <p className={gaslessStyles.eta} data-testid="gasless-eta">
          {intl.formatMessage(g.estimatedTime, {
            minutes: intl.formatNumber(eta.minutes),
            seconds: intl.formatNumber(eta.seconds),
          })}
        </p>
      ) : null}
    </StatusView>
  )
}
