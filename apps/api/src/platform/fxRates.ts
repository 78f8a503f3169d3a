/**
 * Display-currency exchange rates (units of currency per 1 USD). The running API gets them from an
 * `FxRateProvider`: the local environment uses a fixed table (deterministic for tests and the
 * devnet), a real deployment plugs in a provider for its market-data vendor.
 */
import { type DisplayCurrency, displayCurrencies } from '@oxbow/core'

export type FxRates = Readonly<Record<DisplayCurrency, number>>

export interface FxSnapshot {
  readonly rates: FxRates
  readonly asOf: Date
}

export interface FxRateProvider {
  readonly name: string
  /** Current rates for every display currency; throws when the source is unavailable. */
  fetchRates(signal?: AbortSignal): Promise<FxSnapshot>
}

/** Fixed USD rates for the local environment (round figures near late-2025 market levels). */
export const localFxTable: FxRates = {
  ARS: 1450,
  AUD: 1.52,
  BRL: 5.35,
  CAD: 1.39,
  CNY: 7.1,
  COP: 3800,
  EUR: 0.92,
  GBP: 0.79,
  HKD: 7.78,
  IDR: 16_600,
  INR: 88.5,
  JPY: 150,
  KRW: 1420,
  MXN: 18.4,
  NGN: 1460,
  PKR: 282,
  RUB: 81,
  SGD: 1.3,
  TRY: 42,
  UAH: 41.5,
  USD: 1,
  VND: 26_300,
}

export const LOCAL_FX_AS_OF = new Date('2026-01-01T00:00:00.000Z')

export function createLocalFxProvider(
  table: FxRates = localFxTable,
  asOf: Date = LOCAL_FX_AS_OF,
): FxRateProvider {
  return { name: 'local-table', fetchRates: async () => ({ rates: table, asOf }) }
}

/** Checks a provider's answer: every display currency present, positive and finite; USD exactly 1. */
export function validateFxRates(rates: Readonly<Record<string, number>>): FxRates {
  const problems: string[] = []
  for (const currency of displayCurrencies) {
    const rate = rates[currency]
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) problems.push(`${currency}=${rate}`)
  }
  if (rates.USD !== 1) problems.push(`USD must be 1, got ${rates.USD}`)
  if (problems.length > 0) throw new Error(`fx provider returned invalid rates: ${problems.join(', ')}`)
  return Object.fromEntries(displayCurrencies.map((currency) => [currency, rates[currency]])) as FxRates
}

/**
 * Wraps a provider with a cache: a snapshot is reused for `ttlMs`; concurrent callers share one
 * fetch; when a refresh fails, the last good snapshot keeps being served for up to `staleMs`.
 */
export function cachedFxProvider(
  provider: FxRateProvider,
  opts: { ttlMs: number; staleMs: number; now?: () => number },
): FxRateProvider {
  const now = opts.now ?? Date.now
  let last: { snapshot: FxSnapshot; at: number } | undefined
  let inflight: Promise<FxSnapshot> | undefined
  return {
    name: `cached(${provider.name})`,
    async fetchRates() {
      if (last && now() - last.at < opts.ttlMs) return last.snapshot
      inflight ??= provider
        .fetchRates()
        .then((snapshot) => {
          const checked = { rates: validateFxRates(snapshot.rates), asOf: snapshot.asOf }
          last = { snapshot: checked, at: now() }
          return checked
        })
        .finally(() => {
          inflight = undefined
        })
      try {
        return await inflight
      } catch (error) {
        if (last && now() - last.at < opts.staleMs) return last.snapshot
        throw error
      }
    },
  }
}
