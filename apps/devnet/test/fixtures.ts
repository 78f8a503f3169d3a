/** Shared bits for the devnet's own tests. */

import { after, before } from 'node:test'
import type { NetworkSlug } from '@oxbow/chains'
import type { Manifest, ManifestToken, NetworkDeployment } from '@oxbow/protocol'
import { type Devnet, startDevnet } from '../src/index.ts'

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

/**
 * A devnet (ethereum and base on `portBase`) started before the file's tests and stopped after
 * them; its manifest, once started.
 */
export function devnetForFile(portBase: number): { readonly manifest: Manifest } {
  let devnet: Devnet | undefined
  before(async () => {
    devnet = await startDevnet({ portBase, networks: ['ethereum', 'base'] })
  })
  after(async () => {
    await devnet?.stop()
  })
  return {
    get manifest() {
      if (!devnet) throw new Error('the devnet has not started')
      return devnet.manifest
    },
  }
}
