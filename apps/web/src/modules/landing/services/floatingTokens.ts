import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'

/** The spec's floating token item, plus the 24 h price change its tooltip shows. */
export interface FloatingToken {
  readonly address: string
  /** Network slug (the registry's), as in /explore/tokens/:chainName/:tokenAddress. */
  readonly chain: string
  readonly symbol: string
  /** A CSS colour derived from the address (no token images on the devnet). */
  readonly color: string
  readonly logoUrl: string | null
  /** Percent, e.g. -3.2; null when the indexer has no price 24 h ago. */
  readonly priceChange24h: number | null
}

/** The indexer's most traded tokens (by 24 h volume, spam excluded): apps/indexer/src/api/sdl.ts. */
export const FLOATING_TOKENS_QUERY = /* GraphQL */ `
  query LandingFloatingTokens($first: Int!) {
    trendingTokens(first: $first) {
      network
      address
      symbol
      priceChange24h
    }
  }
`

const tokenSchema = z.object({
  network: z.string(),
  address: z.string(),
  symbol: z.string(),
  priceChange24h: z.nullable(z.string()),
})

const answerSchema = z.object({
  data: z.object({ trendingTokens: z.array(z.unknown()) }),
})

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** A stable hue per address, so a token keeps its colour across visits. */
export function tokenColor(address: string): string {
  // FNV-1a: neighbouring addresses still get far-apart hues.
  let hash = 0x811c9dc5
  for (const char of address.toLowerCase()) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193)
  }
  return `hsl(${(hash >>> 0) % 360} 62% 48%)`
}

/**
 * Turns the indexer's answer into floating tokens: entries that do not validate (address, network
 * slug, symbol of 1-32 characters once trimmed, numeric price change) are dropped one by one,
 * duplicates too. `isNetwork` keeps only networks this app can open a token page for.
 */
export function parseFloatingTokens(json: unknown, isNetwork: (slug: string) => boolean): FloatingToken[] {
  const answer = answerSchema.safeParse(json)
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  const seen = new Set<string>()
  const tokens: FloatingToken[] = []
  for (const entry of answer.data.data.trendingTokens) {
    const parsed = tokenSchema.safeParse(entry)
    if (!parsed.success) continue
    const { network, address, priceChange24h } = parsed.data
    const symbol = parsed.data.symbol.trim()
    if (!ADDRESS.test(address) || !NETWORK_SLUG_PATTERN.test(network) || !isNetwork(network)) continue
    if (symbol.length === 0 || symbol.length > 32) continue
    const key = `${network}:${address.toLowerCase()}`
    if (seen.has(key)) continue
    seen.add(key)
    const change = priceChange24h === null ? null : Number(priceChange24h)
    tokens.push({
      address,
      chain: network,
      symbol,
      color: tokenColor(address),
      logoUrl: null,
      priceChange24h: change !== null && Number.isFinite(change) ? change : null,
    })
  }
  return tokens
}

/** POSTs the query to the indexer's GraphQL endpoint; throws when it is unreachable or answers badly. */
export async function fetchFloatingTokens(options: {
  graphqlUrl: string
  first: number
  isNetwork: (slug: string) => boolean
  signal?: AbortSignal
}): Promise<FloatingToken[]> {
  const json = await postGraphql(
    options.graphqlUrl,
    FLOATING_TOKENS_QUERY,
    { first: options.first },
    options.signal,
  )
  return parseFloatingTokens(json, options.isNetwork)
}
