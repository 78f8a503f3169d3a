/**
 * ENS for the web app: forward and verified reverse resolution through @oxbow/protocol/ens, on the
 * network whose runtime config carries an ENS registry (Ethereum). viem and the ENS normalizer
 * load with the first lookup, never with the page.
 */
import type { Address } from 'viem'
import { safeAvatarSrc } from '../../../lib/imageSrc.ts'
import type { RuntimeConfig } from '../../config/index.ts'

interface EnsTarget {
  readonly registry: Address
  readonly rpcUrl: string
  readonly chainId: number
}

/** Where names resolve in this configuration, or undefined when no network has ENS. */
export function ensTarget(config: RuntimeConfig): EnsTarget | undefined {
  for (const network of config.networks) {
    const rpcUrl = config.rpcUrls[network.slug]
    if (network.ensRegistry && rpcUrl) {
      return { registry: network.ensRegistry as Address, rpcUrl, chainId: network.chainId }
    }
  }
  return undefined
}

const clients = new Map<string, Promise<import('viem').PublicClient>>()

function clientFor(target: EnsTarget) {
  let client = clients.get(target.rpcUrl)
  if (!client) {
    client = import('viem').then(({ createPublicClient, http }) =>
      createPublicClient({ transport: http(target.rpcUrl, { retryCount: 1, timeout: 5_000 }) }),
    )
    clients.set(target.rpcUrl, client)
  }
  return client
}

/** The address `name` resolves to; null for an unknown name, an invalid one, or no ENS here. */
export async function resolveName(config: RuntimeConfig, name: string): Promise<Address | null> {
  const target = ensTarget(config)
  if (!target) return null
  const ens = await import('@oxbow/protocol/ens')
  if (!ens.looksLikeEnsName(name)) return null
  return ens.resolveEnsName(await clientFor(target), target.registry, name)
}

/** The verified primary name of `address`, or null. */
export async function lookupName(config: RuntimeConfig, address: Address): Promise<string | null> {
  const target = ensTarget(config)
  if (!target) return null
  const ens = await import('@oxbow/protocol/ens')
  return ens.lookupEnsAddress(await clientFor(target), target.registry, address)
}

/**
 * The avatar of `name` (whose address is `owner`) as an <img> source, or null: its `avatar` record,
 * an https URL, a base64 image, or an NFT `owner` holds on the ENS network (ENSIP-12, the token's
 * inline metadata image), passed through `safeAvatarSrc` (only what the CSP draws).
 */
export async function lookupAvatar(
  config: RuntimeConfig,
  name: string,
  owner: Address,
): Promise<string | null> {
  const target = ensTarget(config)
  if (!target) return null
  const ens = await import('@oxbow/protocol/ens')
  const image = await ens.ensAvatar(await clientFor(target), target.registry, name, {
    chainId: target.chainId,
    owner,
    // An ipfs:// record loads through the configured gateway (safeAvatarSrc lets its URLs through).
    ...(config.ipfsGateway ? { ipfsGateway: config.ipfsGateway } : {}),
  })
  return safeAvatarSrc(image, config.ipfsGateway)
}
