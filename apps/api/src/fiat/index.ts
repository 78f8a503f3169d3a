/**
 * The fiat module: buy and sell crypto through on/off-ramp providers and receive from an exchange.
 * - GET  /v1/fiat/providers            the ramps and exchanges configured (names only)
 * - GET  /v1/fiat/regions?side=        countries and their fiat currencies, across providers
 * - GET  /v1/fiat/quotes?side=&country=&fiatCurrency=&fiatAmount=&crypto=&network=
 *                                       every provider's quote side by side, and why the others gave none
 * - POST /v1/fiat/orders                an order with one provider: its signed checkout URL
 * - POST /v1/fiat/exchange-transfers    a transfer from an exchange: its signed connect URL
 * - GET  /v1/fiat/orders/:id, GET /v1/fiat/orders?walletAddress=   orders with status history and
 *                                       the provider's fee from its quote (answers: @oxbow/api-contract/fiat)
 * - POST /v1/fiat/orders/:id/deposit    a sell's deposit transaction, passed to the provider
 * - POST /v1/fiat/webhooks/:provider    the providers' signed status updates (the only way an order moves)
 */
import { randomUUID } from 'node:crypto'
import type {
  FiatOrderCreatedBody,
  FiatOrderResponseBody,
  FiatOrdersResponseBody,
  FiatQuotesResponseBody,
  FiatRegionsResponseBody,
} from '@oxbow/api-contract/fiat'
import { NETWORK_SLUG_PATTERN } from '@oxbow/chains'
import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiModule, Logger } from '../app.ts'
import type { ApiConfig } from '../config.ts'
import { type Database, lazyDatabase, migrateOnce } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { noScreening, type Screening } from '../screening/index.ts'
import { walletAddress as address, jsonBody, parseWith, query } from '../validation.ts'
import {
  type FiatProviderAdapter,
  ProviderQuoteError,
  type QuoteRequest,
  type UnavailableReason,
  WebhookError,
} from './adapter.ts'
import { type FanOutResult, fanOutQuotes, reasonOf } from './fanOut.ts'
import { providersFromConfig } from './providers.ts'
import { createFiatStore, fiatMigrations } from './store.ts'

export type { FiatProviderAdapter, ProviderQuote, QuoteRequest, WebhookEvent } from './adapter.ts'
export { fanOutQuotes } from './fanOut.ts'
export { createSandboxAdapter } from './sandboxAdapter.ts'
export { createFiatStore, fiatMigrations } from './store.ts'

export interface FiatModuleOptions {
  readonly db: Database
  readonly adapters: readonly FiatProviderAdapter[]
  /** Checkout may only return to these origins (the web app). */
  readonly webOrigins: readonly string[]
  readonly log: Logger
  /** Per-provider quote timeout. Default 1500 ms. */
  readonly quoteTimeoutMs?: number
  readonly now?: () => number
  /** Closed with the module (the database it opened itself). */
  readonly ownsDb?: boolean
  /** Migrate before answering (default); false: on the first request that needs the tables. */
  readonly eager?: boolean
  /** Refuses orders and transfers for a blocked wallet (default: nothing blocked). */
  readonly screening?: Screening
}

const country = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 country code')
const currency = z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 currency code')
const amount = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'a decimal amount with at most 2 decimals')
const slug = z.string().regex(/^[a-z0-9_]{1,32}$/)
const network = z.string().regex(NETWORK_SLUG_PATTERN, 'a network slug')
const symbol = z.string().regex(/^[A-Za-z0-9.]{1,16}$/)
const side = z.enum(['buy', 'sell'])

/** What a quote asks; an order asks the same of one provider, with where the crypto goes. */
const quoteFields = {
  side,
  country,
  fiatCurrency: currency,
  fiatAmount: amount,
  crypto: symbol,
  network,
}
const redirectUrl = z.string().url().max(2000)
const quoteQuery = z.object(quoteFields)
const orderBody = z.object({ provider: slug, ...quoteFields, walletAddress: address, redirectUrl })
const transferBody = z.object({ provider: slug, network, walletAddress: address, redirectUrl })
const orderId = z.string().uuid()

