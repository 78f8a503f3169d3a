/**
 * Quotes from every ramp provider at once, each bounded by a timeout: a provider that is slow,
 * down or answers garbage is left out with its reason instead of holding the others back.
 */
import {
  type FiatProviderAdapter,
  type ProviderQuote,
  ProviderQuoteError,
  type QuoteRequest,
  type UnavailableReason,
} from './adapter.ts'

export interface FanOutResult {
  readonly quotes: readonly ProviderQuote[]
  readonly unavailable: readonly {
    readonly provider: string
    readonly name: string
    readonly reason: UnavailableReason
  }[]
}

export function reasonOf(error: unknown, timedOut: boolean): UnavailableReason {
  if (timedOut) return { code: 'TIMEOUT', message: 'The provider did not answer in time' }
  if (error instanceof ProviderQuoteError) return error.reason
  return { code: 'PROVIDER_ERROR', message: 'The provider could not be reached' }
}

export async function fanOutQuotes(
  adapters: readonly FiatProviderAdapter[],
  request: QuoteRequest,
  timeoutMs: number,
): Promise<FanOutResult> {
  const settled = await Promise.all(
    adapters.map(async (adapter) => {
      const controller = new AbortController()
      let timedOut = false
      let timer: NodeJS.Timeout | undefined
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true
          controller.abort()
          reject(new Error('timeout'))
        }, timeoutMs)
      })
      try {
        const quote = await Promise.race([adapter.quote(request, controller.signal), deadline])
        return { adapter, quote } as const
      } catch (error) {
        return { adapter, reason: reasonOf(error, timedOut) } as const
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  const quotes: ProviderQuote[] = []
  const unavailable: FanOutResult['unavailable'][number][] = []
  for (const entry of settled) {
    if ('quote' in entry) quotes.push(entry.quote)
    else unavailable.push({ provider: entry.adapter.id, name: entry.adapter.name, reason: entry.reason })
  }
  return { quotes, unavailable }
}
