/**
 * The landing hero's hand-off to /swap: the URL it navigates to and the navigation state that tells
 * /swap to take the focus (history state: read back only through `isHeroHandoff`).
 */

/** The hero's hand-off: /swap with the currencies, typed value, independent field and chain. */
export function heroSwapUrl(params: URLSearchParams, value: string): string {
  const next = new URLSearchParams()
  for (const key of ['inputCurrency', 'outputCurrency', 'chain']) {
    const current = params.get(key)
    if (current) next.set(key, current)
  }
  next.set('value', value)
  next.set('field', 'INPUT')
  if (!next.has('chain')) next.set('chain', 'ethereum')
  return `/swap?${next.toString()}`
}

/** Navigation state of the hero's hand-off. */
export const heroHandoffState = { heroHandoff: true } as const

export function isHeroHandoff(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { heroHandoff?: unknown }).heroHandoff === true
  )
}