/** Turns the reasons every provider gave into the one error the screen shows. */
export function noQuoteError(result: FanOutResult): ApiError {
  // Providers that failed (timeout, garbage, down) say nothing about the request: the answer is
  // what the providers that did answer said, and 'unavailable' only when none answered.
  const failures = new Set(['TIMEOUT', 'INVALID_RESPONSE', 'PROVIDER_ERROR'])
  const reasons = result.unavailable.map((u) => u.reason).filter((r) => !failures.has(r.code))
  const details = { unavailable: result.unavailable }
  if (reasons.length === 0)
    return new ApiError('PROVIDER_UNAVAILABLE', 'No provider can quote this right now', details, {
      retryable: true,
    })
  const notOffered = new Set(['UNSUPPORTED_REGION', 'UNSUPPORTED_CURRENCY', 'UNSUPPORTED_CRYPTO'])
  const applicable = reasons.filter((r) => !notOffered.has(r.code))
  if (applicable.length === 0) {
    const currencies = reasons.filter((r) => r.code === 'UNSUPPORTED_CURRENCY')
    if (currencies.length > 0) {
      const supported = [...new Set(currencies.flatMap((r) => r.supportedCurrencies ?? []))].sort()
      const message =
        supported.length === 1
          ? `Only available to purchase in ${supported[0]}`
          : 'Currency not supported in your region'
      return new ApiError('UNSUPPORTED_CURRENCY', message, { ...details, supportedCurrencies: supported })
    }
    if (reasons.some((r) => r.code === 'UNSUPPORTED_CRYPTO'))
      return new ApiError('UNSUPPORTED_TOKEN', 'Not available to buy on this network', details)
    return new ApiError('UNSUPPORTED_REGION', 'This service is unavailable in your region', details)
  }
  if (applicable.every((r) => r.code === 'AMOUNT_BELOW_MINIMUM')) {
    const min = Math.min(...applicable.map((r) => Number(r.minAmount ?? Number.POSITIVE_INFINITY)))
    return new ApiError('AMOUNT_BELOW_MINIMUM', `Minimum ${min}`, { ...details, minAmount: String(min) })
  }
  if (applicable.every((r) => r.code === 'AMOUNT_ABOVE_MAXIMUM')) {
    const max = Math.max(...applicable.map((r) => Number(r.maxAmount ?? 0)))
    return new ApiError('AMOUNT_ABOVE_MAXIMUM', `Maximum ${max}`, { ...details, maxAmount: String(max) })
  }
  return new ApiError('PROVIDER_UNAVAILABLE', 'No provider can quote this right now', details, {
    retryable: true,
  })
}

