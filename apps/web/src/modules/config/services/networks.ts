import { getRuntimeConfig, type RuntimeConfig } from './runtimeConfig.ts'

export type NetworkInfo = RuntimeConfig['networks'][number]

export function getNetworks(): readonly NetworkInfo[] {
  return getRuntimeConfig().networks
}

export function findNetwork(slug: string | null | undefined): NetworkInfo | undefined {
  return slug ? getNetworks().find((network) => network.slug === slug) : undefined
}

export function isKnownNetwork(slug: string | null | undefined): boolean {
  return findNetwork(slug) !== undefined
}

/** Display name of a network slug; unknown slugs show as given. */
export function networkName(slug: string): string {
  return findNetwork(slug)?.name ?? slug
}
