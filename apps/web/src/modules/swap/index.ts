export { SwapForm } from './components/SwapForm.tsx'
