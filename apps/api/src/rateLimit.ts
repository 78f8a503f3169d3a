/**
 * The API's per-client rate limits: the shared limiter (@oxbow/rate-limit: token buckets in memory,
 * or in Redis when REDIS_URL is set) answering a limited client with the API's typed
 * RATE_LIMIT_EXCEEDED (429, `Retry-After`, `details.retryAfterSeconds`).
 */
import {
  type ClientKey,
  rateLimit as limiter,
  memoryRateLimits,
  type RateLimitStore,
  type RateLimits,
} from '@oxbow/rate-limit'
import type { MiddlewareHandler } from 'hono'
import { ApiError } from './errors.ts'

export {
  type ClientKey,
  clientKeyFor,
  createMemoryRateLimitStore,
  memoryRateLimits,
  type RateLimitStore,
  type RateLimits,
  redisRateLimits,
} from '@oxbow/rate-limit'

export function rateLimit(store: RateLimitStore, clientKey: ClientKey): MiddlewareHandler {
  return limiter(store, clientKey, (_c, retryAfterSeconds) => {
    throw ApiError.spec('RATE_LIMIT_EXCEEDED', { retryAfterSeconds })
  })
}

/** The limit options every feature module (passkey, usernames, NFT reports) takes. */
export interface ModuleRateLimitOptions {
  readonly clientKey: ClientKey
  /** Where its limiter keeps its buckets; default: this process's memory. */
  readonly rateLimits?: RateLimits
  /** Requests per minute per client; each module documents its default and burst. */
  readonly perMinute?: number
}

/**
 * A feature module's own per-client limiter, in the `name` family of buckets: `perMinute`
 * (default `defaultPerMinute`) with a burst of `1 / burstDivisor` of it, at least 1.
 */
export function moduleRateLimit(
  name: string,
  options: ModuleRateLimitOptions,
  defaultPerMinute: number,
  burstDivisor: number,
): MiddlewareHandler {
  const perMinute = options.perMinute ?? defaultPerMinute
  const store = (options.rateLimits ?? memoryRateLimits()).store(name, {
    perMinute,
    burst: Math.max(1, Math.ceil(perMinute / burstDivisor)),
  })
  return rateLimit(store, options.clientKey)
}
