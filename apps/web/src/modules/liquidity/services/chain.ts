import { type Address, createPublicClient, getAddress, http, isAddress, type PublicClient } from 'viem'
import { findNetwork, getRuntimeConfig } from '../../config/index.ts'

/** The contracts the liquidity screens call on a network (runtime config), checksummed. */
export interface LiquidityContracts {
  readonly weth9?: Address
  readonly permit2?: Address
  readonly v2Router02?: Address
  readonly v3Factory?: Address
  readonly nonfungiblePositionManager?: Address
  readonly v3Migrator?: Address
  readonly v4PoolManager?: Address
  readonly v4PositionManager?: Address
  readonly v4StateView?: Address
  /** Universal Router 2.x: the v3 -> v4 migration's one transaction. */
  readonly universalRouter?: Address
}

export function liquidityContracts(network: string): LiquidityContracts {
  const entry = getRuntimeConfig().contracts?.[network]
  if (!entry) return {}
  return Object.fromEntries(
    Object.entries(entry).flatMap(([name, value]) =>
      typeof value === 'string' && isAddress(value) ? [[name, getAddress(value)]] : [],
    ),
  ) as LiquidityContracts
}

const clients = new Map<string, PublicClient>()

/** A viem client for a network's RPC (batched JSON-RPC), or undefined when the network has none. */
export function publicClientFor(network: string): PublicClient | undefined {
  const cached = clients.get(network)
  if (cached) return cached
  const url = getRuntimeConfig().rpcUrls[network]
  const info = findNetwork(network)
  if (!url || !info) return undefined
  const client = createPublicClient({ transport: http(url, { batch: true }) }) as PublicClient
  clients.set(network, client)
  return client
}
