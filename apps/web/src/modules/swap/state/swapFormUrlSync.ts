/**
 * Tells the form's own URL writes from outside URL changes. The form writes the query parameters
 * on every change (replace navigations); the router delivers them a moment later, and while typing
 * fast several writes are in flight. A delivered URL that is one of ours (or skips some of ours:
 * the router drops superseded navigations) is not an outside change; anything else is, and the
 * form reads it again.
 */
export interface UrlWriteTracker {
  /** The form wrote a URL with this signature (see `swapParamsSignature`). */
  wrote(signature: string): void
  /**
   * The router now shows this signature: 'ours' (a write of the form, or unchanged), or 'outside'
   * (back/forward, the network selector, a hand-off): read it again.
   */
  delivered(signature: string): 'ours' | 'outside'
  /** True when writing `signature` would change nothing (the URL already shows it, nothing in flight). */
  isCurrent(signature: string): boolean
}

/** At most this many writes are remembered (older ones were superseded long ago). */
const MAX_IN_FLIGHT = 20

export function createUrlWriteTracker(initial: string): UrlWriteTracker {
  let seen = initial
  let inFlight: string[] = []
  return {
    wrote(signature) {
      inFlight = [...inFlight.slice(-(MAX_IN_FLIGHT - 1)), signature]
    },
    delivered(signature) {
      if (signature === seen) return 'ours'
      seen = signature
      const index = inFlight.indexOf(signature)
      if (index >= 0) {
        inFlight = inFlight.slice(index + 1)
        return 'ours'
      }
      inFlight = []
      return 'outside'
    },
    isCurrent(signature) {
      return signature === seen && inFlight.length === 0
    },
  }
}
