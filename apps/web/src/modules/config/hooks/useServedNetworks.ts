import { useQuery } from '@tanstack/react-query'
import { fetchIndexedNetworks } from '../../../lib/indexedNetworks.ts'
import { getRuntimeConfig } from '../services/runtimeConfig.ts'
import { useNetworks } from './useNetworks.ts'

/**
 * The listed networks (the mainnets, or the testnets in testnet mode) split by whether the indexer
 * serves them: `served` is undefined while the indexer is asked (or could not be), `unserved` the
 * listed networks it does not index. "All networks" lists ask for `served` only, so testnet mode
 * never shows mainnet data.
 */
export function useServedNetworks(): {
  served: readonly string[] | undefined
  unserved: readonly string[]
} {
  const shown = useNetworks()
  const url = getRuntimeConfig().graphqlUrl
  const indexed = useQuery({
    queryKey: ['indexedNetworks', url],
    // A list, not the Set: the query cache is persisted as JSON.
    queryFn: async () => [...(await fetchIndexedNetworks(url))],
    staleTime: Number.POSITIVE_INFINITY,
  })
  const list = indexed.data
  if (!Array.isArray(list)) return { served: undefined, unserved: [] }
  return {
    served: shown.filter((n) => list.includes(n.slug)).map((n) => n.slug),
    unserved: shown.filter((n) => !list.includes(n.slug)).map((n) => n.slug),
  }
}
