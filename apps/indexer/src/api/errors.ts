import { GraphQLError } from 'graphql'

/** Error codes clients can branch on (GraphQL `extensions.code`). */
export type ApiErrorCode =
  | 'BAD_USER_INPUT'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'QUERY_TOO_COMPLEX'
  | 'TIMEOUT'
  | 'NOT_READY'
  | 'INTERNAL_SERVER_ERROR'

/** A GraphQL error with a stable code; the message is written for people. */
export class ApiError extends GraphQLError {
  constructor(code: ApiErrorCode, message: string, details?: Record<string, unknown>) {
    super(message, { extensions: { code, ...details } })
  }
}

export const badInput = (message: string, field?: string) =>
  new ApiError('BAD_USER_INPUT', message, field === undefined ? undefined : { field })
