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
import { documentShape } from './documentShape.ts'
import { ApiError, errorBody } from './errors.ts'
import { createLimitChecker, limits } from './limits.ts'

const requestSchema = z.object({
  query: z.string().min(1).max(limits.maxQueryLength),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
})

const EXECUTION_DEADLINE_MS = 5_000
export const MAX_BODY_BYTES = 64 * 1024

function mask(error: GraphQLError): GraphQLError {
  const code = (error.extensions as { code?: string } | undefined)?.code
  if (code) return error
  // Request-level errors raised by graphql-js itself (e.g. a variable of the wrong type).
  if (!error.path) return new ApiError('BAD_USER_INPUT', error.message).toGraphQLError()
  // Resolver crashes are logged and masked: their messages are not for clients.
  console.error('[graphql] internal error', error.originalError ?? error)
  return new ApiError('INTERNAL_SERVER_ERROR', 'Internal error while resolving this field.', {
    ...(error.path ? { path: error.path } : {}),
  }).toGraphQLError()
}

export const DISCARD_MAX_BYTES = 16 * 1024 * 1024
export const DISCARD_MAX_MS = 3_000
/** A body within the size limit must arrive within this time (a stalled upload holds a socket). */
export const BODY_RECEIVE_MS = 10_000

type BodyResult = { text: string } | { refused: 'too large' | 'too slow' }

/**
 * The request body as text, or why it is refused: larger than `max` bytes (announced or sent, also
 * chunked), or not received within BODY_RECEIVE_MS. A body refused for its size is still read and
 * dropped, up to a size and time bound, so that the 413 reaches the client: closing a socket with
 * unread data resets it and loses the answer.
 */
async function readBody(request: Request, max: number): Promise<BodyResult> {
  const announced = Number(request.headers.get('content-length') ?? 0)
  const reader = request.body?.getReader()
  if (!reader) return { text: '' }
  const chunks: Uint8Array[] = []
  let read = 0
  let refused: 'too large' | 'too slow' | null = announced > max ? 'too large' : null
  const receiveBy = Date.now() + BODY_RECEIVE_MS
  let deadline = refused ? Date.now() + DISCARD_MAX_MS : receiveBy
  let timer: NodeJS.Timeout | undefined
  try {
    for (;;) {
      if (refused && (read > DISCARD_MAX_BYTES || Date.now() >= deadline)) break
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))
        }),
      ])
      clearTimeout(timer)
      if (chunk === 'late') {
        refused ??= 'too slow'
        break
      }
      if (chunk.done) break
      read += chunk.value.byteLength
      if (read > max && !refused) {
        refused = 'too large'
        deadline = Math.min(receiveBy, Date.now() + DISCARD_MAX_MS)
      }
      if (!refused) chunks.push(chunk.value)
    }
  } catch {
    // The client went away: nothing left to read.
    refused ??= 'too slow'
  } finally {
    clearTimeout(timer)
    reader.cancel().catch(() => {})
  }
  return refused ? { refused } : { text: Buffer.concat(chunks).toString('utf8') }
}

export interface GraphqlHandlerOptions {
  /**
   * Identifies the indexed state (changes with every indexed block). Successful responses are
   * reused for identical requests while it is unchanged: indexed data cannot change in between.
   */
  stateKey?: () => Promise<string>
  /**
   * Runs a query's execution (not a cached answer) while no block is half indexed (see
   * src/lib/blockGate.ts): answers come from complete blocks only.
   */
  readGate?: <T>(query: () => Promise<T>) => Promise<T>
}

/** A GraphQL request as received: GET's search string (`?query=...`) or POST's whole body. */
export type GraphqlRequest = { method: 'GET'; search: string } | { method: 'POST'; body: string }
/** An answer: HTTP status and the JSON text. */
export interface GraphqlAnswer {
  status: number
  text: string
}

const json = (status: number, body: unknown): GraphqlAnswer => ({ status, text: JSON.stringify(body) })

/** The answer to a body refused for its size (413) or pace (408); the connection is then closed. */
export function refusal(why: 'too large' | 'too slow'): GraphqlAnswer {
  return why === 'too large'
    ? json(413, errorBody([new ApiError('BAD_USER_INPUT', `Request body exceeds ${MAX_BODY_BYTES} bytes.`)]))
    : json(408, errorBody([new ApiError('TIMEOUT', 'The request body did not arrive in time.')]))
}

