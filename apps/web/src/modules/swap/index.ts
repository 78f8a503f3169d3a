import { lazy } from 'react'

export { EmbeddedSwapForm, type EmbeddedSwapFormProps } from './components/EmbeddedSwapForm.tsx'
export { SwapCurrencyPanel } from './components/SwapCurrencyPanel.tsx'
export { heroSwapUrl, SwapForm } from './components/SwapForm.tsx'
export { swapMessages } from './components/swapMessages.ts'
export { TokenSelector } from './components/TokenSelector.tsx'
export { default as tradeBoxStyles } from './components/TradeBox.module.css'
export { TradeModes } from './components/TradeModes.tsx'
export { invalidateBalances, useTokenBalances } from './hooks/useBalances.ts'
export { tradingNetworksQuery, useQuote } from './hooks/useQuote.ts'
export { findToken, type SwapToken, useTokenList } from './hooks/useTokenList.ts'
export { rpcBatch, rpcUrlFor } from './services/rpc.ts'
export { callApi } from './services/tradingApi.ts'
export { acceptKeystroke, parseTypedAmount } from './state/swapFormAmounts.ts'

/** The spec's delegation-mismatch popup (mount it only with the mismatch UX flag on): its own chunk. */
export const DelegationMismatchPopup = lazy(() => import('./components/DelegationMismatchPopup.tsx'))
