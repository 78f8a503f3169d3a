export {
  type ClientKey,
  clientKeyFor,
  clientKeyOf,
  createMemoryRateLimitStore,
  memoryRateLimits,
  type RateLimitOptions,
  type RateLimitStore,
  type RateLimits,
  REDIS_URL_PATTERN,
  rateLimit,
  redisRateLimits,
} from './rateLimit.ts'
