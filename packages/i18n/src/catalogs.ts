/**
 * One lazy loader per catalog file in ../locales. Each is a separate dynamic import of a literal
 * path, so Vite emits one chunk per locale and loads only the active one. Kept in step with the
 * folder by src/catalogs.test.ts (add a line here when adding locales/<tag>.json).
 */
type Catalog = { default: Record<string, string> }

export const catalogLoaders: Readonly<Record<string, () => Promise<Catalog>>> = {
  'en-US': () => import('../locales/en-US.json', { with: { type: 'json' } }),
}
