import type { MessageDescriptor } from 'react-intl'
import { defineMessages } from '../../../lib/messages.ts'
import type { ShownOrderStatus } from '../state/orderStatus.ts'

/** The Limit screen's and the open-orders view's texts (spec sections 4, 5 and 8). */
export const limitMessages = defineMessages({
  limitPrice: { id: 'limit.price.label', defaultMessage: 'When 1 {in} is worth' },
  priceLabel: { id: 'limit.price.title', defaultMessage: 'Limit price' },
  priceInput: { id: 'limit.price.input', defaultMessage: 'Limit price in {out} per {in}' },
  invert: { id: 'limit.price.invert', defaultMessage: 'Invert price' },
  market: { id: 'limit.preset.market', defaultMessage: 'Market' },
  marketPrice: { id: 'limit.price.market', defaultMessage: 'Market price: {price}' },
  fromMarket: { id: 'limit.price.fromMarket', defaultMessage: '{percent} from market' },
  marketUnavailable: { id: 'limit.warning.marketUnavailable', defaultMessage: 'Market price not available' },
  belowMarket: {
    id: 'limit.warning.belowMarket',
    defaultMessage:
      'Your limit price is {percent} below market. You will sell for less than the market price.',
  },
  aboveMarket: {
    id: 'limit.warning.aboveMarket',
    defaultMessage:
      'Your limit price is {percent} above market. You will buy for more than the market price.',
  },
  invalidPrice: { id: 'limit.error.invalidPrice', defaultMessage: 'Enter a valid limit price' },
  expiry: { id: 'limit.expiry.label', defaultMessage: 'Expiry' },
  expiryDay: { id: 'limit.expiry.day', defaultMessage: '1 day' },
  expiryWeek: { id: 'limit.expiry.week', defaultMessage: '1 week' },
  expiryMonth: { id: 'limit.expiry.month', defaultMessage: '1 month' },
  expiryYear: { id: 'limit.expiry.year', defaultMessage: '1 year' },
  openOrdersNear: {
    id: 'limit.warning.openOrdersNear',
    defaultMessage: 'You have {count} open limit orders. At most {max} can be open at once.',
  },
  openOrdersFull: {
    id: 'limit.warning.openOrdersFull',
    defaultMessage: 'You have {max} open limit orders. Cancel one before placing another.',
  },
  placeOrder: { id: 'limit.button.place', defaultMessage: 'Place order' },
  reviewTitle: { id: 'limit.review.title', defaultMessage: 'Review limit order' },
  youSell: { id: 'limit.review.sell', defaultMessage: 'You sell' },
  youReceiveAtLeast: { id: 'limit.review.receive', defaultMessage: 'You receive at least' },
  expires: { id: 'limit.review.expires', defaultMessage: 'Expires {date}' },
  noGas: {
    id: 'limit.review.noGas',
    defaultMessage:
      'Placing the order is a signature: no network cost. It fills when the market reaches your price.',
  },
  approving: { id: 'limit.status.approving', defaultMessage: 'Approve {symbol} for Permit2 in your wallet' },
  signing: { id: 'limit.status.signing', defaultMessage: 'Sign the order in your wallet' },
  submitting: { id: 'limit.status.submitting', defaultMessage: 'Submitting the order…' },
  placed: { id: 'limit.status.placed', defaultMessage: 'Limit order placed' },
  failedTooMany: {
    id: 'limit.failed.tooManyOpenOrders',
    defaultMessage: 'You have reached the maximum of {max} open limit orders.',
  },
  failedExpired: { id: 'limit.failed.expired', defaultMessage: 'The order expired before it was placed.' },
  failedGeneric: {
    id: 'limit.failed.generic',
    defaultMessage: 'The limit order could not be placed. Please try again.',
  },

  // Open orders (the limits view)
  openOrders: { id: 'limits.title', defaultMessage: 'Limits' },
  noOrders: { id: 'limits.empty', defaultMessage: 'No limit orders yet' },
  select: { id: 'limits.select', defaultMessage: 'Select order {summary}' },
  orderSummary: { id: 'limits.summary', defaultMessage: '{amountIn} {symbolIn} → {amountOut} {symbolOut}' },
  cancelSelected: {
    id: 'limits.cancel',
    defaultMessage: '{count, plural, one {Cancel # order} other {Cancel # orders}}',
  },
  cancelTitle: { id: 'limits.cancel.title', defaultMessage: 'Cancel limit orders' },
  cancelExplain: {
    id: 'limits.cancel.explain',
    defaultMessage:
      'Cancelling marks the orders’ nonces used on chain, so they can never be filled. This is a transaction with a network cost.',
  },
  cancelConfirm: { id: 'limits.cancel.confirm', defaultMessage: 'Confirm cancellation' },
  cancelPendingSignature: { id: 'limits.cancel.pendingSignature', defaultMessage: 'Confirm in your wallet' },
  cancelPendingConfirmation: {
    id: 'limits.cancel.pendingConfirmation',
    defaultMessage: 'Cancellation pending…',
  },
  cancelDone: { id: 'limits.cancel.done', defaultMessage: 'Orders cancelled' },
  fillTx: { id: 'limits.fillTx', defaultMessage: 'Transaction {hash}' },
  statusOpened: { id: 'limits.status.opened', defaultMessage: 'Open' },
  statusPending: { id: 'limits.status.pending', defaultMessage: 'Pending' },
  statusExecuted: { id: 'limits.status.executed', defaultMessage: 'Executed' },
  statusCanceled: { id: 'limits.status.canceled', defaultMessage: 'Canceled' },
  statusExpired: { id: 'limits.status.expired', defaultMessage: 'Expired' },
  statusFailed: { id: 'limits.status.failed', defaultMessage: 'Failed' },
  statusPendingCancellation: {
    id: 'limits.status.pendingCancellation',
    defaultMessage: 'Pending cancellation',
  },
  statusCancellationSubmitted: {
    id: 'limits.status.cancellationSubmitted',
    defaultMessage: 'Cancellation submitted',
  },
  statusCancellationSuccessful: {
    id: 'limits.status.cancellationSuccessful',
    defaultMessage: 'Cancellation successful',
  },
  loadFailed: { id: 'limits.error.load', defaultMessage: 'Your limit orders could not be loaded' },
})

/** An order's fill (or cancel) transaction, 'Transaction {hash}': the limits view's and Activity's. */
export const orderTxMessage = limitMessages.fillTx

/** The label of each shown status (the limits view's and the account drawer's Activity rows). */
export const orderStatusMessages: Record<ShownOrderStatus, MessageDescriptor> = {
  opened: limitMessages.statusOpened,
  pending: limitMessages.statusPending,
  executed: limitMessages.statusExecuted,
  canceled: limitMessages.statusCanceled,
  expired: limitMessages.statusExpired,
  failed: limitMessages.statusFailed,
  pendingCancellation: limitMessages.statusPendingCancellation,
  cancellationSubmitted: limitMessages.statusCancellationSubmitted,
  cancellationSuccessful: limitMessages.statusCancellationSuccessful,
}