export async function createFiatModule(options: FiatModuleOptions): Promise<ApiModule> {
  const { db, adapters, log } = options
  const now = options.now ?? Date.now
  const timeoutMs = options.quoteTimeoutMs ?? 1500
  const screening = options.screening ?? noScreening
  // Migrated on the first request that needs the tables (and retried if that failed).
  const ready = migrateOnce(db, 'fiat', fiatMigrations)
  if (options.eager !== false) await ready()
  const store = createFiatStore(db)
  const ramps = adapters.filter((a) => a.kind === 'ramp')
  const exchanges = adapters.filter((a) => a.kind === 'exchange')
  const byId = (id: string, kind: 'ramp' | 'exchange') => {
    const adapter = adapters.find((a) => a.id === id && a.kind === kind)
    if (!adapter) throw new ApiError('NOT_FOUND', `No ${kind} provider ${id}`)
    return adapter
  }
  const returnUrl = (redirectUrl: string, id: string) => {
    const url = new URL(redirectUrl)
    if (!options.webOrigins.includes(url.origin))
      throw new ApiError('INVALID_INPUT', 'redirectUrl must be on the web app', [
        { path: 'redirectUrl', message: 'not an allowed origin' },
      ])
    url.searchParams.set('fiatOrder', id)
    return url.toString()
  }

  const routes = new Hono()
  for (const path of ['/fiat/orders', '/fiat/orders/*', '/fiat/exchange-transfers', '/fiat/webhooks/*'])
    routes.use(path, async (_c, next) => {
      await ready()
      await next()
    })
  routes.get('/fiat/providers', (c) =>
    c.json({
      ramps: ramps.map((a) => ({ id: a.id, name: a.name })),
      exchanges: exchanges.map((a) => ({ id: a.id, name: a.name })),
    }),
  )

  routes.get('/fiat/regions', async (c) => {
    const { side: which } = query(c, z.object({ side }))
    const results = await Promise.all(
      ramps.map(async (a) => {
        try {
          return { regions: (await a.regions(AbortSignal.timeout(timeoutMs)))[which] }
        } catch (error) {
          return {
            provider: a.id,
            reason: reasonOf(error, error instanceof Error && error.name === 'TimeoutError'),
          }
        }
      }),
    )
    const countries: Record<string, string[]> = {}
    for (const result of results) {
      if (!('regions' in result) || !result.regions) continue
      for (const [code, currencies] of Object.entries(result.regions)) {
        countries[code] = [...new Set([...(countries[code] ?? []), ...currencies])].sort()
      }
    }
    const unavailable = results.filter(
      (r): r is { provider: string; reason: UnavailableReason } => 'reason' in r,
    )
    return c.json({ side: which, countries, unavailable } satisfies FiatRegionsResponseBody)
  })

  routes.get('/fiat/quotes', async (c) => {
    const request: QuoteRequest = query(c, quoteQuery)
    const result = await fanOutQuotes(ramps, request, timeoutMs)
    if (result.quotes.length === 0) throw noQuoteError(result)
    const providerNames = Object.fromEntries(ramps.map((a) => [a.id, a.name]))
    return c.json({
      quotes: result.quotes.map((q) => ({ ...q, providerName: providerNames[q.provider] ?? q.provider })),
      unavailable: result.unavailable,
    } satisfies FiatQuotesResponseBody)
  })

  routes.post('/fiat/orders', async (c) => {
    const body = await jsonBody(c, orderBody)
    await screening.refuseBlocked({ walletAddress: body.walletAddress })
    const adapter = byId(body.provider, 'ramp')
    // The body's quote fields (already valid: the quote schema only drops the order's own fields).
    const request: QuoteRequest = quoteQuery.parse(body)
    // The order is priced by the provider now: limits, region and currency are checked before any checkout.
    const result = await fanOutQuotes([adapter], request, timeoutMs)
    const quote = result.quotes[0]
    if (!quote) throw noQuoteError(result)
    const id = randomUUID()
    const redirectUrl = returnUrl(body.redirectUrl, id)
    const order = await store.create({
      id,
      provider: adapter.id,
      ...request,
      walletAddress: body.walletAddress,
      cryptoAmount: quote.cryptoAmount,
      etaSeconds: quote.etaSeconds,
      feeAmount: quote.feeAmount,
    })
    const widgetUrl = await adapter.widgetUrl({
      orderId: id,
      side: body.side,
      walletAddress: body.walletAddress,
      network: body.network,
      redirectUrl,
      quote: request,
    })
    return c.json({ order, widgetUrl } satisfies FiatOrderCreatedBody, 201)
  })

  routes.post('/fiat/exchange-transfers', async (c) => {
    const body = await jsonBody(c, transferBody)
    await screening.refuseBlocked({ walletAddress: body.walletAddress })
    const adapter = byId(body.provider, 'exchange')
    const id = randomUUID()
    const redirectUrl = returnUrl(body.redirectUrl, id)
    const order = await store.create({
      id,
      provider: adapter.id,
      side: 'transfer',
      country: null,
      fiatCurrency: null,
      fiatAmount: null,
      crypto: null,
      network: body.network,
      walletAddress: body.walletAddress,
      cryptoAmount: null,
      etaSeconds: null,
      feeAmount: null,
    })
    const widgetUrl = await adapter.widgetUrl({
      orderId: id,
      side: 'transfer',
      walletAddress: body.walletAddress,
      network: body.network,
      redirectUrl,
    })
    return c.json({ order, widgetUrl } satisfies FiatOrderCreatedBody, 201)
  })

  routes.get('/fiat/orders', async (c) => {
    const { walletAddress } = query(c, z.object({ walletAddress: address }))
    return c.json({ orders: await store.listByWallet(walletAddress, 50) } satisfies FiatOrdersResponseBody)
  })

  routes.get('/fiat/orders/:id', async (c) => {
    const id = parseWith(orderId, c.req.param('id'), 'order id')
    const order = await store.get(id)
    if (!order) throw new ApiError('UNKNOWN_ORDER', 'No such order')
    return c.json({ order } satisfies FiatOrderResponseBody)
  })

  routes.post('/fiat/orders/:id/deposit', async (c) => {
    const id = parseWith(orderId, c.req.param('id'), 'order id')
    const { txHash } = await jsonBody(c, z.object({ txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/) }))
    const order = await store.get(id)
    if (!order) throw new ApiError('UNKNOWN_ORDER', 'No such order')
    if (order.side !== 'sell' || order.status !== 'waiting_for_deposit')
      throw new ApiError('INVALID_ORDER_STATE', `The order is ${order.status}`)
    try {
      await byId(order.provider, 'ramp').submitDeposit(order.id, txHash)
    } catch (error) {
      if (error instanceof ProviderQuoteError)
        throw new ApiError('PROVIDER_UNAVAILABLE', error.message, undefined, {
          cause: error,
          retryable: true,
        })
      throw error
    }
    return c.json({ order } satisfies FiatOrderResponseBody, 202)
  })

  routes.post('/fiat/webhooks/:provider', async (c) => {
    const adapter = adapters.find((a) => a.id === c.req.param('provider'))
    if (!adapter) throw new ApiError('NOT_FOUND', 'No such provider')
    const raw = await c.req.text()
    let event: Awaited<ReturnType<FiatProviderAdapter['verifyWebhook']>>
    try {
      event = await adapter.verifyWebhook(raw, (name) => c.req.header(name), now())
    } catch (error) {
      if (error instanceof WebhookError) {
        log.info('fiat webhook refused', { provider: adapter.id, code: error.code })
        throw new ApiError(error.code, error.message)
      }
      throw error
    }
    const outcome = await store.applyWebhook(adapter.id, event)
    switch (outcome.kind) {
      case 'unknown_order':
        throw new ApiError('UNKNOWN_ORDER', 'No such order for this provider')
      case 'duplicate':
        throw new ApiError('WEBHOOK_REPLAYED', 'This event was already received')
      case 'mismatch':
        throw new ApiError('INVALID_INPUT', outcome.reason)
      default:
        log.info('fiat order updated', {
          id: outcome.order.id,
          status: outcome.order.status,
          kind: outcome.kind,
        })
        return c.json({ received: true, status: outcome.order.status })
    }
  })

  return {
    name: 'fiat',
    routes,
    close: async () => {
      if (options.ownsDb) await db.close()
    },
  }
}

