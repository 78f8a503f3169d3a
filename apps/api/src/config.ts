/** The API's environment, validated once at start-up. */
import { availableParallelism } from 'node:os'
import { z } from 'zod'

const schema = z.object({
  OXBOW_API_HOST: z.enum(['127.0.0.1', 'localhost', '::1']).default('127.0.0.1'),
  OXBOW_API_PORT: z.coerce.number().int().min(1).max(65_535).default(8787),
  OXBOW_ENVIRONMENT: z.enum(['local', 'mainnet']).default('local'),
  /** Origins allowed by CORS (the web app). Comma list. */
  OXBOW_WEB_ORIGINS: z
    .string()
    .default('http://localhost:5173')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  OXBOW_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  OXBOW_RATE_LIMIT_BURST: z.coerce.number().int().positive().default(120),
  /** Trust X-Forwarded-For for the client key (only behind a proxy that sets it). */
  OXBOW_TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Origin country reported to the web app (the real deployment reads it from the CDN's header). */
  OXBOW_ORIGIN_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'two upper-case letters (ISO 3166-1 alpha-2)')
    .optional(),
  OXBOW_MANIFEST: z.string().optional(),
  /**
   * The indexer's GraphQL endpoint (the data API), where USD prices come from. Unset: no USD
   * figures (quotes say `prices.status: 'unavailable'`). `npm start` sets it.
   */
  OXBOW_INDEXER_URL: z
    .url({ protocol: /^https?$/, error: 'an http(s) URL of the indexer GraphQL endpoint' })
    .optional(),
  /** How long a price request to the indexer may take before quotes go without USD (ms). */
  OXBOW_INDEXER_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(300),
  /**
   * Worker threads for route searches. Default: one per core beyond the first (at least one), so
   * quotes use every core while the main thread serves HTTP. 0 searches in the main thread.
   */
  OXBOW_ROUTE_THREADS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .default(() => Math.max(1, availableParallelism() - 1)),
})

export type ApiConfig = z.output<typeof schema>

/** Reads the config from the environment; throws one readable line per problem. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const result = schema.safeParse(env)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid API configuration: ${lines.join('; ')}`)
  }
  return result.data
}
