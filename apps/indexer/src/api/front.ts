/**
 * The data API's HTTP front: a plain `node:http` server on the public port that answers `/graphql`
 * itself and passes every other path (`/ready`, `/health`, `/status`, `/metrics`) to Ponder's own
 * server on an internal port.
 *
 * Why: Ponder's server runs each request through Hono's node adapter (a web Request and Response
 * per request, web streams for the body) and Ponder's metrics and CORS middlewares; under 50
 * connections that framework work, not the query, was most of the CPU time of a request (a cached
 * answer cost about 0.5 ms there against well under 0.1 ms here) and set the p99 (issue #16). The
 * answers are the same: the same GraphQL core (`createGraphqlHandler(...).answer`), body limits,
 * per-client rate limit and CORS as Ponder's (`origin: *`, preflights cached a day).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { RateLimitStore } from '@oxbow/rate-limit'
import { z } from 'zod'
import {
  BODY_RECEIVE_MS,
  DISCARD_MAX_BYTES,
  DISCARD_MAX_MS,
  type GraphqlAnswer,
  type GraphqlRequest,
  MAX_BODY_BYTES,
  refusal,
} from './graphqlHandler.ts'

/** Set by the launcher (scripts/launcher.ts): the public port, and Ponder's own (internal) one. */
export const frontEnv = z.object({
  OXBOW_INDEXER_FRONT_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  OXBOW_INDEXER_FRONT_HOST: z.string().min(1).default('127.0.0.1'),
  OXBOW_INDEXER_UPSTREAM_PORT: z.coerce.number().int().min(1).max(65535).default(42069),
})

export interface FrontOptions {
  port: number
  hostname: string
  /** Ponder's own server (127.0.0.1), which serves everything but `/graphql`. */
  upstreamPort: number
  answer: (request: GraphqlRequest) => Promise<GraphqlAnswer>
  /** The per-client limit on `/graphql`: resolves the 429 answer when the client is limited. */
  limit: (clientKey: string) => Promise<{ answer: GraphqlAnswer; retryAfter: number } | null>
  /** The client a request counts against (socket address, or a trusted X-Forwarded-For hop). */
  clientKey: (forwardedFor: string | undefined, remoteAddress: string | undefined) => string
}

/** The body of a node request, with the Hono route's limits (see readBody in graphqlHandler.ts). */
function readNodeBody(
  req: IncomingMessage,
): Promise<{ text: string } | { refused: 'too large' | 'too slow' }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let read = 0
    let refused: 'too large' | 'too slow' | null =
      Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES ? 'too large' : null
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      req.off('data', onData)
      req.off('end', finish)
      req.off('error', finish)
      req.off('aborted', finish)
      // What is left of a refused body is not read: the connection is closed after the answer.
      if (refused) req.pause()
      resolve(refused ? { refused } : { text: Buffer.concat(chunks).toString('utf8') })
    }
    const refuseTooLarge = () => {
      refused = 'too large'
      chunks.length = 0
      // Keep reading (and dropping) for a while so the 413 reaches the client before the close.
      clearTimeout(timer)
      timer = setTimeout(finish, DISCARD_MAX_MS)
    }
    let timer = setTimeout(
      () => {
        refused ??= 'too slow'
        finish()
      },
      refused ? DISCARD_MAX_MS : BODY_RECEIVE_MS,
    )
    const onData = (chunk: Buffer) => {
      read += chunk.byteLength
      if (refused) {
        if (read > DISCARD_MAX_BYTES) finish()
        return
      }
      if (read > MAX_BODY_BYTES) refuseTooLarge()
      else chunks.push(chunk)
    }
    req.on('data', onData)
    req.on('end', finish)
    req.on('error', () => {
      refused ??= 'too slow'
      finish()
    })
    req.on('aborted', finish)
  })
}

const CORS = { 'access-control-allow-origin': '*' }

function send(res: ServerResponse, { status, text }: GraphqlAnswer, extra: Record<string, string> = {}) {
  res.writeHead(status, {
    ...CORS,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...extra,
  })
  res.end(text)
}

/** Ponder's CORS preflight answer (hono/cors with `origin: '*'` and `maxAge: 86400`). */
function preflight(req: IncomingMessage, res: ServerResponse) {
  const headers: Record<string, string> = {
    ...CORS,
    'access-control-max-age': '86400',
    'access-control-allow-methods': 'GET,HEAD,PUT,POST,DELETE,PATCH',
  }
  const asked = req.headers['access-control-request-headers']
  if (asked) {
    headers['access-control-allow-headers'] = asked
    headers.vary = 'Access-Control-Request-Headers'
  }
  res.writeHead(204, headers)
  res.end()
}

function proxy(req: IncomingMessage, res: ServerResponse, upstreamPort: number) {
  const upstream = http.request(
    { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    },
  )
  upstream.on('error', () => {
    // Ponder's server is not listening yet (or any more): the data API is not ready.
    if (!res.headersSent) res.writeHead(503, { ...CORS, 'content-type': 'text/plain' })
    res.end('The indexer is starting.')
  })
  req.pipe(upstream)
}

export function startFront(options: FrontOptions): http.Server {
  const server = http.createServer(async (req, res) => {
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const path = q === -1 ? url : url.slice(0, q)
    if (path !== '/graphql') return proxy(req, res, options.upstreamPort)
    if (req.method === 'OPTIONS') return preflight(req, res)
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.writeHead(404, { ...CORS, 'content-type': 'text/plain' })
      res.end('404 Not Found')
      return
    }
    try {
      const forwarded = req.headers['x-forwarded-for']
      const limited = await options.limit(
        options.clientKey(Array.isArray(forwarded) ? forwarded[0] : forwarded, req.socket.remoteAddress),
      )
      if (limited) {
        req.resume()
        return send(res, limited.answer, {
          'retry-after': String(limited.retryAfter),
          'access-control-expose-headers': 'Retry-After',
        })
      }
      let request: GraphqlRequest
      if (req.method === 'GET') {
        req.resume()
        request = { method: 'GET', search: q === -1 ? '' : url.slice(q) }
      } else {
        const body = await readNodeBody(req)
        if ('refused' in body) return send(res, refusal(body.refused), { connection: 'close' })
        request = { method: 'POST', body: body.text }
      }
      send(res, await options.answer(request))
    } catch (error) {
      console.error('[graphql] front failure', error)
      if (!res.headersSent) res.writeHead(500, CORS)
      res.end()
    }
  })
  server.once('error', (error: NodeJS.ErrnoException) => {
    // The public port is the API's address: another one would leave every client without it.
    console.error(
      `[front] cannot listen on ${options.hostname}:${options.port}: ${error.code ?? error.message}`,
    )
    process.exit(1)
  })
  server.listen(options.port, options.hostname)
  return server
}

/** The data API's limiter as the front uses it (the store of src/api/rateLimit.ts). */
export function limitWith(
  store: Promise<RateLimitStore>,
  limitedAnswer: (retryAfterSeconds: number) => GraphqlAnswer,
): FrontOptions['limit'] {
  return async (clientKey) => {
    const retryAfter = await (await store).take(clientKey, Date.now())
    return retryAfter > 0 ? { answer: limitedAnswer(retryAfter), retryAfter } : null
  }
}
