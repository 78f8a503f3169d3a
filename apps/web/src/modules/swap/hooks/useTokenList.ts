import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { fetchTokens, type TokenInfo, tokenInfoSchema } from '../services/tradingApi.ts'
import { type ImportedToken, useImportedTokens } from '../state/importedTokens.ts'

/** A token the swap screen can show: the API's list entry, or one the user imported by address. */
export type SwapToken = TokenInfo & { imported?: boolean }

/** Safety of an imported token: not on the list, so never 'verified'. */
export const IMPORTED_SAFETY = 'unverified'

/**
 * The list carries the tokens' market prices (the API's, from the indexer's pools): the web app's
 * one source of token USD values. Refetched every few seconds while shown, so values follow the
 * market; the rest of the list changes only with a new deployment.
 */
export const TOKEN_PRICES_REFRESH_MS = 10_000

export function tokenListQuery(chain: string) {
  return queryOptions({
    queryKey: ['tokens', chain],
    queryFn: ({ signal }) => fetchTokens(chain, signal),
    staleTime: TOKEN_PRICES_REFRESH_MS,
    refetchInterval: TOKEN_PRICES_REFRESH_MS,
    retry: 1,
  })
}

export function importedToSwapToken(token: ImportedToken): SwapToken {
  return {
    address: token.address,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    priceUsd: null,
    native: false,
    kind: 'imported',
    safety: IMPORTED_SAFETY,
    transferFeeBps: 0,
    imported: true,
  }
}

/** The list's tokens, then the imported ones the list does not already have (the list's entry wins). */
export function mergeTokenLists(
  listed: readonly TokenInfo[],
  imported: readonly ImportedToken[],
): readonly SwapToken[] {
  const known = new Set(listed.map((token) => token.address.toLowerCase()))
  const extra = imported.filter((token) => !known.has(token.address.toLowerCase())).map(importedToSwapToken)
  return extra.length === 0 ? listed : [...listed, ...extra]
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * Resolves a URL parameter to a token: 'ETH' or the native symbol -> the native currency; an
 * address (any case) -> that token; otherwise a symbol (exact case first, then any case), preferring
 * verified tokens so an impersonator sharing a symbol is never picked over the real one.
 */
export function findToken(tokens: readonly SwapToken[], addressOrSymbol: string): SwapToken | undefined {
  const wanted = addressOrSymbol.trim()
  if (wanted === '') return undefined
  const native = tokens.find((token) => token.native)
  if (ADDRESS.test(wanted)) {
    const lower = wanted.toLowerCase()
    if (lower === NATIVE_CURRENCY_ADDRESS) return native
    return tokens.find((token) => token.address.toLowerCase() === lower)
  }
  if (native && namesNative(wanted, native.symbol)) return native
  const bySymbol = (match: (token: SwapToken) => boolean) => {
    const candidates = tokens.filter(match)
    return candidates.find((token) => token.safety === 'verified') ?? candidates[0]
  }
  return (
    bySymbol((token) => token.symbol === wanted) ??
    bySymbol((token) => token.symbol.toUpperCase() === wanted.toUpperCase())
  )
}

/** A URL parameter naming the native currency: its address, 'ETH' or the native symbol (any case). */
export function namesNative(addressOrSymbol: string, nativeSymbol: string): boolean {
  const wanted = addressOrSymbol.trim().toUpperCase()
  return (
    wanted === NATIVE_CURRENCY_ADDRESS.toUpperCase() ||
    wanted === 'ETH' ||
    wanted === nativeSymbol.toUpperCase()
  )
}

const NO_TOKENS: readonly SwapToken[] = []

/**
 * The query cache is persisted in localStorage and restored on start, so cached data is checked
 * again: anything but an array is no list, and entries that are not tokens are dropped.
 */
export function validTokenList(data: unknown): readonly TokenInfo[] | undefined {
  if (!Array.isArray(data)) return undefined
  return data.flatMap((entry) => {
    const parsed = tokenInfoSchema.safeParse(entry)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * The tokens of `chain` for the swap screen: the trading API's list (TanStack Query, cached five
 * minutes) merged with the tokens the user imported on that network.
 */
export function useTokenList(chain: string): {
  tokens: readonly SwapToken[]
  isLoading: boolean
  error: Error | null
  refetch: () => void
} {
  const query = useQuery(tokenListQuery(chain))
  const imported = useImportedTokens(chain)
  const listed = useMemo(() => validTokenList(query.data), [query.data])
  const tokens = useMemo(
    () =>
      listed
        ? mergeTokenLists(listed, imported)
        : imported.length > 0
          ? imported.map(importedToSwapToken)
          : NO_TOKENS,
    [listed, imported],
  )
  const { refetch } = query
  return {
    tokens,
    isLoading: query.isLoading,
    error: query.error,
    refetch: () => void refetch(),
  }
}
