/**
 * The trading API's contract, answers side (what a client parses) and every type. The request
 * schemas (what the API parses) are `@oxbow/api-contract/requests`; their types are here too.
 */
export type { ErrorBodyShape, FieldProblem } from './errors.ts'
export { errorBodySchema, fieldProblemsSchema } from './errors.ts'
export { addressOut, hex, network, uint } from './primitives.ts'
export type { ApprovalRequestBody, QuoteRequestBody, SwapRequestBody } from './requests.ts'
export type { ScreeningResponseBody } from './screening.ts'
export { screeningResponseSchema } from './screening.ts'
export type {
  ApprovalResponse,
  ApprovalResponseBody,
  NetworksResponseBody,
  PermitData,
  QuoteResponse,
  QuoteResponseBody,
  SwapResponse,
  SwapResponseBody,
  TokenInfo,
  TokenInfoBody,
  TokensResponseBody,
  TradeType,
  TradingNetwork,
  TxRequest,
} from './trading.ts'
export {
  approvalResponseSchema,
  networksResponseSchema,
  quoteResponseSchema,
  swapResponseSchema,
  tokenInfoSchema,
  tokensResponseSchema,
  tradeTypes,
} from './trading.ts'
