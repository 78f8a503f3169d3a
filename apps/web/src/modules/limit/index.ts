export { LimitForm } from './components/LimitForm.tsx'
export { LimitsView } from './components/LimitsView.tsx'
export { orderStatusMessages, orderTxMessage } from './components/limitMessages.ts'
export { type NonceInvalidation, nonceInvalidations } from './services/cancelNonces.ts'
export { type LimitOrder, ordersQuery } from './services/ordersApi.ts'
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
export { type ShownOrderStatus, shownStatus } from './state/orderStatus.ts'
