import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import * as z from 'zod/mini'
import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'

/**
 * The results this browser opened from search, newest first (localStorage `oxbow.search.recent`).
 * What comes back from storage is untrusted: each entry is validated on load and a malformed one
 * is dropped (the others stay).
 */
export const RECENT_SEARCHES_KEY = 'oxbow.search.recent'
export const MAX_RECENT_SEARCHES = 5

const network = z.string().check(z.regex(NETWORK_SLUG_PATTERN))
const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max))
const entrySchema = z.object({
  kind: z.enum(['token', 'pool', 'collection']),
  network,
  /** A token or collection address, or a pool's address or v4 pool id. */
  id: z.string().check(z.regex(/^0x([0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/)),
  title: text(80),
  subtitle: z.string().check(z.maxLength(160)),
})
export type RecentSearch = z.infer<typeof entrySchema>

const storage = safeStorage('local')

export function parseRecentSearches(raw: string | null): RecentSearch[] {
  if (raw === null) return []
  let list: unknown
  try {
    list = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(list)) return []
  return list
    .flatMap((entry) => {
      const parsed = entrySchema.safeParse(entry)
      return parsed.success ? [parsed.data] : []
    })
    .slice(0, MAX_RECENT_SEARCHES)
}

const sameEntry = (a: RecentSearch, b: RecentSearch) =>
  a.kind === b.kind && a.network === b.network && a.id.toLowerCase() === b.id.toLowerCase()

export const recentSearchesStore = createStore<readonly RecentSearch[]>(
  parseRecentSearches(storage.get(RECENT_SEARCHES_KEY)),
  (value) => storage.set(RECENT_SEARCHES_KEY, JSON.stringify(value)),
)

/** Puts an opened result first (once), keeping the newest MAX_RECENT_SEARCHES. */
export function addRecentSearch(entry: RecentSearch): void {
  const parsed = entrySchema.safeParse(entry)
  if (!parsed.success) return
  recentSearchesStore.set((list) =>
    [parsed.data, ...list.filter((other) => !sameEntry(other, parsed.data))].slice(0, MAX_RECENT_SEARCHES),
  )
}

export const useRecentSearches = () => useStore(recentSearchesStore)
