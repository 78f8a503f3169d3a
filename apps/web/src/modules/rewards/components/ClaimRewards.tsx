import type { RewardClaim } from '@oxbow/api-contract/rewards'
import { formatTokenAmount } from '@oxbow/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetworkByChainId } from '../../config/index.ts'
import { screeningMessages } from '../../screening/index.ts'
import { Button, Dialog, modalClassName } from '../../ui/index.ts'
import {
  addPendingTransaction,
  type Hex,
  isWalletActionError,
  loadWalletRuntime,
  resolvePendingTransaction,
} from '../../wallet/index.ts'
import { useClaimableRewards } from '../hooks/useRewards.ts'
import { claimRequest } from '../services/rewardsApi.ts'
import styles from './Rewards.module.css'
import { rewardsMessages as m } from './rewardsMessages.ts'

type ClaimState =
  | { readonly step: 'idle' | 'wallet' }
  | { readonly step: 'pending' | 'confirmed'; readonly hash: Hex }
  | { readonly step: 'failed'; readonly rejected: boolean }

/**
 * The account drawer's claim-reward button (spec: "a claim-reward button appears when eligible,
 * shows an amount and opens an address-claim modal"): shown while the account has an unclaimed
 * reward; the modal names the amount and the address it is paid to, and sends the distributor's
 * claim through the wallet as an 'lpRewardsClaim' transaction (Activity's pending row, toasts).
 */
export default function ClaimRewards(props: { address: Hex }) {
  const intl = useIntl()
  const queryClient = useQueryClient()
  const { claims: claimable, blocked } = useClaimableRewards(props.address)
  const [open, setOpen] = useState<RewardClaim | null>(null)
  const [state, setState] = useState<ClaimState>({ step: 'idle' })
  const first = claimable[0]
  const amountOf = (claim: RewardClaim) =>
    formatTokenAmount(BigInt(claim.amount), claim.token.decimals, { locale: intl.locale })

  const claim = async (reward: RewardClaim) => {
    // Never signed for a blocked account (the API refuses its claims too).
    if (blocked) return
    setState({ step: 'wallet' })
    try {
      const wallet = await loadWalletRuntime()
      await wallet.switchNetwork(reward.chainId)
      const hash = await wallet.sendTransaction(claimRequest(props.address, reward))
      addPendingTransaction(props.address, {
        hash,
        chainId: reward.chainId,
        kind: 'lpRewardsClaim',
        addedAt: Date.now(),
      })
      setState({ step: 'pending', hash })
      const outcome = await wallet.waitForTransaction(reward.chainId, hash)
      resolvePendingTransaction(props.address, hash, outcome.status)
      setState(
        outcome.status === 'success' ? { step: 'confirmed', hash } : { step: 'failed', rejected: false },
      )
    } catch (error) {
      console.warn('reward claim failed', error)
      setState({ step: 'failed', rejected: isWalletActionError(error) && error.kind === 'rejected' })
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['rewards'] })
    }
  }

  const close = () => {
    setOpen(null)
    if (state.step !== 'wallet' && state.step !== 'pending') setState({ step: 'idle' })
  }
  const busy = state.step === 'wallet' || state.step === 'pending'
  if (blocked) {
    // Spec section 6: a blocked address cannot be used; the swap and send buttons' label and notice.
    return (
      <>
        <Button
          variant="secondary"
          disabled
          data-testid="claim-rewards"
          data-blocked="true"
          aria-describedby="claim-rewards-blocked"
        >
          {intl.formatMessage(screeningMessages.button)}
        </Button>
        <p
          id="claim-rewards-blocked"
          role="note"
          className={styles.error}
          data-testid="claim-rewards-blocked"
        >
          {intl.formatMessage(screeningMessages.body)}
        </p>
      </>
    )
  }
  return (
    <>
      {first ? (
        <Button
          variant="secondary"
          data-testid="claim-rewards"
          data-amount={first.amount}
          onClick={() => {
            setState({ step: 'idle' })
            setOpen(first)
          }}
        >
          {intl.formatMessage(m.claimButton, { amount: amountOf(first), symbol: first.token.symbol })}
        </Button>
      ) : null}
      <Dialog
        open={open !== null}
        onClose={close}
        label={intl.formatMessage(m.modalTitle)}
        className={modalClassName}
        data-testid="claim-rewards-modal"
      >
        <h2>{intl.formatMessage(m.modalTitle)}</h2>
        {open ? (
          <>
            <p>
              {intl.formatMessage(m.modalBody, {
                amount: amountOf(open),
                symbol: open.token.symbol,
                epoch: open.epoch,
                network: findNetworkByChainId(open.chainId)?.name ?? open.network,
              })}
            </p>
            <code className={styles.address} data-testid="claim-rewards-address">
              {props.address}
            </code>
            {state.step === 'failed' ? (
              <p role="alert" className={styles.error} data-testid="claim-rewards-error">
                {intl.formatMessage(state.rejected ? m.rejected : m.failed)}
              </p>
            ) : null}
            {state.step === 'wallet' || state.step === 'pending' || state.step === 'confirmed' ? (
              <p
                role="status"
                data-testid="claim-rewards-status"
                data-state={state.step}
                data-hash={'hash' in state ? state.hash : undefined}
              >
                {intl.formatMessage(
                  state.step === 'wallet' ? m.wallet : state.step === 'pending' ? m.pending : m.confirmed,
                )}
              </p>
            ) : null}
            <div className={styles.actions}>
              {state.step === 'confirmed' ? null : (
                <Button disabled={busy} onClick={() => void claim(open)}>
                  {intl.formatMessage(m.confirm)}
                </Button>
              )}
              <Button variant="secondary" onClick={close}>
                {intl.formatMessage(m.cancel)}
              </Button>
            </div>
          </>
        ) : null}
      </Dialog>
    </>
  )
}
