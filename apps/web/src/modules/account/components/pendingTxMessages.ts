import { defineMessages } from '../../../lib/messages.ts'

/** Speed-up and cancel of the app's pending transactions (Activity), and their statuses. */
export const pendingTxMessages = defineMessages({
  statusCanceling: { id: 'account.status.canceling', defaultMessage: 'Canceling' },
  statusCanceled: { id: 'account.status.canceled', defaultMessage: 'Canceled' },
  canceledTitle: { id: 'account.pending.canceledTitle', defaultMessage: 'Transaction canceled' },
  spedUp: { id: 'account.pending.spedUp', defaultMessage: 'Sped up' },
  speedUp: { id: 'account.pending.speedUp', defaultMessage: 'Speed up' },
  cancel: { id: 'account.pending.cancel', defaultMessage: 'Cancel' },
  speedUpTitle: { id: 'account.pending.speedUpTitle', defaultMessage: 'Speed up this transaction?' },
  cancelTitle: { id: 'account.pending.cancelTitle', defaultMessage: 'Cancel this transaction?' },
  speedUpHint: {
    id: 'account.pending.speedUpHint',
    defaultMessage: 'Sends the same transaction again with a higher network fee, so it is mined sooner.',
  },
  cancelHint: {
    id: 'account.pending.cancelHint',
    defaultMessage:
      'Sends 0 {symbol} to yourself in its place with a higher network fee. If the original is mined first, it is not canceled.',
  },
  networkCost: { id: 'account.pending.networkCost', defaultMessage: 'New network cost' },
  upTo: { id: 'account.pending.upTo', defaultMessage: 'Up to {amount}' },
  calculating: { id: 'account.pending.calculating', defaultMessage: 'Calculating network cost…' },
  confirmSpeedUp: { id: 'account.pending.confirmSpeedUp', defaultMessage: 'Speed up' },
  confirmCancel: { id: 'account.pending.confirmCancel', defaultMessage: 'Cancel transaction' },
  back: { id: 'account.pending.back', defaultMessage: 'Back' },
  signing: { id: 'account.pending.signing', defaultMessage: 'Confirm in your wallet' },
  // The spec's transaction cancel and replace errors.
  errorAlreadyMined: {
    id: 'account.pending.error.alreadyMined',
    defaultMessage: 'This transaction is already confirmed and can no longer be changed.',
  },
  errorNotFound: {
    id: 'account.pending.error.notFound',
    defaultMessage: 'The network no longer knows this transaction.',
  },
  errorOtherAccount: {
    id: 'account.pending.error.otherAccount',
    defaultMessage: 'This transaction was sent from another account.',
  },
  errorRejected: {
    id: 'account.pending.error.rejected',
    defaultMessage: 'The request was rejected in your wallet.',
  },
  errorInsufficientGas: {
    id: 'account.pending.error.insufficientGas',
    defaultMessage: 'Not enough {symbol} to cover the network cost.',
  },
  errorCancelFailed: {
    id: 'account.pending.error.cancelFailed',
    defaultMessage: "Couldn't cancel the transaction. It may already be confirmed.",
  },
  errorSpeedUpFailed: {
    id: 'account.pending.error.speedUpFailed',
    defaultMessage: "Couldn't speed up the transaction. It may already be confirmed.",
  },
})
