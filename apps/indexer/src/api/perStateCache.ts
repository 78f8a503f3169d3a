/**
 * Reads shared per indexed state: the first request of a state starts the read, concurrent and
 * later requests of the same state (same block on every network) share its promise; a new state
 * empties the cache. Used for reads that many distinct queries repeat within one block, such as an
 * account's newest activity rows for every page size (issue #16: distinct queries at 50
 * connections queued on the database, PGlite running one query at a time).
 */
export function createPerStateCache<T>(maxEntries = 2_000) {
  let state = ''
  const entries = new Map<string, Promise<T>>()
  return {
    get(stateKey: string, key: string, load: () => Promise<T>): Promise<T> {
      if (stateKey !== state) {
        entries.clear()
        state = stateKey
      }
      let hit = entries.get(key)
      if (hit === undefined) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
        // A real promise of the result: a query builder (drizzle's) is a thenable that runs its
        // SQL again on every await, so keeping it would cache nothing (issue #16's distinct load
        // ran two reads per portfolio and activity request, a miss three).
        hit = Promise.resolve(load())
        const stored = hit
        entries.set(key, stored)
        // A failed read is not kept: the next request tries again.
        stored.catch(() => {
          if (entries.get(key) === stored) entries.delete(key)
        })
      }
      return hit
    },
    size: () => entries.size,
  }
}
