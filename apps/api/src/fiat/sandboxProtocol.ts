/**
 * The wire protocol the local provider sandboxes (apps/sandbox) speak, shared by their adapters:
 * publishable key on reads, `Authorization: Api-Key <secret>` on writes, widget URLs signed with a
 * base64url HMAC-SHA256 of the query string, webhooks signed `t=<unix>,v1=<hex HMAC("t.body")>`.
 * A production adapter for the real service implements the same FiatProviderAdapter interface
 * with that service's URLs and schemes.
 */
import { addressOut } from '@oxbow/api-contract'
import { webhookSignatureProblem } from '@oxbow/api-contract/fiat-sandbox'
import { z } from 'zod'
import {
  type ProviderOrderStatus,
  ProviderQuoteError,
  type UnavailableCode,
  WebhookError,
  type WebhookEvent,
} from './adapter.ts'

export interface ProviderCredentials {
  readonly apiKey: string
  readonly secretKey: string
  readonly webhookSecret: string
}

const uint = z.string().regex(/^\d{1,78}$/)
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/)
const address = addressOut

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string().max(500),
    minAmount: z.string().optional(),
    maxAmount: z.string().optional(),
    supportedCurrencies: z.array(z.string()).optional(),
  }),
})

const quoteCodes: Record<string, UnavailableCode> = {
  unsupported_country: 'UNSUPPORTED_REGION',
  unsupported_side: 'UNSUPPORTED_REGION',
  unsupported_currency: 'UNSUPPORTED_CURRENCY',
  unsupported_crypto: 'UNSUPPORTED_CRYPTO',
  below_minimum: 'AMOUNT_BELOW_MINIMUM',
  above_maximum: 'AMOUNT_ABOVE_MAXIMUM',
}

/** Turns a sandbox's error answer into the reason the fan-out reports. */
export function quoteErrorOf(status: number, body: unknown): ProviderQuoteError {
  const parsed = errorSchema.safeParse(body)
  if (status === 400 && parsed.success) {
    const { code, message, minAmount, maxAmount, supportedCurrencies } = parsed.data.error
    const mapped = quoteCodes[code]
    if (mapped)
      return new ProviderQuoteError({
        code: mapped,
        message,
        ...(minAmount === undefined ? {} : { minAmount }),
        ...(maxAmount === undefined ? {} : { maxAmount }),
        ...(supportedCurrencies === undefined ? {} : { supportedCurrencies }),
      })
  }
  if (status >= 200 && status < 300)
    return new ProviderQuoteError({ code: 'INVALID_RESPONSE', message: 'unusable answer' })
  return new ProviderQuoteError({ code: 'PROVIDER_ERROR', message: `provider answered ${status}` })
}

const statuses: Record<string, ProviderOrderStatus> = {
  waitingForDeposit: 'waitingForDeposit',
  pending: 'pending',
  completed: 'completed',
  failed: 'failed',
}

const webhookSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.literal('transaction.updated'),
  data: z.object({
    id: z.string().min(1).max(100),
    externalOrderId: z.string().min(1).max(100),
    status: z.string(),
    walletAddress: address,
    crypto: z.string().min(1).max(16),
    network: z.string().min(1).max(32),
    cryptoAmount: uint,
    txHash: hash.nullable(),
    depositAddress: z.nullable(address),
    failureReason: z.string().max(100).nullable(),
  }),
})

/** Verifies `x-sandbox-signature` (HMAC over "t.body", within the tolerance) and parses the event. */
export function verifySandboxWebhook(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowMs: number,
): WebhookEvent {
  const problem = webhookSignatureProblem(secret, rawBody, header, nowMs)
  if (problem === 'malformed') throw new WebhookError('INVALID_SIGNATURE', 'Missing or malformed signature')
  if (problem === 'mismatch') throw new WebhookError('INVALID_SIGNATURE', 'Signature does not match')
  if (problem === 'stale') throw new WebhookError('WEBHOOK_REPLAYED', 'Webhook was signed too long ago')
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    throw new WebhookError('INVALID_INPUT', 'Webhook body is not JSON')
  }
  const parsed = webhookSchema.safeParse(json)
  const status = parsed.success ? statuses[parsed.data.data.status] : undefined
  if (!parsed.success || !status) throw new WebhookError('INVALID_INPUT', 'Webhook body has an unknown shape')
  const { data } = parsed.data
  return {
    eventId: parsed.data.id,
    orderId: data.externalOrderId,
    providerOrderId: data.id,
    status,
    walletAddress: data.walletAddress,
    crypto: data.crypto,
    network: data.network,
    cryptoAmount: data.cryptoAmount,
    txHash: data.txHash,
    depositAddress: data.depositAddress,
    failureReason: data.failureReason,
  }
}
