/**
 * v2 pairs imported with the pool finder: kept in the preferences store (`importedV2Pairs`,
 * validated there entry by entry) so /positions lists them even where the indexer does not (a
 * network it does not index, or while it catches up), with the LP balance read from the chain.
 */
import { type Address, getAddress } from 'viem'
import { preferencesStore } from '../../preferences/index.ts'

/** At most this many imports are kept (the oldest go first). */
export const MAX_IMPORTED_V2_PAIRS = 50

export const importedV2Key = (network: string, pair: Address) => `${network}:${pair.toLowerCase()}`

/** Adds a pair to the imported list (once). */
export function importV2Pair(network: string, pair: Address): void {
  const key = importedV2Key(network, pair)
  preferencesStore.set((previous) =>
    previous.importedV2Pairs.includes(key)
      ? previous
      : { ...previous, importedV2Pairs: [...previous.importedV2Pairs, key].slice(-MAX_IMPORTED_V2_PAIRS) },
  )
}

/** The imported pairs as `{ network, pair }` (checksummed). */
export function importedV2Pairs(keys: readonly string[]): { network: string; pair: Address }[] {
  return keys.map((key) => {
    const [network = '', pair = ''] = key.split(':')
    return { network, pair: getAddress(pair) }
  })
}
