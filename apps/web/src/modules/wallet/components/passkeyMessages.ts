import { defineMessages } from '../../../lib/messages.ts'

export const passkeyMessages = defineMessages({
  managePasskeys: { id: 'wallet.passkey.manage', defaultMessage: 'Manage passkeys' },
  passkeyLogIn: { id: 'wallet.passkey.logIn', defaultMessage: 'Log in with a passkey' },
  passkeyCreate: { id: 'wallet.passkey.create', defaultMessage: 'Create a wallet with a passkey' },
  passkeyNote: {
    id: 'wallet.passkey.note',
    defaultMessage: 'Your wallet key is created in this browser and locked by your passkey.',
  },
  passkeyOr: { id: 'wallet.passkey.or', defaultMessage: 'or connect a wallet' },
  title: { id: 'wallet.passkeys.title', defaultMessage: 'Passkeys' },
  help: { id: 'wallet.passkeys.help', defaultMessage: 'What is a passkey?' },
  loading: { id: 'wallet.passkeys.loading', defaultMessage: 'Loading passkeys' },
  locked: {
    id: 'wallet.passkeys.locked',
    defaultMessage: 'Unlock this wallet with one of its passkeys to manage them.',
  },
  unlock: { id: 'wallet.passkeys.unlock', defaultMessage: 'Unlock with passkey' },
  passkeyN: { id: 'wallet.passkeys.passkeyN', defaultMessage: 'Passkey {number}' },
  add: { id: 'wallet.passkeys.add', defaultMessage: 'Add a passkey' },
  addTitle: { id: 'wallet.passkeys.addTitle', defaultMessage: 'Where should the new passkey live?' },
  device: { id: 'wallet.passkeys.device', defaultMessage: 'Device' },
  otherDevice: { id: 'wallet.passkeys.otherDevice', defaultMessage: 'Other device' },
  verifyTitle: { id: 'wallet.passkeys.verifyTitle', defaultMessage: 'Verify it’s you' },
  verifyAdd: {
    id: 'wallet.passkeys.verifyAdd',
    defaultMessage: 'Use one of this wallet’s passkeys before adding a new one.',
  },
  verifyDelete: {
    id: 'wallet.passkeys.verifyDelete',
    defaultMessage: 'Use one of this wallet’s passkeys before deleting one.',
  },
  verify: { id: 'wallet.passkeys.verify', defaultMessage: 'Verify' },
  cancel: { id: 'wallet.passkeys.cancel', defaultMessage: 'Cancel' },
  continue: { id: 'wallet.passkeys.continue', defaultMessage: 'Continue' },
  deleteTitle: { id: 'wallet.passkeys.deleteTitle', defaultMessage: 'Delete passkey?' },
  deleteWarning: {
    id: 'wallet.passkeys.deleteWarning',
    defaultMessage: 'You will no longer be able to unlock this wallet with this passkey.',
  },
  deleteLastWarning: {
    id: 'wallet.passkeys.deleteLastWarning',
    defaultMessage:
      'This is your only passkey. Without it you cannot unlock this wallet again unless you have a backup of its key.',
  },
  acknowledge: {
    id: 'wallet.passkeys.acknowledge',
    defaultMessage: 'I understand I may lose access to this wallet',
  },
  delete: { id: 'wallet.passkeys.delete', defaultMessage: 'Delete' },
  deleteNamed: { id: 'wallet.passkeys.deleteNamed', defaultMessage: 'Delete {name}' },
  error: { id: 'wallet.passkeys.error', defaultMessage: 'Passkey invalid or technical error' },
})
