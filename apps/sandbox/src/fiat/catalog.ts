/**
 * What each sandboxed provider offers: the shape of the real on/off-ramp services (countries, fiat
 * currencies per country, crypto per network, per-provider minimum and maximum, fees), with
 * made-up names so nothing here is mistaken for the real service.
 */

export type Side = 'buy' | 'sell'

export interface RampProvider {
  readonly id: string
  readonly name: string
  readonly sides: readonly Side[]
  /** ISO 3166-1 alpha-2 country → fiat currencies offered there. */
  readonly countries: Readonly<Record<string, readonly string[]>>
  /** Per-order limits in each fiat currency's major unit. */
  readonly minAmount: number
  readonly maxAmount: number
  /** Provider fee: percent of the fiat amount, at least `minFee`. */
  readonly feePercent: number
  readonly minFee: number
  /** Seconds the provider states for crypto to arrive (shown as the estimate). */
  readonly etaSeconds: number
}

const EU = ['EUR', 'USD']
export const rampProviders: readonly RampProvider[] = [
  {
    id: 'beacon',
    name: 'Beacon',
    sides: ['buy', 'sell'],
    countries: { US: ['USD'], GB: ['GBP', 'EUR', 'USD'], DE: EU, FR: EU, ES: EU, BR: ['BRL', 'USD'] },
    minAmount: 20,
    maxAmount: 10_000,
    feePercent: 3.5,
    minFee: 3.99,
    etaSeconds: 90,
  },
  {
    id: 'orbit',
    name: 'Orbit',
    sides: ['buy', 'sell'],
    countries: { US: ['USD'], GB: ['GBP', 'USD'], DE: EU, IN: ['INR', 'USD'], BR: ['BRL', 'USD'] },
    minAmount: 30,
    maxAmount: 5_000,
    feePercent: 1.99,
    minFee: 2.5,
    etaSeconds: 120,
  },
  {
    id: 'tidal',
    name: 'Tidal',
    sides: ['buy', 'sell'],
    countries: { US: ['USD'], GB: ['GBP', 'EUR'], DE: EU, FR: EU },
    minAmount: 10,
    maxAmount: 3_000,
    feePercent: 2.49,
    minFee: 1.5,
    etaSeconds: 60,
  },
]

/** The exchange whose users can withdraw to their wallet ("receive from an exchange"). */
export const exchangeProvider = { id: 'coinbridge', name: 'Coinbridge', etaSeconds: 30 } as const

/** USD value of one unit of each fiat currency (the sandbox's fixed FX table). */
export const fiatUsd: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  BRL: 0.18,
  INR: 0.012,
}

/** Network fee the providers pass on, in USD, per network. */
export const networkFeeUsd: Readonly<Record<string, number>> = { ethereum: 1.5 }
export const DEFAULT_NETWORK_FEE_USD = 0.1

/** The declining test card (the real providers' sandboxes document one the same way). */
export const DECLINED_CARD = '4000000000000002'
