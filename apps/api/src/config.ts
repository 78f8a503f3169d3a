/** The API's environment, validated once at start-up. */
import { availableParallelism } from 'node:os'
import { type FlagName, type FlagValues, flagNames, isFlagName } from '@oxbow/api-contract/flags'
import { hexAddress } from '@oxbow/api-contract/requests'
import { isEvmAddress } from '@oxbow/core'
import { REDIS_URL_PATTERN } from '@oxbow/rate-limit'
import { z } from 'zod'

const fiatProvidersSchema = z.record(
  z.string(),
  z.object({
    url: z.string().url(),
    apiKey: z.string().min(1),
    secretKey: z.string().min(1),
    webhookSecret: z.string().min(1),
  }),
)

/**
 * A deployment's flag settings: comma-separated names, each on, or `name=off` (e.g.
 * `embeddedWallet,batchedSwaps,limits=off`). An unknown name stops the start.
 */
const flagSettings = z
  .string()
  .optional()
  .transform((value, ctx): Partial<FlagValues> => {
    const settings: Partial<Record<FlagName, boolean>> = {}
    for (const entry of (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [name = '', state = 'on', ...rest] = entry.split('=').map((part) => part.trim())
      if (!isFlagName(name) || rest.length > 0 || (state !== 'on' && state !== 'off')) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not a flag setting (name or name=off; flags: ${flagNames.join(', ')})`,
        })
        return z.NEVER
      }
      settings[name as FlagName] = state === 'on'
    }
    return settings
  })

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
  /** The passkeys' WebAuthn relying party id; default: the host name of the first web origin. */
  OXBOW_PASSKEY_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]{1,253}$/, 'a host name')
    .optional(),
  /** Passkey requests per minute per client (burst a third of it). */
  OXBOW_PASSKEY_PER_MINUTE: z.coerce.number().int().positive().max(100_000).default(60),
  /** Seconds a passkey verification counts before adding or deleting a passkey. */
  OXBOW_PASSKEY_VERIFIED_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** A PostgreSQL server for the API's own schema; unset: embedded PGlite in OXBOW_API_DB_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional(),
  /** Offer gasless swaps (UniswapX orders) where a network has them: `off` where no filler runs. */
  OXBOW_GASLESS_SWAPS: z.enum(['on', 'off']).default('on'),
  /**
   * The order filler whose heartbeats make gasless routes offered (orders/fillerLiveness.ts);
   * unset: each network's filler from the manifest (the devnet's). The address of OXBOW_FILLER_KEY.
   */
  OXBOW_FILLER_ADDRESS: z.optional(hexAddress()),
  /** A Redis server the API's replicas share their rate limits through; unset: limits per process. */
  REDIS_URL: z.string().regex(REDIS_URL_PATTERN, 'a redis:// URL').optional(),
  /** PGlite's data directory (default `<repo>/.data/api/<OXBOW_API_PORT>`: one per port, PGlite takes no lock). */
  OXBOW_API_DB_DIR: z.string().optional(),
  /** The local fiat provider sandboxes (apps/sandbox); used in the local environment only. */
  OXBOW_FIAT_SANDBOX_URL: z.string().url().default('http://127.0.0.1:8791'),
  /**
   * Real fiat providers: JSON `{ "<id>": { "url", "apiKey", "secretKey", "webhookSecret" } }`.
   * Replaces the sandboxes when set. Server-side only: never part of the web app's config.
   */
  OXBOW_FIAT_PROVIDERS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined
      try {
        return fiatProvidersSchema.parse(JSON.parse(value))
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'JSON object of { url, apiKey, secretKey, webhookSecret } per provider',
        })
        return z.NEVER
      }
    }),
  /** Per-provider quote timeout of the fan-out. */
  OXBOW_FIAT_QUOTE_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1500),
  /**
   * Screening's local list (src/screening): blocked addresses, comma separated. Each must be an
   * address (checked here, so a typo stops the start). `npm start` blocks one devnet account.
   */
  OXBOW_BLOCKLIST: z
    .string()
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .every(isEvmAddress),
      'comma-separated EVM addresses (0x and 40 hex characters)',
    ),
  /** A file of blocked addresses (one per line, `#` comments), read and checked at start. */
  OXBOW_BLOCKLIST_FILE: z.string().min(1).optional(),
  /** Feature flags this deployment turns on or off (the defaults: src/platform/flags.ts). */
  OXBOW_FLAGS: flagSettings,
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
