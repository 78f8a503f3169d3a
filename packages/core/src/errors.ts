/**
 * The base error of Oxbow's shared code, in the style of viem's BaseError: a literal `name` (so
 * `instanceof` is not needed across bundles), a short user-safe message, optional details and
 * a machine `code`. The full `message` joins the short message and the details.
 */
export class CoreError extends Error {
  override readonly name: 'CoreError' | string = 'CoreError'
  readonly shortMessage: string
  readonly code: string
  readonly details: string | undefined

  constructor(shortMessage: string, opts: { code?: string; details?: string; cause?: unknown } = {}) {
    const message = opts.details ? `${shortMessage}\n\nDetails: ${opts.details}` : shortMessage
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause })
    this.shortMessage = shortMessage
    this.code = opts.code ?? 'UNKNOWN'
    this.details = opts.details
  }
}

/** True for any CoreError (or subclass), also one from another copy of this package. */
export function isCoreError(value: unknown): value is CoreError {
  return (
    value instanceof CoreError ||
    (value instanceof Error &&
      typeof (value as { shortMessage?: unknown }).shortMessage === 'string' &&
      typeof (value as { code?: unknown }).code === 'string')
  )
}

/**
 * The spec's swap and send error catalogue (section 8 and the swap/send validation messages of
 * section 5): a stable code for each user-facing text. Texts in quotes in the spec are verbatim;
 * the failure kinds the spec only names have wording of our own. `{name}` marks a placeholder.
 */
export const errorCatalogue = {
  // General
  UNKNOWN: 'Something went wrong',
  CRASH: 'Oops! Something went wrong.',
  // Swap/send input validation (section 5)
  ENTER_AMOUNT: 'Enter an amount',
  SELECT_RECIPIENT: 'Select recipient',
  INVALID_RECIPIENT: 'Invalid recipient',
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  INSUFFICIENT_TOKEN_BALANCE: 'Insufficient {symbol} balance',
  INSUFFICIENT_FUNDS: 'Insufficient balance',
  INSUFFICIENT_FUNDS_FOR_GAS: 'Insufficient funds to cover network cost',
  // Network and swap (section 8)
  CONFIRMATION_TIMEOUT: 'Confirmation timed out. Please retry.',
  SIGNATURE_EXPIRED: 'Your signature has expired.',
  SWITCH_NETWORK_FAILED: 'Failed to switch networks',
  APPROVAL_FAILED: 'Token approval failed',
  INSUFFICIENT_APPROVAL: 'Insufficient approval amount',
  SWAP_UNFULFILLABLE: 'Swap could not be fulfilled at this time. Please try again.',
  SWAP_INSUFFICIENT_FUNDS: 'Your account has insufficient funds to complete this swap.',
  NO_QUOTES: 'No quotes found',
  UNSUPPORTED_NETWORK: 'Unsupported network',
  // Swap failure kinds (section 8, wording ours except the rate limit text)
  EXPECTED_TO_FAIL: 'This transaction is expected to fail.',
  USER_REJECTED: 'Transaction rejected.',
  MODIFIED_BY_WALLET: 'Your wallet modified the transaction.',
  DEADLINE_EXPIRED: 'This transaction could not be sent because the deadline has passed.',
  INVARIANT_NOT_SATISFIED: 'The pool cannot fill this swap at the quoted price. Try a smaller amount.',
  SLIPPAGE_EXCEEDED: 'The price moved beyond your slippage tolerance. Try increasing your slippage.',
  INPUT_TOKEN_NOT_TRANSFERABLE: 'The input token cannot be transferred.',
  OUTPUT_TOKEN_NOT_TRANSFERABLE: 'The output token cannot be transferred.',
  ONE_CLICK_SWAP_FAILED: 'The 1-click swap failed. You can try a standard swap instead.',
  GASLESS_ORDER_FAILED: 'The gasless order failed. You can retry with a standard swap.',
  NO_ROUTE: 'No route found for this swap',
  RATE_LIMITED: 'Rate limit exceeded. Please try again in a few minutes.',
  OFFLINE: 'You are offline. Check your connection and try again.',
  ROUTER_FAILURE: 'The router could not process this swap. Please try again.',
  // Region and connection
  REGION_UNAVAILABLE: 'This service is unavailable in your region',
  // Screening (section 6: blocked addresses cannot be used; wording ours)
  ADDRESS_BLOCKED: 'This address is blocked',
  CONNECTION_FAILED: 'Connection failed',
  // Data
  DATA_UNAVAILABLE: "Data is unavailable at the moment; we're working on a fix",
  DATA_OUTDATED: 'Data may be outdated',
  CLIPBOARD_FAILED: 'Failed to copy to clipboard',
} as const satisfies Record<string, string>

export type ErrorCode = keyof typeof errorCatalogue

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value)
}

/**
 * The user text for a code, with `{name}` placeholders filled from `values` (unknown placeholders
 * stay as written). An unknown code gives the general 'Something went wrong'.
 */
export function errorText(code: string, values: Readonly<Record<string, string | number>> = {}): string {
  const template: string = isErrorCode(code) ? errorCatalogue[code] : errorCatalogue.UNKNOWN
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  )
}

/** An error that carries a catalogue code; its short message is the user text. */
export class UserFacingError extends CoreError {
  override readonly name = 'UserFacingError'
  override readonly code: ErrorCode

  constructor(
    code: ErrorCode,
    opts: { values?: Readonly<Record<string, string | number>>; details?: string; cause?: unknown } = {},
  ) {
    super(errorText(code, opts.values), {
      code,
      ...(opts.details === undefined ? {} : { details: opts.details }),
      ...(opts.cause === undefined ? {} : { cause: opts.cause }),
    })
    this.code = code
  }
}

/**
 * The codes of our services' errors (the trading API's error body, the web's transport errors)
 * that have a text in the catalogue; the rest show the general text.
 */
const serviceCodes: Readonly<Record<string, ErrorCode>> = {
  NO_QUOTES_FOUND: 'NO_QUOTES',
  INSUFFICIENT_LIQUIDITY: 'NO_QUOTES',
  NO_ROUTE: 'NO_ROUTE',
  UNSUPPORTED_NETWORK: 'UNSUPPORTED_NETWORK',
  INVALID_RECIPIENT: 'INVALID_RECIPIENT',
  RATE_LIMIT_EXCEEDED: 'RATE_LIMITED',
  NETWORK_ERROR: 'CONNECTION_FAILED',
  NOT_READY: 'DATA_UNAVAILABLE',
  TIMEOUT: 'DATA_UNAVAILABLE',
}

/**
 * The one mapping from an error to the spec's user-facing text: the catalogue code for any error
 * (a catalogue code carried by a CoreError or a plain `{ code }`, or one of our services' codes),
 * 'UNKNOWN' for anything else. Pair it with `errorText`, or with the react-intl message of the code.
 */
export function userFacingCode(error: unknown): ErrorCode {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code !== 'string') return 'UNKNOWN'
  if (isErrorCode(code)) return code
  return Object.hasOwn(serviceCodes, code) ? (serviceCodes[code] ?? 'UNKNOWN') : 'UNKNOWN'
}

/** The spec's user-facing text for an error (see `userFacingCode`). */
export function userFacingText(
  error: unknown,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return errorText(userFacingCode(error), values)
}
