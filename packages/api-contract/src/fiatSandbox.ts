/**
 * The wire protocol of the fiat provider sandboxes (apps/sandbox), in one place for the sandboxes
 * that speak it and the API adapter that calls them: the quote and config answers, widget URLs
 * signed with a base64url HMAC-SHA256 of the query string, and webhooks signed
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. Node only (node:crypto).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/** Webhooks signed longer ago than this are refused as replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

const uint = z.string().regex(/^\d{1,78}$/)
const money = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/)

/** A sandbox's quote answer (`GET /v1/quotes`). */
export const sandboxQuoteSchema = z.object({
  quoteId: z.string().min(1).max(100),
  side: z.enum(['buy', 'sell']),
  country: z.string().regex(/^[A-Z]{2}$/),
  fiatCurrency: z.string().regex(/^[A-Z]{3}$/),
  fiatAmount: money,
  feeAmount: money,
  networkFeeAmount: money,
  /** Buy: fiat charged (= fiatAmount). Sell: fiat paid out. */
  totalFiat: money,
  crypto: z.string().min(1).max(16),
  network: z.string().min(1).max(32),
  cryptoAmount: uint,
  cryptoDecimals: z.number().int().min(0).max(36),
  etaSeconds: z.number().int().min(0).max(86_400),
  expiresAt: z.iso.datetime(),
})
export type SandboxQuote = z.infer<typeof sandboxQuoteSchema>

/** A sandbox's config answer: the sides it serves and its countries' fiat currencies. */
export const sandboxConfigSchema = z.object({
  sides: z.array(z.enum(['buy', 'sell'])),
  countries: z.record(z.string().regex(/^[A-Z]{2}$/), z.array(z.string().regex(/^[A-Z]{3}$/))),
})

/** Widget URL signature: base64url HMAC of the query string (with its `?`, without `signature`). */
export function signQuery(secretKey: string, search: string): string {
  return createHmac('sha256', secretKey).update(search).digest('base64url')
}

/** Checks a widget URL's `signature` parameter; false when missing or wrong. */
export function verifySignedUrl(secretKey: string, url: URL): boolean {
  const signature = url.searchParams.get('signature')
  if (!signature) return false
  const params = new URLSearchParams(url.search)
  params.delete('signature')
  const expected = Buffer.from(signQuery(secretKey, `?${params.toString()}`))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

const webhookMac = (secret: string, body: string, unixSeconds: string) =>
  createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest()

/** The webhook signature header for `body`, signed at `unixSeconds`. */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${webhookMac(secret, body, String(unixSeconds)).toString('hex')}`
}

/** Why a webhook signature header was refused, or null when it is valid and fresh. */
export function webhookSignatureProblem(
  secret: string,
  body: string,
  header: string | undefined,
  nowMs: number,
): 'malformed' | 'mismatch' | 'stale' | null {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '')
  if (!match?.[1] || !match[2]) return 'malformed'
  const expected = webhookMac(secret, body, match[1])
  const given = Buffer.from(match[2], 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'mismatch'
  if (Math.abs(nowMs / 1000 - Number(match[1])) > WEBHOOK_TOLERANCE_SECONDS) return 'stale'
  return null
}
