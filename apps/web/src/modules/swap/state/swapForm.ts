/**
 * The swap form's state (currencies, typed value, independent field, chain) and its query
 * parameters (spec section 2): `inputCurrency`, `outputCurrency`, `value`, `field`, `chain`.
 * Pure functions; `useSwapFormState` keeps the state and mirrors it into the URL.
 */

import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'

/** INPUT: the typed value is the exact input (exact in); OUTPUT: the exact output (exact out). */
export type Field = 'INPUT' | 'OUTPUT'

export interface SwapFormState {
  readonly chain: string
  /** 'ETH' (the native currency), an address, or a symbol from the URL; null when none. */
  readonly inputCurrency: string | null
  readonly outputCurrency: string | null
  /** What the user typed in the independent field (a decimal number in progress, '.' separator). */
  readonly typedValue: string
  readonly independentField: Field
}

/** How the native currency is written in the URL (resolved on every network, as the API does). */
export const NATIVE_PARAM = 'ETH'

export const SWAP_PARAM_KEYS = ['inputCurrency', 'outputCurrency', 'value', 'field', 'chain'] as const

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SYMBOL = /^[A-Za-z0-9.$_+-]{1,32}$/
const VALUE = /^(\d+\.?\d*|\.\d+)$/

/** A currency parameter worth resolving: an address or a symbol-like word; anything else is none. */
export function parseCurrencyParam(value: string | null): string | null {
  if (value === null) return null
  const trimmed = value.trim()
  return ADDRESS.test(trimmed) || SYMBOL.test(trimmed) ? trimmed : null
}

/** A typed value from the URL: a plain non-negative decimal ('.' or ','), else empty. */
export function parseValueParam(value: string | null): string {
  if (value === null) return ''
  const text = value.trim().replace(',', '.')
  return text.length <= 80 && VALUE.test(text) ? text : ''
}

export function parseFieldParam(value: string | null): Field {
  return value?.toUpperCase() === 'OUTPUT' ? 'OUTPUT' : 'INPUT'
}

/** The chain parameter if it is an offered network, else Ethereum (or the first offered network). */
export function parseChainParam(
  value: string | null,
  networks: readonly { readonly slug: string }[],
): string {
  if (value && networks.some((network) => network.slug === value)) return value
  if (networks.some((network) => network.slug === 'ethereum')) return 'ethereum'
  return networks[0]?.slug ?? 'ethereum'
}

/**
 * The form as the URL describes it; invalid parameters are ignored (never an error). Without any
 * currency the input is the chain's native currency; the same currency on both sides keeps the input.
 */
export function parseSwapParams(
  search: URLSearchParams,
  networks: readonly { readonly slug: string }[],
): SwapFormState {
  const chain = parseChainParam(search.get('chain'), networks)
  let inputCurrency = parseCurrencyParam(search.get('inputCurrency'))
  let outputCurrency = parseCurrencyParam(search.get('outputCurrency'))
  if (inputCurrency && outputCurrency && sameCurrency(inputCurrency, outputCurrency)) outputCurrency = null
  if (!inputCurrency && !(outputCurrency && isNativeParam(outputCurrency))) inputCurrency = NATIVE_PARAM
  return {
    chain,
    inputCurrency,
    outputCurrency,
    typedValue: parseValueParam(search.get('value')),
    independentField: parseFieldParam(search.get('field')),
  }
}

export function isNativeParam(value: string): boolean {
  return value.toUpperCase() === NATIVE_PARAM || value.toLowerCase() === NATIVE_CURRENCY_ADDRESS
}

/** Same currency parameter (case-insensitive; 'ETH' and the zero address are both native). */
export function sameCurrency(a: string, b: string): boolean {
  if (isNativeParam(a) || isNativeParam(b)) return isNativeParam(a) && isNativeParam(b)
  return a.toLowerCase() === b.toLowerCase()
}

/** The URL with the form written into it (other parameters kept; empty ones removed). */
export function writeSwapParams(search: URLSearchParams, state: SwapFormState): URLSearchParams {
  const next = new URLSearchParams(search)
  const set = (key: string, value: string | null) => {
    if (value) next.set(key, value)
    else next.delete(key)
  }
  set('inputCurrency', state.inputCurrency)
  set('outputCurrency', state.outputCurrency)
  set('value', state.typedValue)
  set('field', state.typedValue ? state.independentField : null)
  set('chain', state.chain)
  return next
}

/** The form's parameters only, as one string (to tell our own URL writes from outside changes). */
export function swapParamsSignature(search: URLSearchParams): string {
  return SWAP_PARAM_KEYS.map((key) => `${key}=${search.get(key) ?? ''}`).join('&')
}

/** Flip: the currencies change sides and so does the independent field (the typed value stays). */
export function flipSwapForm(state: SwapFormState): SwapFormState {
  return {
    ...state,
    inputCurrency: state.outputCurrency,
    outputCurrency: state.inputCurrency,
    independentField: state.independentField === 'INPUT' ? 'OUTPUT' : 'INPUT',
  }
}

/** Choosing `currency` for `field`; choosing the other side's currency swaps the two. */
export function selectCurrency(state: SwapFormState, field: Field, currency: string): SwapFormState {
  const other = field === 'INPUT' ? state.outputCurrency : state.inputCurrency
  if (other && sameCurrency(other, currency)) return flipSwapForm(state)
  return field === 'INPUT' ? { ...state, inputCurrency: currency } : { ...state, outputCurrency: currency }
}

/** Typing in a field makes it the independent one. */
export function typeValue(state: SwapFormState, field: Field, typedValue: string): SwapFormState {
  return { ...state, typedValue, independentField: field }
}

/** Choosing a network clears the currencies, value and field (spec section 2). */
export function selectChain(chain: string, networks: readonly { readonly slug: string }[]): SwapFormState {
  return parseSwapParams(new URLSearchParams({ chain }), networks)
}
