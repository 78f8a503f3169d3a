import * as z from 'zod/mini'
import { postGraphql } from './graphql.ts'

/**
 * The indexer's `tokenPrices`: USD from its pools as of its latest block (the native currency is
 * priced as its wrapped token: ask for the zero address). Used by the positions screens and the
 * account drawer's transaction details.
 */
export const TOKEN_PRICES_QUERY = /* GraphQL */ `
  query TokenPrices($tokens: [TokenRef!]!) { tokenPrices(tokens: $tokens) { network address priceUsd } }
`
const pricesAnswer = z.object({
  data: z.object({
    tokenPrices: z.array(
      z.object({ network: z.string(), address: z.string(), priceUsd: z.nullable(z.string()) }),
    ),
  }),
})

/** USD prices of tokens, keyed `network:lowercase address` (missing when unpriced). */
export async function fetchTokenPrices(
  url: string,
  tokens: readonly { network: string; address: string }[],
  signal?: AbortSignal,
): Promise<Map<string, number>> {
  const prices = new Map<string, number>()
  if (tokens.length === 0) return prices
  const body = pricesAnswer.parse(await postGraphql(url, TOKEN_PRICES_QUERY, { tokens }, signal))
  for (const p of body.data.tokenPrices) {
    const price = p.priceUsd === null ? Number.NaN : Number(p.priceUsd)
    if (Number.isFinite(price)) prices.set(`${p.network}:${p.address.toLowerCase()}`, price)
  }
  return prices
}
