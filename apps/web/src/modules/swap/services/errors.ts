/**
 * One place that turns what went wrong into the spec's swap messages: trading API errors of a
 * quote, and the real cause of a failed swap (wallet refusal, revert reason, API refusal).
 * Returns kinds; the components map each kind to its react-intl message.
 */
import type { DecodedRevertInfo } from '../../wallet/index.ts'
import type { TradingApiError } from './tradingApi.ts'

export type QuoteErrorKind =
  | 'noQuotes'
  | 'unsupportedNetwork'
  | 'unsupportedToken'
  | 'rateLimited'
  /** The API could not be reached or failed: 'Something went wrong' with a retry. */
  | 'generic'

export interface QuoteError {
  readonly kind: QuoteErrorKind
  /** UNSUPPORTED_TOKEN: the API's reason (e.g. 'fee-on-transfer token ...'). */
  readonly reason?: string
  readonly retry: boolean
}

function isTradingApiError(error: unknown): error is TradingApiError {
  return error instanceof Error && error.name === 'TradingApiError' && 'code' in error
}

export function mapQuoteError(error: unknown): QuoteError {
  if (!isTradingApiError(error)) return { kind: 'generic', retry: true }
  switch (error.code) {
    case 'NO_QUOTES_FOUND':
    case 'INSUFFICIENT_LIQUIDITY':
      return { kind: 'noQuotes', retry: false }
    case 'UNSUPPORTED_NETWORK':
      return { kind: 'unsupportedNetwork', retry: false }
    case 'UNSUPPORTED_TOKEN':
      return { kind: 'unsupportedToken', reason: error.message, retry: false }
    case 'RATE_LIMIT_EXCEEDED':
      return { kind: 'rateLimited', retry: true }
    default:
      return { kind: 'generic', retry: true }
  }
}

/** Why a swap failed, one per real cause (the DOM contract's failure messages). */
export type SwapFailureReason =
  | 'rejected'
  | 'deadline'
  | 'slippage'
  | 'signatureExpired'
  | 'approvalFailed'
  | 'insufficientFunds'
  | 'timeout'
  | 'noQuotes'
  /** The API refused the recipient (or the swapper receiving): funds would be lost or stranded. */
  | 'invalidRecipient'
  | 'generic'

const SLIPPAGE_ERRORS = new Set([
  'V2TooLittleReceived',
  'V2TooMuchRequested',
  'V3TooLittleReceived',
  'V3TooMuchRequested',
  'V4TooLittleReceived',
  'V4TooMuchRequested',
  'TooLittleReceived',
  'TooMuchRequested',
  'InsufficientOutputAmount',
  'ExcessiveInputAmount',
  'MaximumAmountExceeded',
  'MinimumAmountInsufficient',
])
const DEADLINE_ERRORS = new Set(['TransactionDeadlinePassed', 'DeadlinePassed', 'DeadlineExpired'])
const SIGNATURE_ERRORS = new Set(['SignatureExpired'])

/** Error(string) reasons of the v2 routers and older contracts. */
function reasonOf(reason: string): SwapFailureReason | undefined {
  if (/EXPIRED|deadline/i.test(reason)) return 'deadline'
  if (
    /INSUFFICIENT_OUTPUT_AMOUNT|EXCESSIVE_INPUT_AMOUNT|Too little received|Too much requested|slippage/i.test(
      reason,
    )
  )
    return 'slippage'
  return undefined
}

/**
 * The cause of a revert, from the decoded revert data: nested errors (the Universal Router's
 * `ExecutionFailed`, v4's `WrappedError`) are looked through.
 */
export function classifyRevert(revert: DecodedRevertInfo | undefined): SwapFailureReason {
  for (let current = revert, depth = 0; current && depth < 5; current = current.inner, depth++) {
    const name = current.name
    if (name && SLIPPAGE_ERRORS.has(name)) return 'slippage'
    if (name && DEADLINE_ERRORS.has(name)) return 'deadline'
    if (name && SIGNATURE_ERRORS.has(name)) return 'signatureExpired'
    if (name === 'Error' && typeof current.args[0] === 'string') {
      const found = reasonOf(current.args[0])
      if (found) return found
    }
  }
  return 'generic'
}

/** The API's field problems of an INVALID_INPUT answer to /v1/swap (deadline or permit). */
export function classifySwapApiError(error: unknown): SwapFailureReason {
  if (!isTradingApiError(error)) return 'generic'
  if (error.code === 'NO_QUOTES_FOUND' || error.code === 'INSUFFICIENT_LIQUIDITY') return 'noQuotes'
  if (error.code === 'INVALID_RECIPIENT') return 'invalidRecipient'
  const details = error.problems ?? []
  if (details.some((d) => d.path === 'deadline' && /passed/i.test(d.message))) return 'deadline'
  if (details.some((d) => d.path === 'permit.message.sigDeadline')) return 'signatureExpired'
  return 'generic'
}
