/**
 * Per-client rate limiting (token bucket). The store is an interface so replicas can share it
 * through Redis; the default lives in memory, which is right for one process.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { MiddlewareHandler } from 'hono'
import { ApiError } from './errors.ts'

export interface RateLimitStore {
  /** Takes one token for `key`; returns 0 if allowed, else the seconds until one is available. */
  take(key: string, now: number): number
}

export interface RateLimitOptions {
  /** Sustained requests per minute per client. */
  readonly perMinute: number
  /** Largest burst allowed. */
  readonly burst: number
}

export function createMemoryRateLimitStore(options: RateLimitOptions, maxClients = 100_000): RateLimitStore {
  const buckets = new Map<string, { tokens: number; at: number }>()
  const refillPerMs = options.perMinute / 60_000
  return {
    take(key, now) {
      const bucket = buckets.get(key) ?? { tokens: options.burst, at: now }
      bucket.tokens = Math.min(options.burst, bucket.tokens + (now - bucket.at) * refillPerMs)
      bucket.at = now
      buckets.delete(key)
      if (buckets.size >= maxClients) {
        const oldest = buckets.keys().next().value
        if (oldest !== undefined) buckets.delete(oldest)
      }
      buckets.set(key, bucket)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return 0
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000))
    },
  }
}

/**
 * Identifies a client: an explicit API key header if present, else the socket address.
 * Forwarded headers are trusted only when the deployment says a proxy sets them.
 */
export type ClientKey = (c: Parameters<MiddlewareHandler>[0]) => string

/** The client key: the first X-Forwarded-For hop when a proxy is trusted, else the socket address. */
export function clientKeyFor(trustProxy: boolean): ClientKey {
  return (c) => {
    if (trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
      if (forwarded) return forwarded
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown'
    } catch {
      return 'unknown'
    }
  }
}

export function rateLimit(store: RateLimitStore, clientKey: ClientKey): MiddlewareHandler {
  return async (c, next) => {
    const retryAfter = store.take(clientKey(c), Date.now())
    if (retryAfter > 0) {
      c.header('Retry-After', String(retryAfter))
      throw ApiError.spec('RATE_LIMIT_EXCEEDED', {
        retryAfterSeconds: retryAfter,
      })
    }
    await next()
  }
}
