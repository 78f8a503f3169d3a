export {
  type ClientKey,
  clientKeyFor,
  createMemoryRateLimitStore,
  memoryRateLimits,
  type RateLimitOptions,
  type RateLimitStore,
  type RateLimits,
  REDIS_URL_PATTERN,
  rateLimit,
  redisRateLimits,
} from './rateLimit.ts'
