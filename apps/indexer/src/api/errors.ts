import { CoreError } from '@oxbow/core'
import { GraphQLError } from 'graphql'

/** Error codes clients can branch on (GraphQL `extensions.code`). */
export type ApiErrorCode =
  | 'BAD_USER_INPUT'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'QUERY_TOO_COMPLEX'
  /** HTTP 429 with `Retry-After` (the trading API's code and message; see src/api/rateLimit.ts). */
  | 'RATE_LIMIT_EXCEEDED'
  | 'TIMEOUT'
  | 'NOT_READY'
  | 'INTERNAL_SERVER_ERROR'

/**
 * The data API's error: a CoreError (literal name, short message written for people, stable
 * code) whose `extensions` carry the code to clients. Thrown in a resolver, graphql-js wraps it and
 * keeps its `extensions`; at the request level `toGraphQLError()` gives the error to answer with.
 */
export class ApiError extends CoreError {
  override readonly name = 'ApiError'
  override readonly code: ApiErrorCode
  readonly extensions: Readonly<Record<string, unknown>>

  constructor(code: ApiErrorCode, message: string, details?: Record<string, unknown>) {
    super(message, { code })
    this.code = code
    this.extensions = { code, ...details }
  }

  toGraphQLError(): GraphQLError {
    return new GraphQLError(this.shortMessage, { extensions: this.extensions, originalError: this })
  }
}

/** The body of an error answer: `{ errors: [{ message, extensions: { code, ... } }] }`. */
export function errorBody(errors: readonly (GraphQLError | ApiError)[]) {
  return { errors: errors.map((e) => (e instanceof ApiError ? e.toGraphQLError() : e).toJSON()) }
}

export const badInput = (message: string, field?: string) =>
  new ApiError('BAD_USER_INPUT', message, field === undefined ? undefined : { field })
