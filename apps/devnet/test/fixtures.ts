/** Shared bits for the devnet's own tests. */

import type { NetworkSlug } from '@oxbow/chains'
import type { Manifest, ManifestToken, NetworkDeployment } from '@oxbow/protocol'

export const TEST_PORT_BASE = 20000

export function deploymentOf(manifest: Manifest, slug: NetworkSlug): NetworkDeployment {
  const deployment = manifest.networks[slug]
  if (!deployment) throw new Error(`${slug} missing from manifest`)
  return deployment
}

export function tokenOf(
  deployment: NetworkDeployment,
  symbol: string,
  kind?: ManifestToken['kind'],
): ManifestToken {
  const token = deployment.tokens.find((t) => t.symbol === symbol && (kind === undefined || t.kind === kind))
  if (!token) throw new Error(`${deployment.slug}: no token ${symbol}${kind ? ` (${kind})` : ''}`)
  return token
}

/** Collected log lines of a devnet start, for assertions on its messages. */
export function logCollector(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = []
  return { lines, log: (line) => lines.push(line) }
}
