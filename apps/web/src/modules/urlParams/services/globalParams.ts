import { isEvmAddress } from '@oxbow/core'
import * as z from 'zod/mini'

/** The app-wide query parameters of the spec, each validated; an invalid value is treated as absent. */
export interface GlobalParams {
  readonly cur?: string
  readonly theme?: 'light' | 'dark'
  readonly lng?: string
  readonly disableNFTs?: boolean
  readonly eagerlyConnect?: boolean
  /** Only set when eagerlyConnect is on and the address is a valid EVM address. */
  readonly eagerlyConnectAddress?: `0x${string}`
  readonly intro?: boolean
}

export interface ParamRules {
  readonly isCurrency: (code: string) => boolean
  /** Returns the supported locale tag for a `lng` value, or undefined. */
  readonly matchLocale: (tag: string) => string | undefined
}

const bool = z.enum(['true', 'false'])
const theme = z.enum(['light', 'dark'])

function valid<T>(schema: z.ZodMiniType<T>, value: string | null): T | undefined {
  if (value === null) return undefined
  const result = schema.safeParse(value)
  return result.success ? result.data : undefined
}

export function parseGlobalParams(search: URLSearchParams, rules: ParamRules): GlobalParams {
  const out: { -readonly [K in keyof GlobalParams]: GlobalParams[K] } = {}
  const cur = search.get('cur')?.toUpperCase()
  if (cur && rules.isCurrency(cur)) out.cur = cur
  const themeValue = valid(theme, search.get('theme'))
  if (themeValue) out.theme = themeValue
  const lng = search.get('lng')
  const locale = lng && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lng) ? rules.matchLocale(lng) : undefined
  if (locale) out.lng = locale
  const disableNFTs = valid(bool, search.get('disableNFTs'))
  if (disableNFTs) out.disableNFTs = disableNFTs === 'true'
  const eager = valid(bool, search.get('eagerlyConnect'))
  if (eager) out.eagerlyConnect = eager === 'true'
  const address = search.get('eagerlyConnectAddress')
  if (out.eagerlyConnect && address && isEvmAddress(address)) out.eagerlyConnectAddress = address
  const intro = valid(bool, search.get('intro'))
  if (intro) out.intro = intro === 'true'
  return out
}

/** The chain selector's rule: clears inputCurrency, outputCurrency, value and field; sets chain. */
export function applyChainSelection(search: URLSearchParams, chain: string): URLSearchParams {
  const next = new URLSearchParams(search)
  for (const key of ['inputCurrency', 'outputCurrency', 'value', 'field']) next.delete(key)
  next.set('chain', chain)
  return next
}

/** Choosing a display currency adds or updates `cur` on the current route. */
export function applyCurrencyParam(search: URLSearchParams, currency: string): URLSearchParams {
  const next = new URLSearchParams(search)
  next.set('cur', currency)
  return next
}
