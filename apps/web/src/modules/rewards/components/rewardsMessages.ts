import { defineMessages } from '../../../lib/messages.ts'

export const rewardsMessages = defineMessages({
  claimButton: { id: 'rewards.claim.button', defaultMessage: 'Claim {amount} {symbol}' },
  modalTitle: { id: 'rewards.claim.title', defaultMessage: 'Claim LP rewards' },
  listBody: {
    id: 'rewards.claim.list',
    defaultMessage:
      'Your liquidity earned these rewards. Each epoch is claimed on its own and paid to this address:',
  },
  epoch: { id: 'rewards.claim.epoch', defaultMessage: 'Epoch {epoch} on {network}' },
  claimable: { id: 'rewards.claim.claimable', defaultMessage: 'Claimable' },
  claimed: { id: 'rewards.claim.claimed', defaultMessage: 'Claimed' },
  confirm: { id: 'rewards.claim.confirm', defaultMessage: 'Claim' },
  cancel: { id: 'rewards.claim.cancel', defaultMessage: 'Cancel' },
  wallet: { id: 'rewards.claim.wallet', defaultMessage: 'Confirm in your wallet' },
  pending: { id: 'rewards.claim.pending', defaultMessage: 'Claiming…' },
  /** The spec's "collect rewards failed". */
  failed: { id: 'rewards.claim.failed', defaultMessage: 'Collect rewards failed' },
  rejected: {
    id: 'rewards.claim.rejected',
    defaultMessage: 'Collect rewards failed: you rejected the request in your wallet',
  },
  rewardApr: { id: 'rewards.apr.reward', defaultMessage: '+{apr} rewards' },
  /** The badge's title: which epoch the figure comes from (the indexer's `rewardApr`). */
  rewardAprLabel: {
    id: 'rewards.apr.latestEpoch',
    defaultMessage: "Reward APR: the latest reward epoch's rewards, annualised, over the pool's TVL",
  },
})
