/**
 * The API as a factory: every dependency comes in through `createApp`, so tests build the same app
 * the server runs, with their own modules and limits.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { secureHeaders } from 'hono/secure-headers'
import type { ApiConfig } from './config.ts'
import { ApiError } from './errors.ts'
import {
  clientKeyFor,
  memoryRateLimits,
  type RateLimitStore,
  type RateLimits,
  rateLimit,
} from './rateLimit.ts'

/** A group of routes mounted under /v1 (trading, platform, ...). */
export interface ApiModule {
  readonly name: string
  readonly routes: Hono
  /** Stops background work (block subscriptions, timers). */
  close?(): Promise<void>
  /** Larger body limits for paths under /v1 starting with a prefix (e.g. an avatar upload). */
  readonly bodyLimits?: Readonly<Record<string, number>>
  /**
   * Path prefixes under /v1 of public resources other sites embed (username avatars shown by the
   * web app, another site than the API's): `Cross-Origin-Resource-Policy: cross-origin` there.
   */
  readonly crossOriginPaths?: readonly string[]
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

export interface AppDeps {
  readonly config: Pick<
    ApiConfig,
    'OXBOW_WEB_ORIGINS' | 'OXBOW_RATE_LIMIT_PER_MINUTE' | 'OXBOW_RATE_LIMIT_BURST' | 'OXBOW_TRUST_PROXY'
  >
  readonly modules: readonly ApiModule[]
  readonly log: Logger
  readonly rateLimitStore?: RateLimitStore
  /** Where the general limiter keeps its buckets (memory when absent; Redis with REDIS_URL). */
  readonly rateLimits?: RateLimits
  /** Largest accepted request body in bytes. */
  readonly maxBodyBytes?: number
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.log(JSON.stringify({ level: 'info', message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: 'error', message, ...fields })),
}

export function createApp(deps: AppDeps): Hono {
  const app = new Hono()
  const { config } = deps

  const clientKey = clientKeyFor(config.OXBOW_TRUST_PROXY)

  const crossOrigin = deps.modules.flatMap((module) => (module.crossOriginPaths ?? []).map((p) => `/v1${p}`))
  if (crossOrigin.length > 0) {
    // Registered before secureHeaders, so this runs after it has set 'same-site'.
    app.use('*', async (c, next) => {
      await next()
      if (c.res.ok && crossOrigin.some((prefix) => c.req.path.startsWith(prefix))) {
        c.res.headers.set('cross-origin-resource-policy', 'cross-origin')
      }
    })
  }
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'same-site' }))
  const corsHeaders = cors({
    origin: (origin) => (config.OXBOW_WEB_ORIGINS.includes(origin) ? origin : null),
    allowHeaders: [
      'content-type',
      'x-request-source',
      'x-app-version',
      'x-application-origin',
      'x-application-build',
      'authorization',
      'x-device-id',
    ],
    exposeHeaders: ['retry-after', 'x-origin-country'],
    maxAge: 600,
  })
  // Browsers send Origin on every cross-origin request, so only those need CORS headers. Hono's
  // cors builds the response object before the handler runs (and copies it after); skipping it
  // for same-origin and server-to-server calls saves that on the hot quote path.
  app.use('*', async (c, next) => {
    if (c.req.header('origin') !== undefined) return corsHeaders(c, next)
    await next()
    c.res.headers.append('Vary', 'Origin')
  })
  app.get('/health', (c) => c.json({ ok: true }))
  app.use(
    '/v1/*',
    rateLimit(
      deps.rateLimitStore ??
        (deps.rateLimits ?? memoryRateLimits()).store('api', {
          perMinute: config.OXBOW_RATE_LIMIT_PER_MINUTE,
          burst: config.OXBOW_RATE_LIMIT_BURST,
        }),
      clientKey,
    ),
  )
  const maxBodyBytes = deps.maxBodyBytes ?? 64 * 1024
  const tooLarge = () => {
    throw new ApiError('PAYLOAD_TOO_LARGE', 'Request body is too large')
  }
  const streamedBodyLimit = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge })
  const largerLimits = deps.modules.flatMap((module) =>
    Object.entries(module.bodyLimits ?? {}).map(([prefix, bytes]) => ({
      prefix: `/v1${prefix}`,
      bytes,
      check: bodyLimit({ maxSize: bytes, onError: tooLarge }),
    })),
  )
  app.use('/v1/*', (c, next) => {
    const larger = largerLimits.find((limit) => c.req.path.startsWith(limit.prefix))
    if (larger) {
      const length = c.req.header('content-length')
      if (length !== undefined && /^\d+$/.test(length) && Number(length) > larger.bytes) return tooLarge()
      return larger.check(c, next)
    }
    // A declared length is checked from the header (Node's parser reads exactly that many bytes).
    // Hono's bodyLimit would touch c.req.raw.body, which makes @hono/node-server build a web
    // Request and stream for every request; it still guards chunked bodies.
    const length = c.req.header('content-length')
    if (length !== undefined && /^\d+$/.test(length) && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > maxBodyBytes ? tooLarge() : next()
    }
    return streamedBodyLimit(c, next)
  })
  for (const module of deps.modules) app.route('/v1', module.routes)

  app.notFound(() => {
    throw new ApiError('NOT_FOUND', 'No such endpoint')
  })
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status)
    deps.log.error('unhandled error', {
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    })
    return c.json(new ApiError('INTERNAL', 'Something went wrong').toBody(), 500)
  })
  return app
}
