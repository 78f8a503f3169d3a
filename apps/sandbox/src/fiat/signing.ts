/** The signatures the sandboxed providers use (the real services' schemes: HMAC-SHA256). */
import { createHmac, timingSafeEqual } from 'node:crypto'

/** Widget URL signature: base64url HMAC of the query string (with its `?`, without `signature`). */
export function signQuery(secretKey: string, search: string): string {
  return createHmac('sha256', secretKey).update(search).digest('base64url')
}

/** Checks a widget URL's signature; false when missing or wrong. */
export function verifySignedUrl(secretKey: string, url: URL): boolean {
  const signature = url.searchParams.get('signature')
  if (!signature) return false
  const params = new URLSearchParams(url.search)
  params.delete('signature')
  const expected = Buffer.from(signQuery(secretKey, `?${params.toString()}`))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** Webhook signature header: `t=<unix seconds>,v1=<hex HMAC of "t.body">`. */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}
