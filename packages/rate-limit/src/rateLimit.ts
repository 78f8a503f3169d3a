/**
 * Per-client rate limiting (token bucket), one implementation for every Oxbow HTTP service (the
 * trading API and the indexer's data API). One process keeps its buckets in memory; replicas share
 * them through Redis when REDIS_URL is set (`redisRateLimits`), so two processes honour one limit.
 * Every limiter of a service comes from one `RateLimits`, each under its own name.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { Redis } from 'ioredis'

export interface RateLimitStore {
  /** Takes one token for `key`; resolves 0 if allowed, else the seconds until one is available. */
  take(key: string, now: number): number | Promise<number>
}

/** Where a service's limiters keep their buckets. */
export interface RateLimits {
  /** The store of one limiter (`name` keeps its buckets apart from the other limiters'). */
  store(name: string, options: RateLimitOptions): RateLimitStore
  close(): Promise<void>
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

/** Buckets in this process's memory: right for one process. */
export function memoryRateLimits(): RateLimits {
  return { store: (_name, options) => createMemoryRateLimitStore(options), close: async () => {} }
}

/**
 * The token bucket in Redis, refilled and taken in one script (atomic across replicas), on the
 * Redis server's clock (replicas' clocks may differ). Returns 0 or the seconds to wait.
 */
const TAKE_SCRIPT = `
local burst = tonumber(ARGV[1])
local per_ms = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * per_ms)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.max(1, math.ceil((1 - tokens) / per_ms / 1000)) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / per_ms) + 1000)
return wait
`

interface RedisWithTake extends Redis {
  oxbowTake(key: string, burst: number, perMs: number): Promise<number>
}

/**
 * Buckets in Redis, shared by every process using the same server (keys
 * `oxbow:ratelimit:<limiter name>:<client>`, expiring once the bucket is full again). While Redis cannot be
 * reached (or answers an error) a request is limited by this process's own buckets instead, and
 * the failure is logged once per outage: limits stay in force, requests keep being served.
 */
export async function redisRateLimits(
  url: string,
  log: { error(message: string, fields?: Record<string, unknown>): void },
): Promise<RateLimits> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail fast while disconnected: the local buckets take over rather than queueing requests.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  }) as RedisWithTake
  redis.defineCommand('oxbowTake', { numberOfKeys: 1, lua: TAKE_SCRIPT })
  let down = false
  redis.on('error', () => {}) // reported through the failed commands below
  await redis.connect().catch((error: unknown) => {
    down = true
    log.error('rate limits: Redis unreachable, limiting per process until it answers', {
      error: error instanceof Error ? error.message : String(error),
    })
  })
  return {
    store(name, options) {
      const local = createMemoryRateLimitStore(options)
      const perMs = options.perMinute / 60_000
      return {
        async take(key, now) {
          try {
            const wait = Number(await redis.oxbowTake(`oxbow:ratelimit:${name}:${key}`, options.burst, perMs))
            down = false
            return wait
          } catch (error) {
            if (!down) {
              down = true
              log.error('rate limits: Redis failed, limiting per process until it answers', {
                error: error instanceof Error ? error.message : String(error),
              })
            }
            return local.take(key, now)
          }
        },
      }
    },
    async close() {
      redis.disconnect()
    },
  }
}

/**
 * Identifies a client (the key its bucket is kept under). Forwarded headers are trusted only when
 * the deployment says a proxy sets them.
 */
export type ClientKey = (c: Context) => string

/** The client key: the first X-Forwarded-For hop when a proxy is trusted, else the socket address. */
export function clientKeyFor(trustProxy: boolean): ClientKey {
  return (c) => {
    let address: string | undefined
    try {
      address = getConnInfo(c).remote.address
    } catch {}
    return clientKeyOf(trustProxy, c.req.header('x-forwarded-for'), address)
  }
}

/** clientKeyFor's rule for servers without Hono (a plain node:http server). */
export function clientKeyOf(
  trustProxy: boolean,
  forwardedFor: string | undefined,
  remoteAddress: string | undefined,
): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return remoteAddress ?? 'unknown'
}

/**
 * The middleware: takes a token for the client, and when none is left sets `Retry-After` (seconds)
 * and hands over to `limited`, which answers in the service's own error shape (or throws its
 * error for the service's error handler).
 */
export function rateLimit(
  store: RateLimitStore,
  clientKey: ClientKey,
  limited: (c: Context, retryAfterSeconds: number) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    const retryAfter = await store.take(clientKey(c), Date.now())
    if (retryAfter > 0) {
      c.header('Retry-After', String(retryAfter))
      return limited(c, retryAfter)
    }
    await next()
    return undefined
  }
}

/** What a REDIS_URL must look like (each service validates its own at start-up with it). */
export const REDIS_URL_PATTERN = /^rediss?:\/\//
