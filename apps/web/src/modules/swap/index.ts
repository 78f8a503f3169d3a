export { heroSwapUrl, SwapForm } from './components/SwapForm.tsx'
