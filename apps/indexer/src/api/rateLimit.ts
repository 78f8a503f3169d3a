/**
 * The data API's per-client rate limit: the same token-bucket limiter as the trading API
 * (@oxbow/rate-limit), in this process's memory or, with REDIS_URL set, in Redis so that indexer
 * replicas (read workers) honour one limit. A limited client gets HTTP 429 with `Retry-After` and
 * the trading API's code and message (RATE_LIMIT_EXCEEDED, core's user text), in this API's
 * GraphQL error shape: `{ errors: [{ message, extensions: { code, retryAfterSeconds } }] }`.
 * Read by the Ponder process (src/api/index.ts) and checked by `serve` before it starts Ponder.
 */
import { userFacingText } from '@oxbow/core'
import {
  clientKeyFor,
  memoryRateLimits,
  type RateLimitStore,
  REDIS_URL_PATTERN,
  rateLimit,
  redisRateLimits,
} from '@oxbow/rate-limit'
import type { MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { ApiError, errorBody } from './errors.ts'

export const rateLimitEnv = z.object({
  /** Sustained GraphQL requests per minute per client (cached answers count too). */
  OXBOW_INDEXER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1_800),
  /** Largest burst per client. */
  OXBOW_INDEXER_RATE_LIMIT_BURST: z.coerce.number().int().positive().default(300),
  /** Key clients on the first X-Forwarded-For hop (only behind a proxy that sets it). */
  OXBOW_TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** A Redis server the indexer's processes (and the API's) share their limits through. */
  REDIS_URL: z.string().regex(REDIS_URL_PATTERN, 'a redis:// URL').optional(),
})
export type RateLimitEnv = z.infer<typeof rateLimitEnv>

/** The data API's bucket store: in memory, or in Redis with REDIS_URL. */
export function dataApiLimitStore(config: RateLimitEnv): Promise<RateLimitStore> {
  const limits = config.REDIS_URL
    ? redisRateLimits(config.REDIS_URL, {
        error: (message, fields) => console.error(`[rate limit] ${message}`, fields ?? ''),
      })
    : Promise.resolve(memoryRateLimits())
  return limits.then((l) =>
    l.store('data-api', {
      perMinute: config.OXBOW_INDEXER_RATE_LIMIT_PER_MINUTE,
      burst: config.OXBOW_INDEXER_RATE_LIMIT_BURST,
    }),
  )
}

/** A limited client's answer (HTTP 429; the caller sets Retry-After and exposes it to browsers). */
export function limitedAnswer(retryAfterSeconds: number): { status: 429; text: string } {
  return {
    status: 429,
    text: JSON.stringify(
      errorBody([
        new ApiError('RATE_LIMIT_EXCEEDED', userFacingText({ code: 'RATE_LIMIT_EXCEEDED' }), {
          retryAfterSeconds,
        }),
      ]),
    ),
  }
}

/** The middleware for `/graphql` on Ponder's own server; its buckets are ready before the first request is limited. */
export function dataApiRateLimit(config: RateLimitEnv, store = dataApiLimitStore(config)): MiddlewareHandler {
  const middleware: Promise<MiddlewareHandler> = store.then((s) =>
    rateLimit(s, clientKeyFor(config.OXBOW_TRUST_PROXY), (c, retryAfterSeconds) => {
      // Ponder's CORS answers any origin; let browsers read when to retry.
      c.header('Access-Control-Expose-Headers', 'Retry-After')
      const { status, text } = limitedAnswer(retryAfterSeconds)
      return c.body(text, status, { 'content-type': 'application/json' })
    }),
  )
  return async (c, next) => (await middleware)(c, next)
}
