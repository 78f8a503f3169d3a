import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as z from 'zod/mini'
import { escapeHtml } from './html.ts'

/**
 * Preload hints for a lazily loaded page's chunks, written into the HTML of that page's paths: the
 * browser fetches (and compiles off the main thread) the page's scripts and styles with the entry's,
 * instead of after the entry has run and the router asked for them. Measured on a warm /explore load
 * (bench/exploreTrace.ts): the page's chunk in ~10-40 ms after the entry's evaluation instead of
 * ~90-150 ms, so its rows come sooner.
 *
 * Only the explore pages (the ones `npm run bench:explore` holds to 500 ms and 800 ms) are listed;
 * the patterns follow the routes table (src/app/routes.tsx), the modules are the pages' sources and
 * the chart's chunk their loaders start (src/modules/explore/hooks/prefetch.ts).
 */
const CHART = 'src/modules/explore/components/PriceChart.tsx'
const PRELOADED: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^\/explore\/tokens\/[^/]+\/[^/]+\/?$/, ['src/pages/TokenDetailsPage.tsx', CHART]],
  [/^\/explore\/pools\/[^/]+\/[^/]+\/?$/, ['src/pages/PoolDetailsPage.tsx', CHART]],
  [/^\/explore(\/[^/]+){0,2}\/?$/, ['src/pages/ExplorePage.tsx']],
]

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.optional(z.boolean()),
    imports: z.optional(z.array(z.string())),
    css: z.optional(z.array(z.string())),
  }),
)
type Manifest = z.infer<typeof manifestSchema>

/** Reads Vite's build manifest (dist/.vite/manifest.json); none (an old build, a test's dist) gives no hints. */
export async function readBuildManifest(distDir: string): Promise<Manifest | null> {
  const raw = await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8').catch(() => null)
  if (raw === null) return null
  const parsed = manifestSchema.safeParse(JSON.parse(raw))
  return parsed.success ? parsed.data : null
}

/**
 * The `<link>` tags preloading what `path`'s page needs beyond the entry (whose own files index.html
 * already lists): its chunks' scripts as modulepreload, their styles as preload. Empty for a path
 * not listed above or without a manifest.
 */
export function routePreloadLinks(manifest: Manifest | null, path: string): string {
  const pages = manifest ? PRELOADED.find(([pattern]) => pattern.test(path))?.[1] : undefined
  if (!manifest || !pages) return ''
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const inEntry = new Set<string>()
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const next of manifest[key]?.imports ?? []) walk(next, into)
  }
  for (const key of entry) walk(key, inEntry)
  const wanted = new Set<string>()
  for (const page of pages) walk(page, wanted)
  const scripts: string[] = []
  const styles: string[] = []
  for (const key of wanted) {
    if (inEntry.has(key)) continue
    const chunk = manifest[key]
    if (!chunk) continue
    scripts.push(chunk.file)
    styles.push(...(chunk.css ?? []))
  }
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`),
    ...[...new Set(styles)].map(
      (file) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}">`,
    ),
  ].join('\n    ')
}
