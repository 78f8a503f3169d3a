/** The token selector's messages and the labels and explanations of each safety level. */
import { defineMessages } from '../../../lib/messages.ts'
import { swapMessages } from './swapMessages.ts'
import type { SafetyLevel } from './TokenSelectorModel.ts'

export const tokenSelectorMessages = defineMessages({
  title: { id: 'swap.selector.title', defaultMessage: 'Select a token' },
  search: { id: 'swap.selector.search', defaultMessage: 'Search name, symbol or address' },
  close: { id: 'swap.selector.close', defaultMessage: 'Close' },
  network: { id: 'swap.selector.network', defaultMessage: 'Chain filter' },
  loading: { id: 'swap.selector.loading', defaultMessage: 'Loading tokens' },
  loadError: { id: 'swap.selector.loadError', defaultMessage: "Couldn't load tokens" },
  balancesError: { id: 'swap.selector.balancesError', defaultMessage: "Couldn't load token balances" },
  retry: { id: 'swap.selector.retry', defaultMessage: 'Retry' },
  empty: { id: 'swap.selector.empty', defaultMessage: 'No tokens found' },
  tokens: { id: 'swap.selector.tokens', defaultMessage: 'Tokens' },
  imported: { id: 'swap.selector.imported', defaultMessage: 'Imported' },
  selected: { id: 'swap.selector.selected', defaultMessage: 'Selected' },
  other: { id: 'swap.selector.other', defaultMessage: 'Selected on the other side' },
  notRoutable: { id: 'swap.selector.notRoutable', defaultMessage: "Can't be swapped: {reason}" },
  reasonFee: {
    id: 'swap.selector.reason.fee',
    defaultMessage:
      'a fee-on-transfer token ({fee} taken on every transfer), so quotes would not match what arrives',
  },
  reasonHoneypot: {
    id: 'swap.selector.reason.honeypot',
    defaultMessage: 'a honeypot token, it can be bought but not sold',
  },
  reasonFlagged: { id: 'swap.selector.reason.flagged', defaultMessage: 'the token is marked {level}' },
  reasonOther: { id: 'swap.selector.reason.other', defaultMessage: 'the router does not trade it' },
  blocked: { id: 'swap.selector.level.blocked', defaultMessage: 'Blocked' },
  malicious: { id: 'swap.selector.level.malicious', defaultMessage: 'Malicious' },
  honeypot: { id: 'swap.selector.level.honeypot', defaultMessage: 'Honeypot' },
  spam: { id: 'swap.selector.level.spam', defaultMessage: 'Spam' },
  impersonator: { id: 'swap.selector.level.impersonator', defaultMessage: 'Impersonator' },
  medium: { id: 'swap.selector.level.medium', defaultMessage: 'Caution' },
  unverified: { id: 'swap.selector.level.unverified', defaultMessage: 'Unverified' },
  explainMalicious: {
    id: 'swap.selector.explain.malicious',
    defaultMessage: 'This token is flagged as malicious. Trading it could lose your funds.',
  },
  explainHoneypot: {
    id: 'swap.selector.explain.honeypot',
    defaultMessage: 'This token is a honeypot: it can be bought but not sold.',
  },
  explainSpam: {
    id: 'swap.selector.explain.spam',
    defaultMessage: 'This token is flagged as spam. It may be used to lure you to scam sites.',
  },
  explainImpersonator: {
    id: 'swap.selector.explain.impersonator',
    defaultMessage: 'This token impersonates another token. Check its address before trading.',
  },
  explainMedium: {
    id: 'swap.selector.explain.medium',
    defaultMessage: 'This token has a safety warning. Trade with caution.',
  },
  explainFee: {
    id: 'swap.selector.explain.fee',
    defaultMessage: '{fee} of every transfer is taken as a fee.',
  },
  explainUnverified: {
    id: 'swap.selector.explain.unverified',
    defaultMessage: "This token isn't on the token list.",
  },
  warningTitle: { id: 'swap.selector.warning.title', defaultMessage: 'Token warning' },
  warningContinue: { id: 'swap.selector.warning.continue', defaultMessage: 'Continue' },
  back: { id: 'swap.selector.back', defaultMessage: 'Back' },
  lookingUp: { id: 'swap.selector.import.lookingUp', defaultMessage: 'Looking up token…' },
  notToken: {
    id: 'swap.selector.import.notToken',
    defaultMessage: 'No token found at this address on {network}',
  },
  readFailed: {
    id: 'swap.selector.import.readFailed',
    defaultMessage: "Couldn't read this token. Try again.",
  },
  importButton: { id: 'swap.selector.import.button', defaultMessage: 'Import' },
  importTitle: { id: 'swap.selector.import.title', defaultMessage: 'Import token' },
  importWarning: {
    id: 'swap.selector.import.warning',
    defaultMessage:
      "This token isn't on the token list and could be a scam. Anyone can create a token, including fake versions of existing tokens. Make sure this is the token you want to trade.",
  },
  importConfirm: { id: 'swap.selector.import.confirm', defaultMessage: 'I understand, import' },
})

const m = tokenSelectorMessages

export const levelLabel: Record<
  Exclude<SafetyLevel, 'verified'>,
  (typeof tokenSelectorMessages)[keyof typeof tokenSelectorMessages]
> = {
  blocked: m.blocked,
  malicious: m.malicious,
  honeypot: m.honeypot,
  spam: m.spam,
  impersonator: m.impersonator,
  medium: m.medium,
  unverified: m.unverified,
}
export const levelExplanation: Record<
  Exclude<SafetyLevel, 'verified'>,
  (typeof tokenSelectorMessages)[keyof typeof tokenSelectorMessages]
> = {
  blocked: swapMessages.tokenBlocked,
  malicious: m.explainMalicious,
  honeypot: m.explainHoneypot,
  spam: m.explainSpam,
  impersonator: m.explainImpersonator,
  medium: m.explainMedium,
  unverified: m.explainUnverified,
}
