/**
 * Entry `@oxbow/api-contract/fiat` (apart from the index, so the web app's first load does not
 * carry it). The fiat module's order answers (apps/api src/fiat, /v1/fiat/orders,
 * /v1/fiat/exchange-transfers): an onramp (buy), offramp (sell) or exchange-transfer order with its
 * status history. Amounts in fiat are decimal strings in the order's currency (at most 2 decimals),
 * crypto amounts base units.
 */
import * as z from 'zod/mini'
import { uint } from './primitives.ts'

/** Forward only: created → waiting_for_deposit (a sell) / pending → completed / failed. */
export const fiatOrderStatusSchema = z.enum([
  'created',
  'waiting_for_deposit',
  'pending',
  'completed',
  'failed',
])
export type FiatOrderStatus = z.output<typeof fiatOrderStatusSchema>

const fiat = z.string().check(z.regex(/^[0-9]{1,18}(\.[0-9]{1,2})?$/, 'a decimal fiat amount'))

export const fiatOrderSchema = z.object({
  id: z.string(),
  provider: z.string(),
  side: z.enum(['buy', 'sell', 'transfer']),
  status: fiatOrderStatusSchema,
  /** ISO 3166-1 alpha-2; null for an exchange transfer. */
  country: z.nullable(z.string()),
  /** ISO 4217: the currency of `fiatAmount` and `feeAmount`; null for an exchange transfer. */
  fiatCurrency: z.nullable(z.string()),
  fiatAmount: z.nullable(fiat),
  /**
   * The provider's fee in `fiatCurrency`, as its quote gave it when the order was placed; null for
   * an exchange transfer and for an order stored before the API kept it.
   */
  feeAmount: z.nullable(fiat),
  crypto: z.nullable(z.string()),
  network: z.string(),
  walletAddress: z.string(),
  cryptoAmount: z.nullable(uint),
  txHash: z.nullable(z.string()),
  depositAddress: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
  etaSeconds: z.nullable(z.number()),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.readonly(z.array(z.object({ status: fiatOrderStatusSchema, at: z.string() }))),
})
/** An order as a client parsed it. */
export type FiatOrder = z.output<typeof fiatOrderSchema>
/** An order as the API writes it. */
export type FiatOrderBody = z.input<typeof fiatOrderSchema>

/** GET /v1/fiat/orders/:id, POST /v1/fiat/orders/:id/deposit (202). */
export const fiatOrderResponseSchema = z.object({ order: fiatOrderSchema })
export type FiatOrderResponseBody = z.input<typeof fiatOrderResponseSchema>

/** GET /v1/fiat/orders?walletAddress=: the wallet's orders, newest first. */
export const fiatOrdersResponseSchema = z.object({ orders: z.array(fiatOrderSchema) })
export type FiatOrdersResponseBody = z.input<typeof fiatOrdersResponseSchema>

/** POST /v1/fiat/orders and /v1/fiat/exchange-transfers (201): the order and its signed checkout URL. */
export const fiatOrderCreatedSchema = z.object({
  order: fiatOrderSchema,
  widgetUrl: z.string().check(z.regex(/^https?:\/\//)),
})
export type FiatOrderCreatedBody = z.input<typeof fiatOrderCreatedSchema>

/** One provider's quote (GET /v1/fiat/quotes). Fiat amounts are decimal strings in `fiatCurrency`. */
export const fiatQuoteSchema = z.object({
  provider: z.string(),
  providerName: z.string(),
  side: z.enum(['buy', 'sell']),
  fiatCurrency: z.string(),
  fiatAmount: z.string(),
  feeAmount: z.string(),
  networkFeeAmount: z.string(),
  /** Buy: fiat charged. Sell: fiat paid out after fees. */
  totalFiat: z.string(),
  crypto: z.string(),
  network: z.string(),
  /** Base units: received (buy) or to send (sell). */
  cryptoAmount: uint,
  cryptoDecimals: z.number(),
  etaSeconds: z.number(),
})
export type FiatQuote = z.output<typeof fiatQuoteSchema>

/** Why a provider answered no quote or regions: a code the screen maps to the spec's messages. */
const unavailableSchema = z.object({
  provider: z.string(),
  reason: z.object({ code: z.string(), message: z.string() }),
})

/** GET /v1/fiat/quotes: the quotes, best first, and the providers that gave none. */
export const fiatQuotesResponseSchema = z.object({
  quotes: z.array(fiatQuoteSchema),
  unavailable: z.readonly(z.array(z.extend(unavailableSchema, { name: z.string() }))),
})
export type FiatQuotes = z.output<typeof fiatQuotesResponseSchema>
export type FiatQuotesResponseBody = z.input<typeof fiatQuotesResponseSchema>

/** GET /v1/fiat/regions?side=: country → the fiat currencies some provider serves there. */
export const fiatRegionsResponseSchema = z.object({
  side: z.enum(['buy', 'sell']),
  countries: z.record(z.string(), z.array(z.string())),
  unavailable: z.readonly(z.array(unavailableSchema)),
})
export type FiatRegionsResponseBody = z.input<typeof fiatRegionsResponseSchema>
export type FiatQuoteBody = z.input<typeof fiatQuoteSchema>
