import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import * as z from 'zod/mini'
import { postGraphql } from './graphql.ts'

/**
 * The networks the indexer serves, and of the networks the app shows (the mainnets, or the
 * testnets in testnet mode) those it serves: every "all networks" list asks the indexer about
 * these only, so testnet mode never shows mainnet data and never names a network it does not index.
 */
const INDEXED_NETWORKS_QUERY = /* GraphQL */ `
  query IndexedNetworks {
    networks { network }
  }
`
const answerSchema = z.object({ data: z.object({ networks: z.array(z.unknown()) }) })
const entrySchema = z.object({ network: z.string().check(z.regex(NETWORK_SLUG_PATTERN)) })
let indexed: { url: string; promise: Promise<ReadonlySet<string>> } | null = null

/** The networks the indexer serves (asked once per page; a failure is asked again next time). */
export function fetchIndexedNetworks(graphqlUrl: string): Promise<ReadonlySet<string>> {
  if (indexed?.url === graphqlUrl) return indexed.promise
  const promise = postGraphql(graphqlUrl, INDEXED_NETWORKS_QUERY, {}).then((body) => {
    const answer = answerSchema.safeParse(body)
    if (!answer.success) throw new Error('Unexpected answer from the indexer')
    // A malformed entry is dropped on its own.
    return new Set(
      answer.data.data.networks.flatMap((entry) => {
        const parsed = entrySchema.safeParse(entry)
        return parsed.success ? [parsed.data.network] : []
      }),
    )
  })
  indexed = { url: graphqlUrl, promise }
  promise.catch(() => {
    if (indexed?.promise === promise) indexed = null
  })
  return promise
}

/**
 * Of the networks the app shows (`shown`: the mainnets, or the testnets in testnet mode), those the
 * indexer serves; none means the shown networks are unavailable here.
 */
export async function servedNetworks(
  graphqlUrl: string,
  shown: readonly string[],
): Promise<readonly string[]> {
  const served = await fetchIndexedNetworks(graphqlUrl)
  return shown.filter((slug) => served.has(slug))
}

/**
 * The networks a list asks the indexer about: the ones given, or for "all networks" (null) the shown
 * networks it serves. Throws when it serves none of them: an empty list would mean every indexed
 * network to the indexer, mainnets included.
 */
export async function listScope(
  graphqlUrl: string,
  networks: readonly string[] | null,
  shown: readonly string[],
): Promise<readonly string[]> {
  if (networks) return networks
  const served = await servedNetworks(graphqlUrl, shown)
  if (served.length === 0) throw new Error('The indexer serves none of the listed networks')
  return served
}
