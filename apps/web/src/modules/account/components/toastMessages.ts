import { defineMessages } from '../../../lib/messages.ts'

/** The transaction toasts (their own chunk). Pending and success titles reuse Activity's words. */
export const toastMessages = defineMessages({
  region: { id: 'account.toast.region', defaultMessage: 'Transaction notifications' },
  dismiss: { id: 'account.toast.dismiss', defaultMessage: 'Dismiss' },
  viewOnExplorer: { id: 'account.toast.viewOnExplorer', defaultMessage: 'View on {explorer}' },
  viewActivity: { id: 'account.toast.viewActivity', defaultMessage: 'View in Activity' },
  confirmed: { id: 'account.toast.confirmed', defaultMessage: 'Confirmed' },
  failedApprove: { id: 'account.toast.failed.approve', defaultMessage: 'Approval failed' },
  failedSwap: { id: 'account.toast.failed.swap', defaultMessage: 'Swap failed' },
  failedWrap: { id: 'account.toast.failed.wrap', defaultMessage: 'Wrap failed' },
  failedUnwrap: { id: 'account.toast.failed.unwrap', defaultMessage: 'Unwrap failed' },
  failedSend: { id: 'account.toast.failed.send', defaultMessage: 'Send failed' },
  failedMint: { id: 'account.toast.failed.mint', defaultMessage: 'Creating the position failed' },
  failedLiquidityIncrease: {
    id: 'account.toast.failed.liquidityIncrease',
    defaultMessage: 'Adding liquidity failed',
  },
  failedLiquidityDecrease: {
    id: 'account.toast.failed.liquidityDecrease',
    defaultMessage: 'Removing liquidity failed',
  },
  failedCollectFees: { id: 'account.toast.failed.collectFees', defaultMessage: 'Collecting fees failed' },
  failedCreatePool: { id: 'account.toast.failed.createPool', defaultMessage: 'Creating the pool failed' },
  failedDelegate: { id: 'account.toast.failed.delegate', defaultMessage: 'Smart wallet upgrade failed' },
  failedRemoveDelegation: {
    id: 'account.toast.failed.removeDelegation',
    defaultMessage: 'Removing delegation failed',
  },
  /** The spec's "collect rewards failed". */
  failedLpRewardsClaim: {
    id: 'account.toast.failed.lpRewardsClaim',
    defaultMessage: 'Collect rewards failed',
  },
  failedMigrateLiquidity: {
    id: 'account.toast.failed.migrateLiquidity',
    defaultMessage: 'Migrating liquidity failed',
  },
})
