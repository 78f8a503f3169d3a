export { heroSwapUrl, SwapForm } from './components/SwapForm.tsx'
export { TradeModes } from './components/TradeModes.tsx'
export { rpcBatch, rpcUrlFor } from './services/rpc.ts'