const RESPONSE_CACHE_ENTRIES = 500
const VALID_SHAPES = 1_000
const RESPONSE_CACHE_MAX_BYTES = 64 * 1024

export function createGraphqlHandler(
  typeDefs: string,
  rootValue: Record<string, unknown>,
  options: GraphqlHandlerOptions = {},
) {
  const schema: GraphQLSchema = buildSchema(typeDefs)
  const limitChecker = createLimitChecker(schema)
  const parsedCache = new Map<string, DocumentNode>()
  /** Shapes of documents that passed validation (src/api/documentShape.ts). */
  const validShapes = new Set<string>()
  const responses = new Map<string, string>()
  let responsesKey = ''

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
      // A shape validated before (same document up to its literal values and aliases) is valid.
      const shape = documentShape(document)
      const errors =
        shape !== null && validShapes.has(shape) ? [] : validate(schema, document, specifiedRules)
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
      if (shape !== null && !validShapes.has(shape)) {
        if (validShapes.size >= VALID_SHAPES) validShapes.delete(validShapes.values().next().value as string)
        validShapes.add(shape)
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
      limitChecker.check(document, operation, variables)
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

  /** Answers a request whose body (POST) was received whole; the front and the Hono route share it. */
  async function answer(request: GraphqlRequest): Promise<GraphqlAnswer> {
    // The request as received identifies a cached response; it is parsed only on a miss.
    const requestKey = request.method === 'GET' ? `G${request.search}` : `P${request.body}`
    try {
      let state: string | undefined
      if (options.stateKey) {
        state = await options.stateKey()
        if (state !== responsesKey) {
          responses.clear()
          responsesKey = state
        }
        const hit = responses.get(requestKey)
        if (hit !== undefined) return { status: 200, text: hit }
      }
      let raw: unknown
      if (request.method === 'GET') {
        const q = new URLSearchParams(request.search)
        let variables: unknown
        try {
          const text = q.get('variables')
          variables = text ? JSON.parse(text) : undefined
        } catch {
          return json(400, errorBody([new ApiError('BAD_USER_INPUT', 'variables is not valid JSON.')]))
        }
        raw = {
          query: q.get('query') ?? undefined,
          variables,
          operationName: q.get('operationName') ?? undefined,
        }
      } else {
        try {
          raw = JSON.parse(request.body)
        } catch {
          return json(400, errorBody([new ApiError('BAD_USER_INPUT', 'Request body is not valid JSON.')]))
        }
      }
      const { status, body } = options.readGate ? await options.readGate(() => run(raw)) : await run(raw)
      const text = JSON.stringify(body)
      if (
        state !== undefined &&
        status === 200 &&
        !(body as { errors?: unknown }).errors &&
        text.length <= RESPONSE_CACHE_MAX_BYTES &&
        state !== '' &&
        // Data read after `state` was observed; store only while that state is still current.
        state === responsesKey
      ) {
        if (responses.size >= RESPONSE_CACHE_ENTRIES)
          responses.delete(responses.keys().next().value as string)
        responses.set(requestKey, text)
      }
      return { status, text }
    } catch (e) {
      console.error('[graphql] unexpected failure', e)
      return json(200, errorBody([new ApiError('INTERNAL_SERVER_ERROR', 'Internal error.')]))
    }
  }

  /** The Hono route (Ponder's own server): the same answers, the body read from a web stream. */
  async function handle(c: Context): Promise<Response> {
    let request: GraphqlRequest
    if (c.req.method === 'GET') {
      request = { method: 'GET', search: new URL(c.req.url).search }
    } else {
      const body = await readBody(c.req.raw, MAX_BODY_BYTES)
      // Refusals close the connection after the answer: what is left of the body is not read.
      if ('refused' in body) {
        const { status, text } = refusal(body.refused)
        return c.body(text, status as 413, { 'content-type': 'application/json', connection: 'close' })
      }
      request = { method: 'POST', body: body.text }
    }
    const { status, text } = await answer(request)
    return c.body(text, status as 200, { 'content-type': 'application/json' })
  }

  return Object.assign(handle, { answer })
}
