import { reservedAddressKind } from '@oxbow/core'

/** What the swap form knows of a network's own addresses (see {@link isRefusedSwapRecipient}). */
export interface KnownProtocolAddresses {
  /** The network's contracts (runtime config, and the trading API's router, Permit2 and wrapped native). */
  readonly contracts: readonly (string | undefined)[]
  /** The token list's tokens (the native currency's placeholder address is skipped: it is zero). */
  readonly tokens: readonly string[]
  /** Pools the form has seen (the quote's v2/v3 hops; v4 hops are pool ids, not addresses). */
  readonly pools: readonly string[]
}

/**
 * Whether a swap's proceeds may not go to `recipient` (the connected account: the swap form has no
 * recipient field of its own, as in the spec): the zero address or a precompile (core's
 * `reservedAddressKind`, the rule the trading API applies), or a contract of the protocol, a token
 * or a pool the form knows. The swap button then reads 'Invalid recipient', disabled; what the
 * form cannot know (another pool, an unlisted token, a mistyped checksum) the API refuses with
 * INVALID_RECIPIENT, shown as the same words.
 */
export function isRefusedSwapRecipient(recipient: string, known: KnownProtocolAddresses): boolean {
  if (reservedAddressKind(recipient) !== undefined) return true
  const lower = recipient.toLowerCase()
  const same = (address: string | undefined) => address !== undefined && address.toLowerCase() === lower
  return known.contracts.some(same) || known.tokens.some(same) || known.pools.some(same)
}
