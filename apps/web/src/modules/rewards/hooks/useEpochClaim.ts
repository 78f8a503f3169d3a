import type { RewardClaim } from '@oxbow/api-contract/rewards'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import {
  addPendingTransaction,
  type Hex,
  isWalletActionError,
  loadWalletRuntime,
  resolvePendingTransaction,
  usePendingTransactions,
} from '../../wallet/index.ts'
import { claimRequest } from '../services/rewardsApi.ts'
import { claimKeyOf, rememberClaimTransaction, useClaimTransactions } from '../state/claimTransactions.ts'

/**
 * One epoch's claim: 'claimable' (not claimed on chain), 'wallet' (waiting for the signature),
 * 'pending' (sent, not mined: this page's send, or after a reload one the wallet still tracks as
 * pending for this claim), 'claimed' (the distributor's `isClaimed`, as the API read it, or this
 * page's confirmed claim).
 */
export type EpochClaimState = 'claimable' | 'wallet' | 'pending' | 'claimed'

type Step =
  | { readonly step: 'idle' | 'wallet' }
  | { readonly step: 'pending' | 'confirmed'; readonly hash: Hex }
  | { readonly step: 'failed'; readonly rejected: boolean }

export function useEpochClaim(
  address: Hex,
  reward: RewardClaim,
  blocked: boolean,
): {
  readonly state: EpochClaimState
  readonly hash: Hex | undefined
  /** The last attempt failed: rejected in the wallet, or an error / revert. */
  readonly failure: { readonly rejected: boolean } | undefined
  readonly claim: () => Promise<void>
} {
  const queryClient = useQueryClient()
  const [step, setStep] = useState<Step>({ step: 'idle' })
  const key = claimKeyOf(reward)
  const sent = useClaimTransactions(address)
  const pending = usePendingTransactions(address)
  const tracked = pending.find((tx) => sent[tx.hash] === key)?.hash
  // A claim the wallet tracked (sent before a reload) left the pending list: mined or dropped; the
  // API reads the distributor again.
  const wasTracked = useRef(false)
  useEffect(() => {
    if (wasTracked.current && !tracked) void queryClient.invalidateQueries({ queryKey: ['rewards'] })
    wasTracked.current = tracked !== undefined
  }, [tracked, queryClient])

  const claim = async () => {
    // Never signed for a blocked account (the API refuses its claims too), nor twice.
    if (blocked || reward.claimed || tracked || step.step === 'wallet' || step.step === 'pending') return
    setStep({ step: 'wallet' })
    try {
      const wallet = await loadWalletRuntime()
      await wallet.switchNetwork(reward.chainId)
      const hash = await wallet.sendTransaction(claimRequest(address, reward))
      rememberClaimTransaction(address, hash, key)
      addPendingTransaction(address, {
        hash,
        chainId: reward.chainId,
        kind: 'lpRewardsClaim',
        addedAt: Date.now(),
      })
      setStep({ step: 'pending', hash })
      const outcome = await wallet.waitForTransaction(reward.chainId, hash)
      resolvePendingTransaction(address, hash, outcome.status)
      setStep(
        outcome.status === 'success' ? { step: 'confirmed', hash } : { step: 'failed', rejected: false },
      )
    } catch (error) {
      console.warn('reward claim failed', error)
      setStep({ step: 'failed', rejected: isWalletActionError(error) && error.kind === 'rejected' })
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['rewards'] })
    }
  }

  const hash = 'hash' in step ? step.hash : tracked
  const state: EpochClaimState =
    reward.claimed || step.step === 'confirmed'
      ? 'claimed'
      : step.step === 'wallet'
        ? 'wallet'
        : step.step === 'pending' || tracked
          ? 'pending'
          : 'claimable'
  return {
    state,
    hash,
    failure: step.step === 'failed' && state === 'claimable' ? { rejected: step.rejected } : undefined,
    claim,
  }
}
