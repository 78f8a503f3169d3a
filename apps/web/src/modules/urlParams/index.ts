export {
  applyChainSelection,
  applyCurrencyParam,
  type GlobalParams,
  type ParamRules,
  parseGlobalParams,
} from './services/globalParams.ts'
