export { heroSwapUrl, SwapForm } from './components/SwapForm.tsx'
export { rpcBatch, rpcUrlFor } from './services/rpc.ts'
