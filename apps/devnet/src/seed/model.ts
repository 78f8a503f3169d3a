/**
 * What the seed steps share: the seeded currencies and pools, the seed's options and result, the
 * impersonated traders, and the small encoders every step uses.
 */
import type { Network } from '@oxbow/chains'
import type {
  ManifestEns,
  ManifestNftCollection,
  ManifestPool,
  ManifestToken,
  PoolKey,
} from '@oxbow/protocol'
import { weth9Abi } from '@oxbow/protocol'
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  parseAbi,
  parseAbiParameters,
  toBytes,
} from 'viem'
import type { CompiledSeedContracts } from '../compile.ts'
import type { Contracts } from '../deploy.ts'
import type { Sender } from '../rpc.ts'
import type { PoolSpec } from '../universe.ts'

export const mintAbi = parseAbi(['function mint(address to, uint256 amount)'])
/** Deadline of every seed transaction: far beyond any block time the devnet reaches. */
export const DEADLINE = 2n ** 40n

/** Traders behind the seeded history (impersonated; not test accounts). */
export const TRADERS: readonly Address[] = [1, 2, 3].map((i) =>
  getAddress(`0x${keccak256(toBytes(`oxbow:devnet:trader:${i}`)).slice(26)}`),
)

export interface Currency {
  readonly key: string
  readonly address: Address
  readonly decimals: number
  readonly priceUsd: number
}

export interface LivePool {
  readonly spec: PoolSpec
  readonly c0: Currency
  readonly c1: Currency
  readonly manifest: ManifestPool
  /** v2 pair / v3 pool address. */
  readonly address?: Address
  readonly key?: PoolKey
  /** Position NFT ids (v3: NonfungiblePositionManager, v4: PositionManager): [full range, concentrated]. */
  readonly positions: bigint[]
}

export interface SeedResult {
  readonly tokens: ManifestToken[]
  readonly pools: ManifestPool[]
  readonly nftCollections: ManifestNftCollection[]
  readonly hooks: Record<string, Address>
  readonly live: LivePool[]
  readonly currencies: Map<string, Currency>
  readonly ens?: ManifestEns
}

export interface SeedOptions {
  readonly sender: Sender
  readonly network: Network
  readonly contracts: Contracts
  readonly compiled: CompiledSeedContracts
  readonly testAccounts: readonly Address[]
  /** First and last history timestamps (seconds). */
  readonly historyFrom: number
  readonly historyTo: number
}

/** Creation code followed by its ABI-encoded constructor arguments. */
export function withArgs(bytecode: Hex, types: string, values: readonly unknown[]): Hex {
  return concat([bytecode, encodeAbiParameters(parseAbiParameters(types), values as never)])
}

export function wethDeposit(): Hex {
  return encodeFunctionData({ abi: weth9Abi, functionName: 'deposit' })
}

/** A read-only call at the latest block, raw result. */
export async function call(sender: Sender, to: Address, data: Hex): Promise<Hex> {
  return sender.request<Hex>('eth_call', [{ to, data }, 'latest'])
}
