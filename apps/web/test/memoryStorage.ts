/**
 * The one in-memory Web Storage of the unit tests: `memoryStorage()` for code that takes a storage
 * argument, `installMemoryStorage()` for code that reads `window.localStorage`.
 */
export interface MemoryStorage extends Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  /** What was written, by key (a test may read or corrupt it). */
  readonly data: Map<string, string>
  /** How many setItem calls there were (throttled writers are tested with it). */
  readonly writes: number
}

export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(initial))
  let writes = 0
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      writes += 1
      data.set(key, value)
    },
    removeItem: (key) => void data.delete(key),
    get writes() {
      return writes
    },
  }
}

/** Installs a `window` whose localStorage is a memoryStorage; returns its data map. */
export function installMemoryStorage(): Map<string, string> {
  const storage = memoryStorage()
  Object.defineProperty(globalThis, 'window', { value: { localStorage: storage }, configurable: true })
  return storage.data
}
