import { defineMessages } from '../../../lib/messages.ts'

/** The swap screen's texts (spec sections 5 and 8 wording where the spec has it). */
export const swapMessages = defineMessages({
  sell: { id: 'swap.panel.sell', defaultMessage: 'Sell' },
  buy: { id: 'swap.panel.buy', defaultMessage: 'Buy' },
  sellAmount: { id: 'swap.amount', defaultMessage: 'Amount' },
  buyAmount: { id: 'swap.receive', defaultMessage: 'You receive' },
  selectToken: { id: 'swap.selectToken', defaultMessage: 'Select token' },
  /** A blocked token's explanation: in the selector, and in the box when the URL names one. */
  tokenBlocked: {
    id: 'swap.selector.explain.blocked',
    defaultMessage: 'This token is blocked and cannot be traded.',
  },
  flip: { id: 'swap.flip', defaultMessage: 'Switch tokens' },
  balance: { id: 'swap.balance', defaultMessage: 'Balance: {amount}' },
  max: { id: 'swap.max', defaultMessage: 'Max' },
  network: { id: 'swap.network', defaultMessage: 'Network' },

  // Main button (DOM contract texts)
  connectWallet: { id: 'swap.button.connect', defaultMessage: 'Connect wallet' },
  enterAmount: { id: 'swap.button.enterAmount', defaultMessage: 'Enter an amount' },
  insufficientBalance: {
    id: 'swap.error.insufficientBalance',
    defaultMessage: 'Insufficient {symbol} balance',
  },
  insufficientGas: {
    id: 'swap.error.insufficientGas',
    defaultMessage: 'Insufficient funds to cover network cost',
  },
  switchNetwork: { id: 'swap.button.switchNetwork', defaultMessage: 'Switch to {network}' },
  wrap: { id: 'swap.button.wrap', defaultMessage: 'Wrap' },
  unwrap: { id: 'swap.button.unwrap', defaultMessage: 'Unwrap' },
  review: { id: 'swap.button.review', defaultMessage: 'Review' },
  swap: { id: 'swap.button.swap', defaultMessage: 'Swap' },

  // Quote details
  rate: { id: 'swap.details.rate', defaultMessage: 'Rate' },
  rateValue: { id: 'swap.details.rateValue', defaultMessage: '{one} {in} = {rate} {out}' },
  priceImpact: { id: 'swap.details.priceImpact', defaultMessage: 'Price impact' },
  networkCost: { id: 'swap.details.networkCost', defaultMessage: 'Network cost' },
  networkCostWarning: {
    id: 'swap.details.networkCostWarning',
    defaultMessage: 'The network cost is more than {percent} of the value of this swap.',
  },
  route: { id: 'swap.details.route', defaultMessage: 'Route' },
  minimumReceived: { id: 'swap.details.minimumReceived', defaultMessage: 'Minimum received' },
  maximumSent: { id: 'swap.details.maximumSent', defaultMessage: 'Maximum sent' },
  maxSlippage: { id: 'swap.details.maxSlippage', defaultMessage: 'Max slippage' },
  slippageAuto: { id: 'swap.details.slippageAuto', defaultMessage: 'Auto ({percent})' },
  fetchingQuote: { id: 'swap.details.fetching', defaultMessage: 'Fetching the best price…' },

  // Quote errors (spec section 8)
  noQuotes: { id: 'swap.error.noQuotes', defaultMessage: 'No quotes found' },
  unsupportedNetwork: { id: 'swap.error.unsupportedNetwork', defaultMessage: 'Unsupported network' },
  unsupportedToken: {
    id: 'swap.error.unsupportedToken',
    defaultMessage: 'This token cannot be swapped: {reason}',
  },
  unsupportedTokenUnknown: {
    id: 'swap.error.unsupportedToken.unknown',
    defaultMessage: 'the trading service refuses it',
  },
  rateLimited: { id: 'swap.error.rateLimited', defaultMessage: 'Please try again in a few minutes.' },
  somethingWrong: { id: 'swap.error.generic', defaultMessage: 'Something went wrong' },
  retry: { id: 'swap.error.retry', defaultMessage: 'Try again' },
  switchFailed: { id: 'swap.error.switchFailed', defaultMessage: 'Failed to switch networks' },

  // Review
  reviewTitle: { id: 'swap.review.title', defaultMessage: 'Review swap' },
  reviewWrapTitle: { id: 'swap.review.wrapTitle', defaultMessage: 'Review wrap' },
  reviewUnwrapTitle: { id: 'swap.review.unwrapTitle', defaultMessage: 'Review unwrap' },
  youPay: { id: 'swap.review.youPay', defaultMessage: 'You pay' },
  youReceive: { id: 'swap.review.youReceive', defaultMessage: 'You receive' },
  close: { id: 'swap.close', defaultMessage: 'Close' },
  standardSwap: { id: 'swap.status.standardSwap', defaultMessage: 'Try a standard swap' },

  // Status (spec section 4 states, section 8 messages)
  approving: { id: 'swap.status.approving', defaultMessage: 'Approve {symbol} in your wallet' },
  approvingPending: { id: 'swap.status.approvingPending', defaultMessage: 'Approving {symbol}…' },
  signing: { id: 'swap.status.signing', defaultMessage: 'Sign the permit in your wallet' },
  submitting: { id: 'swap.status.submitting', defaultMessage: 'Confirm in your wallet' },
  pending: { id: 'swap.status.pending', defaultMessage: 'Transaction pending…' },
  confirmed: {
    id: 'swap.status.confirmed',
    defaultMessage: 'Swapped {amountIn} {symbolIn} for {amountOut} {symbolOut}',
  },
  wrapped: {
    id: 'swap.status.wrapped',
    defaultMessage: 'Wrapped {amountIn} {symbolIn} into {amountOut} {symbolOut}',
  },
  unwrapped: {
    id: 'swap.status.unwrapped',
    defaultMessage: 'Unwrapped {amountIn} {symbolIn} into {amountOut} {symbolOut}',
  },
  transactionHash: { id: 'swap.status.hash', defaultMessage: 'Transaction {hash}' },
  copyHash: { id: 'swap.status.copyHash', defaultMessage: 'Copy transaction hash' },
  viewOnExplorer: { id: 'swap.status.viewOnExplorer', defaultMessage: 'View on {explorer}' },

  // Steps (review and status)
  steps: { id: 'swap.steps.label', defaultMessage: 'Steps' },
  stepApprove: { id: 'swap.steps.approve', defaultMessage: 'Approve {symbol} for Permit2' },
  stepPermit: { id: 'swap.steps.permit', defaultMessage: 'Sign the Permit2 permit for {symbol}' },
  stepPermitApprove: {
    id: 'swap.steps.permitApprove',
    defaultMessage: 'Allow the router to spend {symbol} in Permit2',
  },
  stepNoCost: { id: 'swap.steps.noCost', defaultMessage: 'No network cost' },
  stepDone: { id: 'swap.steps.done', defaultMessage: 'Done' },
  failedRejected: { id: 'swap.failed.rejected', defaultMessage: 'Transaction rejected in your wallet.' },
  failedDeadline: {
    id: 'swap.failed.deadline',
    defaultMessage:
      'This transaction could not be sent because the deadline has passed. Check that your transaction deadline is not too low.',
  },
  failedSlippage: {
    id: 'swap.failed.slippage',
    defaultMessage:
      'This transaction will not succeed due to price movement. Try increasing your slippage tolerance.',
  },
  failedSignatureExpired: {
    id: 'swap.failed.signatureExpired',
    defaultMessage: 'Your signature has expired.',
  },
  failedApproval: { id: 'swap.failed.approval', defaultMessage: 'Token approval failed' },
  failedInsufficientFunds: {
    id: 'swap.failed.insufficientFunds',
    defaultMessage: 'Your account has insufficient funds to complete this swap.',
  },
  failedTimeout: { id: 'swap.failed.timeout', defaultMessage: 'Confirmation timed out. Please retry.' },
  failedNoQuotes: { id: 'swap.failed.noQuotes', defaultMessage: 'No quotes found' },
  /**
   * The spec's 'Invalid recipient': the main button when the form refuses the receiving account, and
   * the swap's end when the API refuses it (INVALID_RECIPIENT). One text, one id for both.
   */
  invalidRecipient: { id: 'swap.failed.invalidRecipient', defaultMessage: 'Invalid recipient' },
  failedGeneric: {
    id: 'swap.failed.generic',
    defaultMessage: 'Swap could not be fulfilled at this time. Please try again.',
  },
})
