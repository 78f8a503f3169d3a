import {
  type FiatOrder,
  type FiatQuotes,
  fiatOrderCreatedSchema,
  fiatOrderResponseSchema,
  fiatOrdersResponseSchema,
  fiatQuotesResponseSchema,
  fiatRegionsResponseSchema,
} from '@oxbow/api-contract/fiat'
import * as z from 'zod/mini'
import { getRuntimeConfig } from '../../config/index.ts'

/**
 * The fiat API client (apps/api, /v1/fiat): quotes across providers, orders with a signed checkout
 * URL, order status. Provider keys stay on the server; the app only ever gets the signed URL.
 * Every answer is validated; an error answer becomes a FiatApiError with the API's typed code.
 */

export type { FiatOrder, FiatQuote, FiatQuotes } from '@oxbow/api-contract/fiat'

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(
      z.object({
        minAmount: z.optional(z.string()),
        maxAmount: z.optional(z.string()),
        supportedCurrencies: z.optional(z.array(z.string())),
      }),
    ),
  }),
})

export class FiatApiError extends Error {
  override readonly name = 'FiatApiError'
  constructor(
    readonly code: string,
    message: string,
    readonly details: {
      minAmount?: string | undefined
      maxAmount?: string | undefined
      supportedCurrencies?: string[] | undefined
    } = {},
  ) {
    super(message)
  }
}

async function call<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  init?: RequestInit,
): Promise<z.infer<S>> {
  let response: Response
  try {
    response = await fetch(`${getRuntimeConfig().apiUrl}/v1/fiat${path}`, init)
  } catch (cause) {
    throw new FiatApiError('NETWORK', cause instanceof Error ? cause.message : 'network error')
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const parsed = errorSchema.safeParse(body)
    if (parsed.success) {
      const { code, message, details } = parsed.data.error
      throw new FiatApiError(code, message, details ?? {})
    }
    throw new FiatApiError('INVALID_RESPONSE', `status ${response.status}`)
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new FiatApiError('INVALID_RESPONSE', 'unexpected answer')
  return parsed.data
}

export interface FiatQuoteInput {
  readonly side: 'buy' | 'sell'
  readonly country: string
  readonly fiatCurrency: string
  readonly fiatAmount: string
  readonly crypto: string
  readonly network: string
}

export function fetchFiatQuotes(input: FiatQuoteInput, signal?: AbortSignal): Promise<FiatQuotes> {
  return call(
    `/quotes?${new URLSearchParams({ ...input })}`,
    fiatQuotesResponseSchema,
    signal ? { signal } : undefined,
  )
}

export function fetchFiatRegions(side: 'buy' | 'sell'): Promise<Record<string, string[]>> {
  return call(`/regions?side=${side}`, fiatRegionsResponseSchema).then((r) => r.countries)
}

export function fetchFiatProviders() {
  const entry = z.object({ id: z.string(), name: z.string() })
  return call('/providers', z.object({ ramps: z.array(entry), exchanges: z.array(entry) }))
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

export function createFiatOrder(
  input: FiatQuoteInput & { provider: string; walletAddress: string; redirectUrl: string },
) {
  return call('/orders', fiatOrderCreatedSchema, post(input))
}

export function createExchangeTransfer(input: {
  provider: string
  network: string
  walletAddress: string
  redirectUrl: string
}) {
  return call('/exchange-transfers', fiatOrderCreatedSchema, post(input))
}

export function fetchFiatOrder(id: string): Promise<FiatOrder> {
  return call(`/orders/${encodeURIComponent(id)}`, fiatOrderResponseSchema).then((r) => r.order)
}

export function submitDeposit(id: string, txHash: string): Promise<unknown> {
  return call(`/orders/${encodeURIComponent(id)}/deposit`, z.object({}), post({ txHash }))
}

/** Token address and decimals on a network, from the trading API's token list. */
export async function fetchTokenAddress(network: string, symbol: string): Promise<`0x${string}` | null> {
  const response = await fetch(
    `${getRuntimeConfig().apiUrl}/v1/tokens?network=${encodeURIComponent(network)}`,
  )
  const parsed = z
    .object({
      tokens: z.array(z.object({ address: z.string(), symbol: z.string(), safety: z.optional(z.string()) })),
    })
    .safeParse(await response.json().catch(() => undefined))
  const token = parsed.success
    ? parsed.data.tokens.find(
        (t) => t.symbol === symbol && (t.safety === undefined || t.safety === 'verified'),
      )
    : undefined
  return token && /^0x[0-9a-fA-F]{40}$/.test(token.address) ? (token.address as `0x${string}`) : null
}

/** The wallet's fiat orders, newest first (Activity's onramp and offramp rows). */
export function fetchFiatOrders(walletAddress: string): Promise<FiatOrder[]> {
  return call(`/orders?walletAddress=${encodeURIComponent(walletAddress)}`, fiatOrdersResponseSchema).then(
    (r) => r.orders,
  )
}
