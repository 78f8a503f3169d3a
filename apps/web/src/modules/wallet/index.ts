export { AccountButton, ConnectButton } from './components/ConnectButton.tsx'
export { getWalletIntent, setWalletIntent, type WalletIntent } from './state/walletIntent.ts'
