import { lazy } from 'react'

export {
  ConnectButton,
  ConnectPanel,
  closeAccountDrawer,
  headerWalletButtonClassName,
  openAccountDrawer,
  openConnectDrawer,
  useAccountDrawerOpen,
  useConnectModalOpen,
  useConnectTitle,
} from './components/ConnectButton.tsx'
export { CopyButton } from './components/CopyButton.tsx'
export { useAccountAvatar, useAccountLabel } from './hooks/useAccountLabel.ts'
export { usePendingTransactionsWatcher } from './hooks/usePendingTransactionsWatcher.ts'
export { type ConnectFailure, setConnectFailureSink } from './services/failures.ts'
export { followWalletIntent } from './services/followWalletIntent.ts'
export { loadWalletRuntime } from './services/loadWalletRuntime.ts'
export {
  type PreparedReplacement,
  prepareReplacement,
  sendReplacement,
} from './services/replacePending.ts'
export type { ReplacementRequest, ReplaceProblem } from './services/replaceTransaction.ts'
export type { WalletRuntime } from './services/runtime.ts'
export type {
  DecodedRevertInfo,
  Hex,
  TransactionLog,
  TransactionOutcome,
  TransactionRequest,
  TypedDataRequest,
  WaitOptions,
  WalletActions,
} from './services/walletActions.ts'
export {
  classifyWalletError,
  isWalletActionError,
  WalletActionError,
  type WalletErrorKind,
} from './services/walletErrors.ts'
export { setAccountUsername, useAccountNames } from './state/accountNames.ts'
export {
  addPendingTransaction,
  getPendingTransactions,
  type PendingToastSink,
  type PendingTransaction,
  type PendingTransactionKind,
  type PendingTransactionStatus,
  resolvePendingTransaction,
  setPendingToastSink,
  usePendingTransactions,
  useTrackedTransactions,
} from './state/pendingTransactions.ts'
export { getWalletIntent, setWalletIntent, type WalletIntent } from './state/walletIntent.ts'
export { useWalletState, type WalletState } from './state/walletStore.ts'

/** The passkey menu (/manage/passkey/:walletAddress): its own chunk, with the WebAuthn and key code. */
export const ManagePasskeys = lazy(() => import('./components/ManagePasskeys.tsx'))
/** The embedded-wallet passkey login (/auth/passkey/extension): its own chunk. */
export const PasskeyLogin = lazy(() => import('./components/PasskeyLogin.tsx'))
/** The embedded wallet's backup download (own chunk with the passkey code; see passkeyBackup.ts). */
export const loadPasskeyBackup = () => import('./services/passkeyBackup.ts')
export { default as ManagePasskeysLink } from './components/EmbeddedAccountActions.tsx'
