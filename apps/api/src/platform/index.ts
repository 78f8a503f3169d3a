/**
 * The platform module: what every screen of the web app needs from the API besides trading.
 * - GET  /v1/fx-rates   USD rates for the 22 display currencies
 * - GET  /v1/flags      feature flags and experiment groups, plus the x-origin-country header
 * - POST /v1/analytics  the analytics proxy (origin-checked, size-capped, stored)
 */
import { displayCurrencies } from '@oxbow/core'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { ApiModule, Logger } from '../app.ts'
import type { ApiConfig } from '../config.ts'
import { ApiError } from '../errors.ts'
import { jsonBody, query, walletAddress } from '../validation.ts'
import {
  type AnalyticsStore,
  batchSchema,
  checkEvent,
  createMemoryAnalyticsStore,
  type StoredEvent,
} from './analytics.ts'
import { assignExperiments, type Flags, resolveFlags } from './flags.ts'
import { cachedFxProvider, createLocalFxProvider, type FxRateProvider } from './fxRates.ts'

export { type AnalyticsStore, createMemoryAnalyticsStore, type StoredEvent } from './analytics.ts'
export { assignExperiments, experiments, type FlagName, flagDefaults, resolveFlags } from './flags.ts'
export {
  cachedFxProvider,
  createLocalFxProvider,
  type FxRateProvider,
  type FxRates,
  localFxTable,
  validateFxRates,
} from './fxRates.ts'

export interface PlatformOptions {
  readonly config: Pick<
    ApiConfig,
    'OXBOW_ENVIRONMENT' | 'OXBOW_WEB_ORIGINS' | 'OXBOW_ORIGIN_COUNTRY' | 'OXBOW_FLAGS'
  >
  readonly log: Logger
  /** Exchange rates; default: the fixed local table in the local environment, none (503) otherwise. */
  readonly fxProvider?: FxRateProvider | null
  readonly analyticsStore?: AnalyticsStore
  /** Largest analytics body in bytes (413 above). Default 32 KiB. */
  readonly analyticsMaxBytes?: number
  readonly flagOverrides?: Partial<Flags>
  /**
   * Request header carrying the visitor's country set by the CDN in front of the API (for example
   * 'cf-ipcountry'). Only set it when every request passes that CDN. Fallback: OXBOW_ORIGIN_COUNTRY.
   */
  readonly cdnCountryHeader?: string
  readonly now?: () => number
}

const COUNTRY = /^[A-Z]{2}$/
const flagsQuery = z.object({
  address: z.optional(walletAddress),
})

export function createPlatformModule(options: PlatformOptions): ApiModule {
  const { config, log } = options
  const now = options.now ?? Date.now
  const fx =
    options.fxProvider === undefined
      ? config.OXBOW_ENVIRONMENT === 'local'
        ? createLocalFxProvider()
        : null
      : options.fxProvider && cachedFxProvider(options.fxProvider, { ttlMs: 60_000, staleMs: 3_600_000, now })
  const store = options.analyticsStore ?? createMemoryAnalyticsStore()
  const flags = resolveFlags({ ...config.OXBOW_FLAGS, ...options.flagOverrides })
  const allowedOrigins = new Set(config.OXBOW_WEB_ORIGINS)

  const originCountry = (c: Context): string | null => {
    const fromCdn = options.cdnCountryHeader
      ? c.req.header(options.cdnCountryHeader)?.toUpperCase()
      : undefined
    if (fromCdn && COUNTRY.test(fromCdn)) return fromCdn
    return config.OXBOW_ORIGIN_COUNTRY ?? null
  }
  const setCountry = (c: Context): string | null => {
    const country = originCountry(c)
    if (country) c.header('x-origin-country', country)
    return country
  }

  const routes = new Hono()

  routes.get('/fx-rates', async (c) => {
    if (!fx) throw new ApiError('SERVICE_UNAVAILABLE', 'No exchange-rate provider is configured')
    let snapshot: Awaited<ReturnType<FxRateProvider['fetchRates']>>
    try {
      snapshot = await fx.fetchRates()
    } catch (cause) {
      log.error('fx rates unavailable', { provider: fx.name, error: String(cause) })
      throw new ApiError('SERVICE_UNAVAILABLE', 'Exchange rates are unavailable at the moment', undefined, {
        cause,
      })
    }
    c.header('cache-control', 'public, max-age=60')
    return c.json({
      base: 'USD' as const,
      rates: Object.fromEntries(displayCurrencies.map((currency) => [currency, snapshot.rates[currency]])),
      asOf: snapshot.asOf.toISOString(),
    })
  })

  routes.get('/flags', (c) => {
    const { address } = query(c, flagsQuery)
    setCountry(c)
    c.header('cache-control', 'private, max-age=60')
    return c.json({ flags, experiments: assignExperiments(address?.toLowerCase() ?? null) })
  })

  routes.post(
    '/analytics',
    bodyLimit({
      maxSize: options.analyticsMaxBytes ?? 32 * 1024,
      onError: () => {
        throw new ApiError('PAYLOAD_TOO_LARGE', 'Analytics batch is too large')
      },
    }),
    async (c) => {
      const origin = applicationOrigin(c, allowedOrigins)
      const country = setCountry(c)
      const { events } = await jsonBody(c, batchSchema)
      const receivedAt = now()
      const build = c.req.header('x-application-build') ?? c.req.header('x-app-version') ?? null
      const accepted: StoredEvent[] = []
      const problems: { index: number; problem: string }[] = []
      events.forEach((raw, index) => {
        const check = checkEvent(raw, receivedAt)
        if (check.ok && check.event) {
          accepted.push({
            ...check.event,
            receivedAt,
            origin,
            build: build && /^[\w.+-]{1,64}$/.test(build) ? build : null,
            country,
          })
        } else {
          problems.push({ index, problem: check.problem ?? 'invalid' })
        }
      })
      try {
        await store.append(accepted)
      } catch (cause) {
        log.error('analytics store failed', { error: String(cause), events: accepted.length })
        throw new ApiError('SERVICE_UNAVAILABLE', 'Analytics are unavailable at the moment', undefined, {
          cause,
        })
      }
      return c.json({
        status: 'ok' as const,
        accepted: accepted.length,
        rejected: problems.length,
        ...(problems.length > 0 ? { problems: problems.slice(0, 10) } : {}),
      })
    },
  )

  return { name: 'platform', routes }
}

/**
 * The application origin of an analytics request: x-request-source (or the web app's
 * x-application-origin) for server-side callers, the browser's Origin otherwise. Every one that is
 * present must be an allowed web origin, and at least one must be present.
 */
function applicationOrigin(c: Context, allowed: ReadonlySet<string>): string {
  const claimed = [
    c.req.header('x-request-source'),
    c.req.header('x-application-origin'),
    c.req.header('origin'),
  ]
  const present = claimed.filter((value): value is string => value !== undefined && value !== '')
  if (present.length === 0) {
    throw new ApiError('FORBIDDEN', 'An application origin header (x-request-source or Origin) is required')
  }
  const unknown = present.find((value) => !allowed.has(value))
  if (unknown !== undefined) {
    throw new ApiError('FORBIDDEN', 'Unknown application origin', { origin: unknown.slice(0, 100) })
  }
  return present[0] as string
}
