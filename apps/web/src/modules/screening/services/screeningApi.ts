import { screeningResponseSchema } from '@oxbow/api-contract'
import { getRuntimeConfig } from '../../config/index.ts'

/**
 * The API's address screening (GET /v1/screening/:address, apps/api src/screening): whether an
 * address is blocked. The answer is parsed with the API's own contract; an error answer, an
 * unreadable one or no answer throws (the caller treats "unknown" as not blocked: the API refuses
 * a blocked address's swaps, orders and sends by itself, 403 ADDRESS_BLOCKED).
 */
export async function fetchScreening(address: string, signal?: AbortSignal): Promise<boolean> {
  const url = new URL(`/v1/screening/${encodeURIComponent(address)}`, getRuntimeConfig().apiUrl)
  const response = await fetch(url, { credentials: 'omit', signal: signal ?? null })
  if (!response.ok) throw new Error(`screening answered HTTP ${response.status}`)
  const parsed = screeningResponseSchema.safeParse(await response.json())
  if (!parsed.success) throw new Error('screening answered an unexpected shape')
  return parsed.data.blocked
}
