/**
 * Adapters for the local provider sandboxes: Beacon, Orbit and Tidal (on/off-ramps) and Coinbridge
 * (exchange transfers). Each is its own adapter instance with its own base URL and keys; locally the
 * keys come from the sandbox's dashboard endpoint (as a merchant copies them from a dashboard),
 * in any other configuration from the API's environment. Keys never reach the web app.
 */
import { sandboxConfigSchema, sandboxQuoteSchema, signQuery } from '@oxbow/api-contract/fiat-sandbox'
import {
  type FiatProviderAdapter,
  type ProviderKind,
  type ProviderQuote,
  ProviderQuoteError,
  type ProviderRegions,
  type QuoteRequest,
  WebhookError,
} from './adapter.ts'
import { type ProviderCredentials, quoteErrorOf, verifySandboxWebhook } from './sandboxProtocol.ts'

export interface SandboxAdapterOptions {
  readonly id: string
  readonly name: string
  readonly kind: ProviderKind
  /** The provider's base URL, e.g. http://127.0.0.1:8791/beacon */
  readonly baseUrl: string
  readonly credentials: () => Promise<ProviderCredentials>
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export function createSandboxAdapter(options: SandboxAdapterOptions): FiatProviderAdapter {
  const { id, baseUrl } = options
  let regions: { value: ProviderRegions; at: number } | null = null

  return {
    id,
    name: options.name,
    kind: options.kind,
    async regions(signal) {
      if (options.kind === 'exchange') return { buy: {}, sell: {} }
      if (regions && Date.now() - regions.at < 60_000) return regions.value
      const { apiKey } = await options.credentials()
      const response = await fetch(`${baseUrl}/v1/config?apiKey=${encodeURIComponent(apiKey)}`, { signal })
      const parsed = sandboxConfigSchema.safeParse(await readJson(response))
      if (!response.ok || !parsed.success)
        throw new ProviderQuoteError({
          code: 'INVALID_RESPONSE',
          message: `${options.name}: unusable configuration`,
        })
      const value: ProviderRegions = {
        buy: parsed.data.sides.includes('buy') ? parsed.data.countries : {},
        sell: parsed.data.sides.includes('sell') ? parsed.data.countries : {},
      }
      regions = { value, at: Date.now() }
      return value
    },
    async quote(request: QuoteRequest, signal): Promise<ProviderQuote> {
      const { apiKey } = await options.credentials()
      const params = new URLSearchParams({
        apiKey,
        side: request.side,
        country: request.country,
        fiatCurrency: request.fiatCurrency,
        fiatAmount: request.fiatAmount,
        crypto: request.crypto,
        network: request.network,
      })
      const response = await fetch(`${baseUrl}/v1/quote?${params}`, { signal })
      const body = await readJson(response)
      if (!response.ok) throw quoteErrorOf(response.status, body)
      const parsed = sandboxQuoteSchema.safeParse(body)
      if (!parsed.success) throw quoteErrorOf(200, body)
      // Only what the quote says about price: its id, country and expiry are the provider's own.
      const { quoteId: _id, side, country: _country, expiresAt: _expiry, ...q } = parsed.data
      // A quote for something else than asked is as unusable as garbage.
      if (
        side !== request.side ||
        q.crypto !== request.crypto ||
        q.network !== request.network ||
        q.fiatCurrency !== request.fiatCurrency
      )
        throw quoteErrorOf(200, body)
      return { provider: id, side, ...q }
    },
    async widgetUrl(request) {
      const { apiKey, secretKey } = await options.credentials()
      const params = new URLSearchParams({
        apiKey,
        externalOrderId: request.orderId,
        walletAddress: request.walletAddress,
        network: request.network,
        redirectUrl: request.redirectUrl,
      })
      if (request.quote) {
        params.set('side', request.quote.side)
        params.set('country', request.quote.country)
        params.set('fiatCurrency', request.quote.fiatCurrency)
        params.set('fiatAmount', request.quote.fiatAmount)
        params.set('crypto', request.quote.crypto)
      }
      params.set('signature', signQuery(secretKey, `?${params.toString()}`))
      return `${baseUrl}/${options.kind === 'exchange' ? 'connect' : 'checkout'}?${params}`
    },
    async verifyWebhook(rawBody, header, nowMs) {
      const { webhookSecret } = await options.credentials().catch(() => {
        throw new WebhookError('INVALID_SIGNATURE', 'No webhook secret is configured')
      })
      return verifySandboxWebhook(webhookSecret, rawBody, header('x-sandbox-signature'), nowMs)
    },
    async submitDeposit(orderId, txHash) {
      const { secretKey } = await options.credentials()
      const response = await fetch(`${baseUrl}/v1/transactions/ext/${encodeURIComponent(orderId)}/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Api-Key ${secretKey}` },
        body: JSON.stringify({ txHash }),
        signal: AbortSignal.timeout(15_000),
      })
      if (!response.ok) {
        const body = (await readJson(response)) as { error?: { message?: unknown } } | undefined
        const message =
          typeof body?.error?.message === 'string' ? body.error.message : `status ${response.status}`
        throw new ProviderQuoteError({ code: 'PROVIDER_ERROR', message: message.slice(0, 200) })
      }
    },
  }
}
