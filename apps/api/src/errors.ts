/**
 * Typed API errors. Every error answer has the same body:
 * `{ "error": { "code": "...", "message": "...", "retryable": bool, "details"?: ... } }`
 * with the spec's user-facing wording in `message` where the spec has one.
 */
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
  NO_QUOTES_FOUND: 404,
  INSUFFICIENT_LIQUIDITY: 404,
  RATE_LIMIT_EXCEEDED: 429,
  /** UniswapX orders (src/orders): a signed order the service will not accept, and why. */
  INVALID_ORDER: 400,
  INVALID_SIGNATURE: 400,
  ORDER_EXPIRED: 400,
  INSUFFICIENT_BALANCE: 400,
  INSUFFICIENT_ALLOWANCE: 400,
  NONCE_USED: 409,
  TOO_MANY_OPEN_ORDERS: 409,
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

/** An error the API answers with its own status and code. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: ContentfulStatusCode
  readonly retryable: boolean

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown; retryable?: boolean },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.status = errorCodes[code]
    this.retryable = options?.retryable ?? (this.status >= 500 || code === 'RATE_LIMIT_EXCEEDED')
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        retryable: this.retryable,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    }
  }
}
