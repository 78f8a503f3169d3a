import { type DehydratedState, dehydrate, hydrate, QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'

/** The spec's offline cache: version tag v0, dropped after one day, persisted with a 1 s throttle. */
export const QUERY_CACHE_VERSION = 'v0'
export const QUERY_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000
export const QUERY_CACHE_THROTTLE_MS = 1000
export const QUERY_CACHE_KEY = 'oxbow.queryCache'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Restored entries may be up to a day old: keep them in memory as long.
        gcTime: QUERY_CACHE_MAX_AGE_MS,
        refetchOnWindowFocus: false,
      },
    },
  })
}

const persistedSchema = z.object({
  buster: z.string(),
  timestamp: z.number(),
  clientState: z.object({ queries: z.array(z.unknown()), mutations: z.array(z.unknown()) }),
})

type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * Restores the persisted cache into `client`; a cache that does not validate, carries another
 * version tag or is older than one day is dropped. Returns whether anything was restored.
 */
export function restoreQueryCache(client: QueryClient, storage: CacheStorage, now = Date.now()): boolean {
  let raw: string | null = null
  try {
    raw = storage.getItem(QUERY_CACHE_KEY)
  } catch {
    return false
  }
  if (!raw) return false
  let parsed: ReturnType<typeof persistedSchema.safeParse>
  try {
    parsed = persistedSchema.safeParse(JSON.parse(raw))
  } catch {
    parsed = persistedSchema.safeParse(null)
  }
  if (
    !parsed.success ||
    parsed.data.buster !== QUERY_CACHE_VERSION ||
    now - parsed.data.timestamp > QUERY_CACHE_MAX_AGE_MS
  ) {
    storage.removeItem(QUERY_CACHE_KEY)
    return false
  }
  hydrate(client, parsed.data.clientState as DehydratedState)
  return true
}

/** Writes the cache's successful queries now. */
export function saveQueryCache(client: QueryClient, storage: CacheStorage, now = Date.now()): void {
  const clientState = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' })
  try {
    storage.setItem(
      QUERY_CACHE_KEY,
      JSON.stringify({ buster: QUERY_CACHE_VERSION, timestamp: now, clientState }),
    )
  } catch {
    // Storage full or disabled: the app works without its offline cache.
  }
}

/** Persists the cache on every change, at most once per second. Returns the unsubscribe function. */
export function persistQueryCache(client: QueryClient, storage: CacheStorage): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const unsubscribe = client.getQueryCache().subscribe(() => {
    timer ??= setTimeout(() => {
      timer = undefined
      saveQueryCache(client, storage)
    }, QUERY_CACHE_THROTTLE_MS)
  })
  return () => {
    clearTimeout(timer)
    unsubscribe()
  }
}
