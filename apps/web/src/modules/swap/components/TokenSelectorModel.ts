import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { SwapToken } from '../hooks/useTokenList.ts'

/**
 * The token selector's pure rules: safety levels, what can be selected, search matching, ordering
 * and when an address offers an import. Kept apart from the component so they are unit-tested.
 */

/** The spec's safety levels, plus 'unverified' for imported tokens (and any level we do not know). */
export type SafetyLevel =
  | 'verified'
  | 'blocked'
  | 'malicious'
  | 'honeypot'
  | 'spam'
  | 'impersonator'
  | 'medium'
  | 'unverified'

const KNOWN_LEVELS: ReadonlySet<string> = new Set([
  'verified',
  'blocked',
  'malicious',
  'honeypot',
  'spam',
  'impersonator',
  'medium',
])

export function safetyLevel(token: SwapToken): SafetyLevel {
  if (token.native) return 'verified'
  const level = token.safety.toLowerCase()
  return KNOWN_LEVELS.has(level) ? (level as SafetyLevel) : 'unverified'
}

/**
 * Why a row cannot be chosen: blocked tokens never (spec: blocked tokens cannot be used), and
 * tokens the router refuses (`notRoutable`: fee-on-transfer, honeypot, ...) show their reason
 * instead of being selectable.
 */
export function unselectableReason(token: SwapToken): 'blocked' | 'notRoutable' | undefined {
  if (safetyLevel(token) === 'blocked') return 'blocked'
  if (token.notRoutable) return 'notRoutable'
  return undefined
}

/**
 * Selecting asks for confirmation for any warning level. Imported tokens were confirmed when
 * imported (behind the "not on the list" warning), so they are not asked again.
 */
export function needsConfirmation(token: SwapToken): boolean {
  const level = safetyLevel(token)
  return level !== 'verified' && level !== 'blocked' && !token.imported
}

/** Levels whose row carries an explanatory sentence (the others show only the badge). */
export function hasExplanation(level: SafetyLevel): boolean {
  return level !== 'verified' && level !== 'unverified'
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX_PREFIX = /^0x[0-9a-fA-F]{0,40}$/

/**
 * How well `token` matches the query (lower is better; undefined = no match): a full address
 * matches only that token; otherwise exact symbol, symbol prefix, name prefix (or a word of it),
 * then anywhere in symbol or name, and an address prefix. Case-insensitive.
 */
export function matchRank(token: SwapToken, query: string): number | undefined {
  const q = query.trim().toLowerCase()
  if (q === '') return 0
  const address = token.address.toLowerCase()
  if (ADDRESS.test(q)) return address === q ? 0 : undefined
  const symbol = token.symbol.toLowerCase()
  const name = token.name.toLowerCase()
  if (symbol === q) return 0
  if (symbol.startsWith(q)) return 1
  if (name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q))) return 2
  if (symbol.includes(q) || name.includes(q)) return 3
  if (HEX_PREFIX.test(q) && q.length > 2 && address.startsWith(q)) return 4
  return undefined
}

/** The tokens matching `query`, best match first; equal matches keep the given order. */
export function searchTokens(tokens: readonly SwapToken[], query: string): readonly SwapToken[] {
  if (query.trim() === '') return tokens
  const ranked: { token: SwapToken; rank: number; index: number }[] = []
  tokens.forEach((token, index) => {
    const rank = matchRank(token, query)
    if (rank !== undefined) ranked.push({ token, rank, index })
  })
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.token)
}

/** The USD value of a balance (for ordering and display; float precision is plenty for that). */
export function balanceValueUsd(token: SwapToken, balance: bigint | undefined): number {
  const price = token.priceUsd
  if (!balance || balance <= 0n || price === null || !(price > 0)) return 0
  return (Number(balance) / 10 ** token.decimals) * price
}

/**
 * Row order: with balances, by USD value (balance × priceUsd, to the cent) then tokens held without a price,
 * then the list order; without balances, the native currency first, then the list order.
 */
export function sortTokens(
  tokens: readonly SwapToken[],
  balances: ReadonlyMap<string, bigint> | undefined,
): readonly SwapToken[] {
  const indexed = tokens.map((token, index) => {
    const balance = balances?.get(token.address.toLowerCase())
    return {
      token,
      index,
      // Whole cents: values equal to the cent keep the list order, not float noise's.
      value: Math.round(balanceValueUsd(token, balance) * 100),
      held: balance !== undefined && balance > 0n,
    }
  })
  const hasBalances = balances !== undefined && indexed.some((entry) => entry.held)
  return indexed
    .sort((a, b) => {
      if (hasBalances) {
        if (a.value !== b.value) return b.value - a.value
        if (a.held !== b.held) return a.held ? -1 : 1
      } else if (a.token.native !== b.token.native) {
        return a.token.native ? -1 : 1
      }
      return a.index - b.index
    })
    .map((entry) => entry.token)
}

/** The address to offer importing: a full, non-native address that is not in `tokens`. */
export function importCandidate(tokens: readonly SwapToken[], query: string): string | undefined {
  const q = query.trim()
  if (!ADDRESS.test(q) || q.toLowerCase() === NATIVE_CURRENCY_ADDRESS) return undefined
  return tokens.some((token) => token.address.toLowerCase() === q.toLowerCase()) ? undefined : q
}

export type NotRoutableCause = 'feeOnTransfer' | 'honeypot' | 'flagged' | 'other'

/**
 * Why the router refuses a token, from the token's own fields (the trading API's `notRoutable`
 * text is English and only says that it refuses): fee on transfer, honeypot, flagged malicious or
 * blocked, or another reason.
 */
export function notRoutableCause(token: SwapToken): NotRoutableCause | undefined {
  if (!token.notRoutable) return undefined
  if (token.kind === 'fee-on-transfer' || token.transferFeeBps > 0) return 'feeOnTransfer'
  const level = safetyLevel(token)
  if (token.kind === 'honeypot' || level === 'honeypot') return 'honeypot'
  if (level === 'malicious' || level === 'blocked') return 'flagged'
  return 'other'
}
