/**
 * GraphQL over HTTP (POST JSON or GET) with limits: body size, query length, depth, aliases,
 * cost, page sizes (in resolvers) and an execution deadline. Every failure is a typed GraphQL
 * error; nothing reaches the client as a 500.
 */
import {
  buildSchema,
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
} from 'graphql'
import type { Context } from 'hono'
import { z } from 'zod'
import { ApiError } from './errors.ts'
import { checkLimits, limits } from './limits.ts'

const requestSchema = z.object({
  query: z.string().min(1).max(limits.maxQueryLength),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
})

const EXECUTION_DEADLINE_MS = 5_000
const MAX_BODY_BYTES = 64 * 1024

function errorBody(errors: readonly GraphQLError[]) {
  return { errors: errors.map((e) => e.toJSON()) }
}

function mask(error: GraphQLError): GraphQLError {
  const code = (error.extensions as { code?: string } | undefined)?.code
  if (code) return error
  // Resolver crashes are logged and masked: their messages are not for clients.
  console.error('[graphql] internal error', error.originalError ?? error)
  return new ApiError('INTERNAL_SERVER_ERROR', 'Internal error while resolving this field.', {
    ...(error.path ? { path: error.path } : {}),
  })
}

export function createGraphqlHandler(typeDefs: string, rootValue: Record<string, unknown>) {
  const schema: GraphQLSchema = buildSchema(typeDefs)
  const parsedCache = new Map<string, DocumentNode>()

  async function run(raw: unknown): Promise<{ status: 200 | 400; body: unknown }> {
    const req = requestSchema.safeParse(raw)
    if (!req.success) {
      const first = req.error.issues[0]
      return {
        status: 400,
        body: errorBody([
          new ApiError(
            'BAD_USER_INPUT',
            `Invalid GraphQL request: ${first?.path.join('.') || 'body'} ${first?.message ?? ''}`.trim(),
          ),
        ]),
      }
    }
    const { query, operationName } = req.data
    const variables = req.data.variables ?? {}
    let document = parsedCache.get(query)
    if (!document) {
      try {
        document = parse(query, { maxTokens: 2_000 })
      } catch (e) {
        return {
          status: 400,
          body: errorBody([new ApiError('GRAPHQL_PARSE_FAILED', (e as Error).message)]),
        }
      }
      const errors = validate(schema, document, specifiedRules)
      if (errors.length > 0) {
        return {
          status: 400,
          body: errorBody(
            errors
              .slice(0, 5)
              .map((e) => new ApiError('GRAPHQL_VALIDATION_FAILED', e.message, { locations: e.locations })),
          ),
        }
      }
      if (parsedCache.size > 500) parsedCache.clear()
      parsedCache.set(query, document)
    }
    const operation = getOperationAST(document, operationName ?? undefined)
    if (!operation) {
      return {
        status: 400,
        body: errorBody([new ApiError('GRAPHQL_VALIDATION_FAILED', 'Unknown or ambiguous operation.')]),
      }
    }
    if (operation.operation !== 'query') {
      return {
        status: 400,
        body: errorBody([new ApiError('GRAPHQL_VALIDATION_FAILED', 'Only queries are supported.')]),
      }
    }
    try {
      checkLimits(document, operation, variables)
    } catch (e) {
      if (e instanceof ApiError) return { status: 400, body: errorBody([e]) }
      throw e
    }
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), EXECUTION_DEADLINE_MS)
    })
    try {
      const result = await Promise.race([
        Promise.resolve(execute({ schema, document, rootValue, variableValues: variables, operationName })),
        deadline,
      ])
      if (result === 'timeout') {
        return {
          status: 200,
          body: errorBody([new ApiError('TIMEOUT', 'The query took too long; try fewer items.')]),
        }
      }
      return {
        status: 200,
        body: result.errors
          ? { data: result.data ?? null, errors: result.errors.map((e) => mask(e).toJSON()) }
          : result,
      }
    } finally {
      clearTimeout(timer)
    }
  }

  return async function handle(c: Context): Promise<Response> {
    let raw: unknown
    if (c.req.method === 'GET') {
      const q = c.req.query()
      let variables: unknown
      try {
        variables = q.variables ? JSON.parse(q.variables) : undefined
      } catch {
        return c.json(errorBody([new ApiError('BAD_USER_INPUT', 'variables is not valid JSON.')]), 400)
      }
      raw = { query: q.query, variables, operationName: q.operationName }
    } else {
      const length = Number(c.req.header('content-length') ?? 0)
      if (length > MAX_BODY_BYTES) {
        return c.json(
          errorBody([new ApiError('BAD_USER_INPUT', `Request body exceeds ${MAX_BODY_BYTES} bytes.`)]),
          413,
        )
      }
      const text = await c.req.text()
      if (text.length > MAX_BODY_BYTES) {
        return c.json(
          errorBody([new ApiError('BAD_USER_INPUT', `Request body exceeds ${MAX_BODY_BYTES} bytes.`)]),
          413,
        )
      }
      try {
        raw = JSON.parse(text)
      } catch {
        return c.json(errorBody([new ApiError('BAD_USER_INPUT', 'Request body is not valid JSON.')]), 400)
      }
    }
    try {
      const { status, body } = await run(raw)
      return c.json(body, status)
    } catch (e) {
      console.error('[graphql] unexpected failure', e)
      return c.json(errorBody([new ApiError('INTERNAL_SERVER_ERROR', 'Internal error.')]), 200)
    }
  }
}
