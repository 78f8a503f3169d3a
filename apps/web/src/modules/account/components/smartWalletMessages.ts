import { defineMessages } from '../../../lib/messages.ts'

/** The smart-wallet setting (settings row and its view). */
export const smartWalletMessages = defineMessages({
  title: { id: 'account.smartWallet.title', defaultMessage: 'Smart wallet' },
  hint: {
    id: 'account.smartWallet.hint',
    defaultMessage: 'A smart wallet approves and swaps in one transaction. Saves up to 50% on network costs.',
  },
  active: { id: 'account.smartWallet.active', defaultMessage: 'Active' },
  inactive: { id: 'account.smartWallet.inactive', defaultMessage: 'Inactive' },
  unavailable: { id: 'account.smartWallet.unavailable', defaultMessage: 'Unavailable' },
  actionRequired: { id: 'account.smartWallet.actionRequired', defaultMessage: 'Action required' },
  actionRequiredHint: {
    id: 'account.smartWallet.actionRequiredHint',
    defaultMessage: 'Delegated to another contract',
  },
  upgrade: { id: 'account.smartWallet.upgrade', defaultMessage: 'Upgrade' },
  remove: { id: 'account.smartWallet.remove', defaultMessage: 'Remove delegation' },
  managedByWallet: {
    id: 'account.smartWallet.managedByWallet',
    defaultMessage: 'Your wallet manages its smart-wallet setting.',
  },
  failed: { id: 'account.smartWallet.failed', defaultMessage: 'The transaction failed. Please try again.' },
})
