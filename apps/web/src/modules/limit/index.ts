export { LimitForm } from './components/LimitForm.tsx'
export { LimitsView } from './components/LimitsView.tsx'
export { type NonceInvalidation, nonceInvalidations } from './services/cancelNonces.ts'
export {
  deadlineFor,
  deviationBps,
  type ExpiryId,
  expiryOptions,
  invert,
  type LimitPreset,
  type LimitWarning,
  limitPresets,
  limitWarning,
  marketRatio,
  outputFor,
  presetRatio,
  type Ratio,
  ratioFromDecimal,
  ratioToDecimal,
} from './state/limitPrice.ts'