/** The fiat module from the API's configuration; disabled (logged) when no provider is configured. */
export async function loadFiatModule(
  config: Pick<
    ApiConfig,
    | 'OXBOW_ENVIRONMENT'
    | 'OXBOW_WEB_ORIGINS'
    | 'DATABASE_URL'
    | 'OXBOW_API_DB_DIR'
    | 'OXBOW_FIAT_SANDBOX_URL'
    | 'OXBOW_FIAT_PROVIDERS'
    | 'OXBOW_FIAT_QUOTE_TIMEOUT_MS'
  >,
  log: Logger,
  db?: Database,
  screening?: Screening,
): Promise<ApiModule | null> {
  const adapters = providersFromConfig(config)
  if (adapters.length === 0) {
    log.info('fiat: disabled (no providers configured)')
    return null
  }
  // Opened on first use: an API whose fiat routes are never called (most test stacks) pays nothing.
  const database = db ?? lazyDatabase({ url: config.DATABASE_URL, dataDir: config.OXBOW_API_DB_DIR })
  log.info('fiat: providers', { providers: adapters.map((a) => a.id), database: database.kind })
  return createFiatModule({
    db: database,
    adapters,
    webOrigins: config.OXBOW_WEB_ORIGINS,
    log,
    quoteTimeoutMs: config.OXBOW_FIAT_QUOTE_TIMEOUT_MS,
    ownsDb: db === undefined,
    eager: false,
    ...(screening ? { screening } : {}),
  })
}
