import { defineMessages } from '../../../lib/messages.ts'

/** The blocked-address notice (spec section 6: blocked addresses cannot be used; wording ours). */
export const screeningMessages = defineMessages({
  title: { id: 'screening.blocked.title', defaultMessage: 'Blocked address' },
  body: {
    id: 'screening.blocked.body',
    defaultMessage: 'This address is blocked. It cannot swap, send or sign transactions in this app.',
  },
  banner: {
    id: 'screening.blocked.banner',
    defaultMessage: 'This address is blocked: swapping, sending and signing are disabled.',
  },
  close: { id: 'screening.blocked.close', defaultMessage: 'Close' },
  button: { id: 'screening.blocked.button', defaultMessage: 'Address blocked' },
  recipient: {
    id: 'screening.blocked.recipient',
    defaultMessage: 'This recipient address is blocked. You cannot send to it.',
  },
})
