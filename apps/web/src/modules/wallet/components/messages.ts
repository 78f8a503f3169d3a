import { defineMessages } from '../../../lib/messages.ts'

export const walletMessages = defineMessages({
  connect: { id: 'wallet.connect.button', defaultMessage: 'Connect' },
  connecting: { id: 'wallet.connect.connecting', defaultMessage: 'Connecting…' },
  titleConnect: { id: 'wallet.connect.title', defaultMessage: 'Connect a wallet' },
  titleLogIn: { id: 'wallet.connect.titleLogIn', defaultMessage: 'Log in or connect' },
  close: { id: 'wallet.connect.close', defaultMessage: 'Close' },
  back: { id: 'wallet.connect.back', defaultMessage: 'Back' },
  otherWallets: { id: 'wallet.connect.otherWallets', defaultMessage: 'Other wallets' },
  loading: { id: 'wallet.connect.loading', defaultMessage: 'Loading wallets…' },
  loadFailed: { id: 'wallet.connect.loadFailed', defaultMessage: 'Wallets could not be loaded. Try again.' },
  noWallets: { id: 'wallet.connect.noWallets', defaultMessage: 'No wallet found in this browser.' },
  recent: { id: 'wallet.connect.recent', defaultMessage: 'Recent' },
  terms: {
    id: 'wallet.connect.terms',
    defaultMessage:
      'By connecting a wallet, you agree to the <terms>Terms of Service</terms> and consent to the <privacy>Privacy Policy</privacy>.',
  },
  walletConnectScan: { id: 'wallet.walletConnect.scan', defaultMessage: 'Scan with your phone’s wallet' },
  walletConnectCopy: { id: 'wallet.walletConnect.copy', defaultMessage: 'Copy link' },
  errorTitle: { id: 'wallet.error.title', defaultMessage: 'Error connecting' },
  errorBody: { id: 'wallet.error.body', defaultMessage: 'Connection failed. Please try again.' },
  tryAgain: { id: 'wallet.error.tryAgain', defaultMessage: 'Try again' },
  account: { id: 'wallet.account.label', defaultMessage: 'Account {address}' },
  disconnect: { id: 'wallet.account.disconnect', defaultMessage: 'Disconnect' },
  disconnectConfirm: { id: 'wallet.account.disconnectConfirm', defaultMessage: 'Disconnect this wallet?' },
  cancel: { id: 'wallet.account.cancel', defaultMessage: 'Cancel' },
  copy: { id: 'wallet.account.copy', defaultMessage: 'Copy address' },
  copied: { id: 'wallet.account.copied', defaultMessage: 'Copied' },
  copyFailed: { id: 'wallet.copy.failed', defaultMessage: 'Failed to copy to clipboard' },
  pending: {
    id: 'wallet.account.pending',
    defaultMessage: '{count, plural, one {# pending transaction} other {# pending transactions}}',
  },
})
