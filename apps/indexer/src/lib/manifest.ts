/**
 * Synchronous manifest loading for Ponder's config and indexing files (Ponder evaluates the config
 * synchronously). Validation is the shared zod schema of @oxbow/protocol.
 */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadManifestSync, type Manifest, ManifestError } from '@oxbow/protocol'

const here = dirname(fileURLToPath(import.meta.url))
/** apps/indexer */
export const indexerRoot = resolve(here, '../..')
export const repoRoot = resolve(indexerRoot, '../..')

export function manifestPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.OXBOW_MANIFEST ?? resolve(repoRoot, '.devnet/manifest.json')
}

let cached: { path: string; manifest: Manifest } | undefined

export function readManifestSync(path = manifestPath()): Manifest {
  if (cached?.path === path) return cached.manifest
  const manifest = loadManifestSync(path)
  cached = { path, manifest }
  return manifest
}

/**
 * The manifest networks this indexer instance serves: all of them, or the comma-separated slugs in
 * OXBOW_INDEXER_NETWORKS (one indexer per network partition when scaling out).
 */
export function indexedDeployments(manifest: Manifest, env: NodeJS.ProcessEnv = process.env) {
  const all = Object.values(manifest.networks)
  const list = env.OXBOW_INDEXER_NETWORKS?.trim()
  if (!list) return all
  const wanted = new Set(list.split(',').map((s) => s.trim().toLowerCase()))
  const unknown = [...wanted].filter((s) => !all.some((d) => d.slug === s))
  if (unknown.length > 0) {
    throw new ManifestError(`OXBOW_INDEXER_NETWORKS names networks the manifest lacks: ${unknown.join(', ')}`)
  }
  return all.filter((d) => wanted.has(d.slug))
}
