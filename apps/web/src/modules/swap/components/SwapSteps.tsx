import { useIntl } from 'react-intl'
import { Skeleton } from '../../ui/index.ts'
import type { StepState, SwapStepKind } from '../services/swapSteps.ts'
import styles from './SwapForm.module.css'
import { swapMessages as m } from './swapMessages.ts'

export interface SwapStepItem {
  readonly kind: SwapStepKind
  /** Progress (the status view); absent in the review. */
  readonly state?: StepState
  /** The review's network cost in USD: 'none' for a signature, undefined when unknown. */
  readonly costUsd?: number | 'none' | undefined
}

/**
 * The steps of a swap in order: approve the input token for Permit2, sign the Permit2 permit, then
 * the swap (or wrap/unwrap). The review shows each step's network cost before anything starts; the
 * status view shows progress through the same list (done, active, pending, failed).
 */
export function SwapSteps(props: {
  steps: readonly SwapStepItem[]
  symbol: string
  /** The last step's label: Swap, Wrap or Unwrap. */
  actionLabel: string
  /** The review: show costs (and a placeholder while the chain is read). */
  costs?: { readonly loading: boolean; readonly formatFiat: (usd: number) => string }
}) {
  const intl = useIntl()
  const label = (kind: SwapStepKind) =>
    kind === 'approve'
      ? intl.formatMessage(m.stepApprove, { symbol: props.symbol })
      : kind === 'permit'
        ? intl.formatMessage(m.stepPermit, { symbol: props.symbol })
        : kind === 'permitApprove'
          ? intl.formatMessage(m.stepPermitApprove, { symbol: props.symbol })
          : props.actionLabel
  const loading = props.costs?.loading === true
  return (
    <ol
      className={styles.steps}
      aria-label={intl.formatMessage(m.steps)}
      aria-busy={loading || undefined}
      data-testid="swap-steps"
    >
      {loading ? (
        <li className={styles.step} data-testid="swap-step-loading">
          <Skeleton width="long" />
        </li>
      ) : null}
      {props.steps.map((step, index) => (
        <li
          key={step.kind}
          className={styles.step}
          data-testid="swap-step"
          data-step={step.kind}
          data-state={step.state}
          aria-current={step.state === 'active' ? 'step' : undefined}
        >
          <span className={styles.stepMarker} aria-hidden="true">
            {step.state === 'done' ? '✓' : step.state === 'failed' ? '!' : intl.formatNumber(index + 1)}
          </span>
          <span className={styles.stepLabel}>
            {label(step.kind)}
            {step.state === 'done' ? (
              <span className="visually-hidden"> ({intl.formatMessage(m.stepDone)})</span>
            ) : null}
          </span>
          {props.costs ? (
            <span className={styles.stepCost} data-testid="swap-step-cost">
              {step.costUsd === 'none'
                ? intl.formatMessage(m.stepNoCost)
                : step.costUsd === undefined
                  ? '–'
                  : props.costs.formatFiat(step.costUsd)}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
