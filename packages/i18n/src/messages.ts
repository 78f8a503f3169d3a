import { catalogLoaders } from './catalogs.ts'
import { DEFAULT_LOCALE, matchLocale } from './locales.ts'

const cache = new Map<string, Promise<Record<string, string>>>()

async function loadCatalog(tag: string): Promise<Record<string, string>> {
  const loader = catalogLoaders[tag]
  if (!loader) return {}
  return (await loader()).default
}

/**
 * The messages for a locale (lazily loaded, once per tag): its catalog over the en-US catalog, so a
 * key the locale has not translated yet shows in English. An unknown tag gives en-US.
 */
export function loadMessages(tag: string): Promise<Record<string, string>> {
  const resolved = matchLocale(tag) ?? DEFAULT_LOCALE
  let pending = cache.get(resolved)
  if (!pending) {
    pending = (async () => {
      const [fallback, own] = await Promise.all([
        loadCatalog(DEFAULT_LOCALE),
        resolved === DEFAULT_LOCALE ? Promise.resolve({}) : loadCatalog(resolved),
      ])
      return Object.freeze({ ...fallback, ...own })
    })()
    pending.catch(() => cache.delete(resolved))
    cache.set(resolved, pending)
  }
  return pending
}

/** Tags that have a catalog file (the rest render English until translated). */
export function hasCatalog(tag: string): boolean {
  return Object.hasOwn(catalogLoaders, tag)
}
