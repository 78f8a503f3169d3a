export { heroSwapUrl, SwapForm } from './components/SwapForm.tsx'
export { TradeModes } from './components/TradeModes.tsx'
