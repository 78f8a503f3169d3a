import { defineMessages } from '../../../lib/messages.ts'

/** The transaction details dialog opened from an Activity row, and failed rows' titles. */
export const detailsMessages = defineMessages({
  title: { id: 'account.details.title', defaultMessage: 'Transaction details' },
  type: { id: 'account.details.type', defaultMessage: 'Type' },
  status: { id: 'account.details.status', defaultMessage: 'Status' },
  network: { id: 'account.details.network', defaultMessage: 'Network' },
  time: { id: 'account.details.time', defaultMessage: 'Time' },
  amounts: { id: 'account.details.amounts', defaultMessage: 'Amounts' },
  networkCost: { id: 'account.details.networkCost', defaultMessage: 'Network cost' },
  providerFee: { id: 'account.details.providerFee', defaultMessage: 'Provider fee' },
  hash: { id: 'account.details.hash', defaultMessage: 'Transaction hash' },
  copyHash: { id: 'account.details.copyHash', defaultMessage: 'Copy transaction hash' },
  notMined: { id: 'account.details.notMined', defaultMessage: 'Not yet mined' },
  // The spec's data message (section 'Data').
  cannotLoad: { id: 'account.details.cannotLoad', defaultMessage: 'Cannot load transaction' },
  /** A transaction the app sent that was mined but reverted (Activity row title). */
  failedTitle: {
    id: 'account.failed.title',
    defaultMessage:
      '{kind, select, approve {Approval failed} swap {Swap failed} send {Send failed} wrap {Wrap failed} unwrap {Unwrap failed} other {Transaction failed}}',
  },
})
