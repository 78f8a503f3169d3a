import { defineMessages } from '../../../lib/messages.ts'
import { screeningMessages } from '../../screening/index.ts'

/** The send form's texts; those the swap screen already has keep its ids (one translation each). */
export const sendMessages = defineMessages({
  title: { id: 'account.send', defaultMessage: 'Send' },
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
  review: { id: 'swap.button.review', defaultMessage: 'Review' },
  max: { id: 'swap.max', defaultMessage: 'Max' },
  networkCost: { id: 'swap.details.networkCost', defaultMessage: 'Network cost' },
  close: { id: 'swap.close', defaultMessage: 'Close' },
  cancel: { id: 'wallet.account.cancel', defaultMessage: 'Cancel' },
  selectRecipient: { id: 'send.button.selectRecipient', defaultMessage: 'Select recipient' },
  invalidRecipient: { id: 'send.button.invalidRecipient', defaultMessage: 'Invalid recipient' },
  recipient: { id: 'send.recipient', defaultMessage: 'Recipient' },
  recipientPlaceholder: { id: 'send.recipient.placeholder', defaultMessage: 'Address or ENS name' },
  recent: { id: 'send.recent', defaultMessage: 'Recent' },
  sendCount: { id: 'send.recent.count', defaultMessage: '{count, plural, one {# send} other {# sends}}' },
  token: { id: 'send.token', defaultMessage: 'Token' },
  amount: { id: 'send.amount', defaultMessage: 'Amount' },
  showInFiat: { id: 'send.toggle.fiat', defaultMessage: 'Enter the amount in {currency}' },
  showInToken: { id: 'send.toggle.token', defaultMessage: 'Enter the amount in {symbol}' },
  reviewTitle: { id: 'send.review.title', defaultMessage: 'Review send' },
  confirm: { id: 'send.review.confirm', defaultMessage: 'Confirm send' },
  to: { id: 'send.review.to', defaultMessage: 'To' },
  sending: { id: 'send.status.sending', defaultMessage: 'Sending…' },
  sent: { id: 'send.status.sent', defaultMessage: 'Sent {amount} {symbol}' },
  failed: { id: 'send.status.failed', defaultMessage: 'The transfer failed' },
  contractTitle: { id: 'send.speedBump.contract.title', defaultMessage: 'This address is a smart contract' },
  contractBody: {
    id: 'send.speedBump.contract.body',
    defaultMessage:
      'Tokens sent to a contract that cannot handle them may be lost. Check that this contract accepts them.',
  },
  newAddressTitle: { id: 'send.speedBump.new.title', defaultMessage: 'New address' },
  newAddressBody: {
    id: 'send.speedBump.new.body',
    defaultMessage: 'You haven’t sent to this address before. Check that it is correct.',
  },
  lookalikeTitle: {
    id: 'send.speedBump.lookalike.title',
    defaultMessage: 'This address looks like one you sent to before',
  },
  lookalikeBody: {
    id: 'send.speedBump.lookalike.body',
    defaultMessage:
      'It matches {known} at the start and end, but it is a different address. Scammers create look-alike addresses: compare every character.',
  },
  continue: { id: 'send.speedBump.continue', defaultMessage: 'Continue' },
  lowNativeTitle: { id: 'send.lowNative.title', defaultMessage: 'Keep some {symbol} for network costs' },
  lowNativeBody: {
    id: 'send.lowNative.body',
    defaultMessage:
      'Sending your whole {symbol} balance leaves nothing to pay for future transactions on this network.',
  },
  understand: { id: 'send.lowNative.ok', defaultMessage: 'I understand' },
  noTokens: { id: 'send.noTokens', defaultMessage: 'No tokens to send' },
  zeroAddress: {
    id: 'send.recipient.zeroAddress',
    defaultMessage: 'This is the zero address: anything sent to it is lost forever.',
  },
  ownAddress: { id: 'send.recipient.ownAddress', defaultMessage: 'This is your own address.' },
})

/** The send button's label for each state of `sendButton` (state/sendRules.ts). */
export const sendButtonMessages = {
  connect: sendMessages.connectWallet,
  noRecipient: sendMessages.selectRecipient,
  invalidRecipient: sendMessages.invalidRecipient,
  noAmount: sendMessages.enterAmount,
  blocked: screeningMessages.button,
  recipientBlocked: screeningMessages.button,
  send: sendMessages.review,
}
