/**
 * One interface for every fiat provider (on/off-ramp or exchange transfer). The fiat module only
 * talks to providers through it; each provider's adapter knows its URLs, keys, signatures and
 * answer shapes, so its quirks never leak into the routes.
 */
import type { FiatQuoteBody } from '@oxbow/api-contract/fiat'
import { CoreError } from '@oxbow/core'

export type FiatSide = 'buy' | 'sell'
export type ProviderKind = 'ramp' | 'exchange'

export interface QuoteRequest {
  readonly side: FiatSide
  /** ISO 3166-1 alpha-2. */
  readonly country: string
  /** ISO 4217. */
  readonly fiatCurrency: string
  /** Decimal string in the currency's major unit, at most 2 decimals. */
  readonly fiatAmount: string
  readonly crypto: string
  readonly network: string
}

/** A provider's quote; the route adds the provider's display name (`@oxbow/api-contract/fiat`). */
export type ProviderQuote = Readonly<Omit<FiatQuoteBody, 'providerName'>>

/** Why a provider gave no quote; the codes the screen maps to the spec's messages. */
export type UnavailableCode =
  | 'UNSUPPORTED_REGION'
  | 'UNSUPPORTED_CURRENCY'
  | 'UNSUPPORTED_CRYPTO'
  | 'AMOUNT_BELOW_MINIMUM'
  | 'AMOUNT_ABOVE_MAXIMUM'
  | 'TIMEOUT'
  | 'INVALID_RESPONSE'
  | 'PROVIDER_ERROR'

export interface UnavailableReason {
  readonly code: UnavailableCode
  readonly message: string
  readonly minAmount?: string
  readonly maxAmount?: string
  readonly supportedCurrencies?: readonly string[]
}

/** A provider declined or failed to quote (its code and message are the reason's). */
export class ProviderQuoteError extends CoreError {
  override readonly name = 'ProviderQuoteError'
  constructor(readonly reason: UnavailableReason) {
    super(reason.message, { code: reason.code })
  }
}

export interface ProviderRegions {
  /** Country → fiat currencies offered there, per side. */
  readonly buy: Readonly<Record<string, readonly string[]>>
  readonly sell: Readonly<Record<string, readonly string[]>>
}

export interface WidgetRequest {
  readonly orderId: string
  readonly side: FiatSide | 'transfer'
  readonly walletAddress: string
  readonly network: string
  readonly redirectUrl: string
  /** Absent for exchange transfers. */
  readonly quote?: QuoteRequest
}

export type ProviderOrderStatus = 'waitingForDeposit' | 'pending' | 'completed' | 'failed'

/** A verified webhook, reduced to what the order book needs. */
export interface WebhookEvent {
  readonly eventId: string
  readonly orderId: string
  readonly providerOrderId: string
  readonly status: ProviderOrderStatus
  readonly walletAddress: string
  readonly crypto: string
  readonly network: string
  readonly cryptoAmount: string
  readonly txHash: string | null
  readonly depositAddress: string | null
  readonly failureReason: string | null
}

export type WebhookErrorCode = 'INVALID_SIGNATURE' | 'WEBHOOK_REPLAYED' | 'INVALID_INPUT'

/** A webhook refused: bad signature, a replay, or a body that does not parse. */
export class WebhookError extends CoreError {
  override readonly name = 'WebhookError'
  declare readonly code: WebhookErrorCode
  constructor(code: WebhookErrorCode, message: string) {
    super(message, { code })
  }
}

export interface FiatProviderAdapter {
  readonly id: string
  readonly name: string
  readonly kind: ProviderKind
  /** Countries and currencies (ramps); cached by the adapter. */
  regions(signal: AbortSignal): Promise<ProviderRegions>
  quote(request: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote>
  /** The provider's hosted page for this order, signed server-side. */
  widgetUrl(request: WidgetRequest): Promise<string>
  /** Verifies the signature and freshness of a webhook and parses it; throws WebhookError. */
  verifyWebhook(
    rawBody: string,
    headers: (name: string) => string | undefined,
    nowMs: number,
  ): Promise<WebhookEvent>
  /** Tells the provider which transaction carried a sell's crypto (it checks it on chain). */
  submitDeposit(orderId: string, txHash: string): Promise<void>
}
