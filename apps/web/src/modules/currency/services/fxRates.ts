import * as z from 'zod/mini'

const fxRatesSchema = z.object({
  base: z.literal('USD'),
  rates: z.record(z.string(), z.number().check(z.positive())),
  asOf: z.string(),
})
export type FxRates = z.infer<typeof fxRatesSchema>

/** GET {api}/v1/fx-rates: USD-based rates for the display currencies. */
export async function fetchFxRates(apiUrl: string, signal?: AbortSignal): Promise<FxRates> {
  const response = await fetch(new URL('/v1/fx-rates', apiUrl), {
    signal: signal ?? null,
    credentials: 'omit',
  })
  if (!response.ok) throw new Error(`fx-rates: HTTP ${response.status}`)
  return fxRatesSchema.parse(await response.json())
}

/** The rate to show `currency`; USD is 1, an unknown rate is undefined (show USD instead). */
export function rateFor(rates: FxRates | undefined, currency: string): number | undefined {
  if (currency === 'USD') return 1
  return rates?.rates[currency]
}
