import { defineMessages } from '../../../lib/messages.ts'
import { screeningMessages } from '../../screening/index.ts'
import { swapMessages } from '../../swap/index.ts'
import { accountMessages } from './accountMessages.ts'

/** The send form's texts; those the swap screen already has are its descriptors (one translation each). */
export const sendMessages = defineMessages({
  title: accountMessages.send,
  connectWallet: swapMessages.connectWallet,
  enterAmount: swapMessages.enterAmount,
  insufficientBalance: swapMessages.insufficientBalance,
  insufficientGas: swapMessages.insufficientGas,
  review: swapMessages.review,
  max: swapMessages.max,
  networkCost: swapMessages.networkCost,
  close: swapMessages.close,
  cancel: accountMessages.cancel,
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
