import { useIntl } from 'react-intl'
import type { LiquidityTxState } from '../hooks/useLiquidityTransaction.ts'
import { liquidityMessages as m } from './liquidityMessages.ts'

/** The state of the current liquidity transaction, announced politely. */
export function TransactionStatus({ state }: { state: LiquidityTxState }) {
  const intl = useIntl()
  if (state.step === 'idle') return null
  const text =
    state.step === 'wallet'
      ? intl.formatMessage(m.txWallet)
      : state.step === 'pending'
        ? intl.formatMessage(m.txPending)
        : state.step === 'confirmed'
          ? intl.formatMessage(m.txConfirmed)
          : state.reason === 'rejected'
            ? intl.formatMessage(m.txRejected)
            : intl.formatMessage(m.txFailed, { reason: state.detail })
  return (
    <p
      role="status"
      data-testid="liquidity-tx-status"
      data-state={state.step}
      data-hash={'hash' in state ? state.hash : undefined}
    >
      {text}
    </p>
  )
}
