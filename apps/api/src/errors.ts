/**
 * Typed API errors. Every error answer has the same body:
 * `{ "error": { "code": "...", "message": "...", "retryable": bool, "details"?: ... } }`
 * with the spec's user-facing wording in `message` where the spec has one.
 */
import { CoreError, userFacingText } from '@oxbow/core'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export const errorCodes = {
  INVALID_INPUT: 400,
  INVALID_JSON: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_NETWORK: 400,
  UNSUPPORTED_TOKEN: 400,
  /** A swap's recipient (or swapper) where funds would be lost or stranded: the spec's 'Invalid recipient'. */
  INVALID_RECIPIENT: 400,
  /** A swap's swapper where funds would be lost or stranded, when a recipient of its own receives. */
  INVALID_SWAPPER: 400,
  /** Screening: a blocked swapper, recipient or wallet (src/screening; core's 'This address is blocked'). */
  ADDRESS_BLOCKED: 403,
  NO_QUOTES_FOUND: 404,
  INSUFFICIENT_LIQUIDITY: 404,
  RATE_LIMIT_EXCEEDED: 429,
  /** Fiat: a webhook whose signature (usernames: a profile text the address did not sign) does not verify (forged, or signed with another secret). */
  INVALID_SIGNATURE: 401,
  /** Fiat: a webhook event already received, or one signed too long ago. */
  WEBHOOK_REPLAYED: 409,
  UNKNOWN_ORDER: 404,
  INVALID_ORDER_STATE: 409,
  /** Fiat: the spec's 'This service is unavailable in your region'. */
  UNSUPPORTED_REGION: 400,
  /** Fiat: the currency is not offered in the region (details: supportedCurrencies). */
  UNSUPPORTED_CURRENCY: 400,
  /** Fiat: below every provider's minimum (details: minAmount). */
  AMOUNT_BELOW_MINIMUM: 400,
  /** Fiat: above every provider's maximum (details: maxAmount). */
  AMOUNT_ABOVE_MAXIMUM: 400,
  /** A third party (a fiat provider) timed out or answered something unusable. */
  PROVIDER_UNAVAILABLE: 502,
  /** UniswapX orders (src/orders): a signed order the service will not accept, and why. */
  INVALID_ORDER: 400,
  /** Orders: not signed by the swapper for this chain, reactor and Permit2. */
  INVALID_ORDER_SIGNATURE: 400,
  ORDER_EXPIRED: 400,
  INSUFFICIENT_BALANCE: 400,
  INSUFFICIENT_ALLOWANCE: 400,
  NONCE_USED: 409,
  TOO_MANY_OPEN_ORDERS: 409,
  /** Passkeys: no or an expired session (sign in with the passkey again). */
  UNAUTHORIZED: 401,
  /** Passkeys: adding or deleting a passkey needs a fresh verification with one of the wallet's. */
  VERIFICATION_REQUIRED: 403,
  /** Passkeys: a WebAuthn challenge that is unknown, already used or expired. */
  CHALLENGE_INVALID: 400,
  /** Passkeys: a response that does not verify (origin, RP id, user verification, signature, counter). */
  PASSKEY_INVALID: 400,
  /** Usernames: a name breaking one of the spec's rules (the message is the rule's). */
  USERNAME_INVALID: 400,
  /** Usernames: the spec's 'Unavailable' (taken, or once held and so never claimable again). */
  USERNAME_UNAVAILABLE: 409,
  /** Usernames: the spec's 'Address change limit reached'. */
  USERNAME_CHANGE_LIMIT: 409,
  /** Usernames: the spec's 'Device limit reached'. */
  USERNAME_DEVICE_LIMIT: 409,
  /** Usernames: the spec's 'Avatar failure' (not a PNG, JPEG, WebP or GIF, or over 100 KB). */
  AVATAR_INVALID: 400,
  /** Usernames: a signed text issued too long ago (or in the future). */
  SIGNATURE_EXPIRED: 400,
  /** Usernames: a signed text not newer than the address's last accepted one. */
  SIGNATURE_REPLAYED: 409,
  /** Trading: a batched swap for an account delegated (EIP-7702) to a contract that is not our delegate. */
  UNKNOWN_DELEGATE: 409,
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>

export type ErrorCode = keyof typeof errorCodes

export interface ErrorBody {
  readonly error: {
    readonly code: ErrorCode
    readonly message: string
    readonly retryable: boolean
    readonly details?: unknown
  }
}

/**
 * An error the API answers with its own status and code: a CoreError (literal name, short message
 * for people, code, cause), plus the structured `details` of the body (e.g. INVALID_INPUT's field
 * problems; CoreError's own `details` is the same, as text).
 */
export class ApiError extends CoreError {
  override readonly name = 'ApiError'
  override readonly code: ErrorCode
  readonly status: ContentfulStatusCode
  readonly retryable: boolean
  /** What the body's `details` carries (structured, unlike CoreError's text `details`). */
  readonly data: unknown

  constructor(
    code: ErrorCode,
    message: string,
    details?: unknown,
    options?: { cause?: unknown; retryable?: boolean },
  ) {
    super(message, {
      code,
      ...(details === undefined ? {} : { details: JSON.stringify(details) }),
      ...(options?.cause === undefined ? {} : { cause: options.cause }),
    })
    this.code = code
    this.data = details
    this.status = errorCodes[code]
    this.retryable = options?.retryable ?? (this.status >= 500 || code === 'RATE_LIMIT_EXCEEDED')
  }

  /** An ApiError whose message is the spec's user-facing text for its code (core's one mapping). */
  static spec(code: ErrorCode, details?: unknown): ApiError {
    return new ApiError(code, userFacingText({ code }), details)
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.shortMessage,
        retryable: this.retryable,
        ...(this.data === undefined ? {} : { details: this.data }),
      },
    }
  }
}
