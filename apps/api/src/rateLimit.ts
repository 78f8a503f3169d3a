/**
 * The API's per-client rate limits: the shared limiter (@oxbow/rate-limit: token buckets in memory,
 * or in Redis when REDIS_URL is set) answering a limited client with the API's typed
 * RATE_LIMIT_EXCEEDED (429, `Retry-After`, `details.retryAfterSeconds`).
 */
import { type ClientKey, rateLimit as limiter, type RateLimitStore } from '@oxbow/rate-limit'
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
