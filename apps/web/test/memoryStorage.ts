/**
 * For unit tests of code that persists to `window.localStorage`: installs a `window` whose
 * localStorage is an in-memory map (returned, so a test can read or corrupt what was written).
 */
export function installMemoryStorage(): Map<string, string> {
  const data = new Map<string, string>()
  const storage = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
  Object.defineProperty(globalThis, 'window', { value: { localStorage: storage }, configurable: true })
  return data
}
