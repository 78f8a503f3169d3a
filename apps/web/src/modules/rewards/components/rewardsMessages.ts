import { defineMessages } from '../../../lib/messages.ts'

export const rewardsMessages = defineMessages({
  claimButton: { id: 'rewards.claim.button', defaultMessage: 'Claim {amount} {symbol}' },
  modalTitle: { id: 'rewards.claim.title', defaultMessage: 'Claim LP rewards' },
  modalBody: {
    id: 'rewards.claim.body',
    defaultMessage:
      'Your liquidity earned {amount} {symbol} in epoch {epoch} on {network}. They are paid to this address:',
  },
  confirm: { id: 'rewards.claim.confirm', defaultMessage: 'Claim' },
  cancel: { id: 'rewards.claim.cancel', defaultMessage: 'Cancel' },
  wallet: { id: 'rewards.claim.wallet', defaultMessage: 'Confirm in your wallet' },
  pending: { id: 'rewards.claim.pending', defaultMessage: 'Claiming…' },
  confirmed: { id: 'rewards.claim.confirmed', defaultMessage: 'Rewards claimed' },
  /** The spec's "collect rewards failed". */
  failed: { id: 'rewards.claim.failed', defaultMessage: 'Collect rewards failed' },
  rejected: {
    id: 'rewards.claim.rejected',
    defaultMessage: 'Collect rewards failed: you rejected the request in your wallet',
  },
  rewardApr: { id: 'rewards.apr.reward', defaultMessage: '+{apr} rewards' },
  rewardAprLabel: { id: 'rewards.apr.label', defaultMessage: 'Reward APR' },
})
