/**
 * Block explorers and their links. Free of the registry's data, so a browser bundle can build
 * links (`@oxbow/chains/explorer`) without carrying every network.
 */
import type { Environment, Network } from './networks.ts'

/** A block explorer: its name and base URL. */
export interface BlockExplorer {
  readonly name: string
  readonly url: string
}

/**
 * The block explorer of a network in an environment: the public one on mainnet; none for the local
 * devnet, whose chains (ids of their own) no public explorer indexes.
 */
export function blockExplorerOf(network: Network, environment: Environment): BlockExplorer | undefined {
  return environment === 'mainnet' ? network.explorer : undefined
}

/** The explorer page of a transaction (`<explorer>/tx/<hash>`). */
export function explorerTransactionUrl(explorer: BlockExplorer, hash: string): string {
  return `${explorer.url.replace(/\/+$/, '')}/tx/${hash}`
}
