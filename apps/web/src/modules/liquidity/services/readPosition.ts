import {
  erc20Abi,
  nonfungiblePositionManagerAbi,
  v3FactoryAbi,
  v3PoolAbi,
  v4PositionManagerAbi,
  v4StateViewAbi,
} from '@oxbow/protocol/abis'
import { type PoolKey, poolIdOf } from '@oxbow/protocol/encoding'
import {
  type Address,
  getAddress,
  type Hex,
  isAddressEqual,
  maxUint128,
  numberToHex,
  zeroAddress,
} from 'viem'
import { findNetwork } from '../../config/index.ts'
import { liquidityContracts, publicClientFor } from './chain.ts'
import { feesOwed, type PositionStatus, positionAmounts, positionStatus } from './positionMath.ts'

export interface PositionToken {
  /** The zero address for the native currency (v4). */
  readonly address: Address
  readonly symbol: string
  readonly decimals: number
  readonly isNative: boolean
}

/** A v3 or v4 position as the chain has it now: every amount exact, in base units. */
export interface OnchainPosition {
  readonly network: string
  readonly version: 'v3' | 'v4'
  readonly tokenId: bigint
  readonly owner: Address
  /** The contract that holds the position NFT (v3 NonfungiblePositionManager, v4 PositionManager). */
  readonly manager: Address
  readonly token0: PositionToken
  readonly token1: PositionToken
  /** Hundredths of a basis point; v4's dynamic-fee flag as is. */
  readonly feeTier: number
  readonly tickSpacing: number
  /** v4 only: the hook contract (zero address for none). */
  readonly hooks: Address
  /** v4 only: the pool key the PositionManager stores. */
  readonly poolKey: PoolKey | null
  /** v3 pool address or v4 pool id. */
  readonly poolId: Hex
  readonly tickLower: number
  readonly tickUpper: number
  readonly liquidity: bigint
  readonly sqrtPriceX96: bigint
  readonly tick: number
  readonly amount0: bigint
  readonly amount1: bigint
  /** Fees the owner would collect now. */
  readonly fees0: bigint
  readonly fees1: bigint
  readonly status: PositionStatus
  readonly blockNumber: bigint
}

export class PositionReadError extends Error {
  override readonly name = 'PositionReadError'
  constructor(
    readonly code: 'UNSUPPORTED_NETWORK' | 'NOT_FOUND',
    message: string,
  ) {
    super(message)
  }
}

const tokenCache = new Map<string, PositionToken>()

export async function readToken(network: string, address: Address): Promise<PositionToken> {
  if (isAddressEqual(address, zeroAddress)) {
    return { address, symbol: findNetwork(network)?.nativeSymbol ?? 'ETH', decimals: 18, isNative: true }
  }
  const key = `${network}:${address.toLowerCase()}`
  const cached = tokenCache.get(key)
  if (cached) return cached
  const client = publicClientFor(network)
  if (!client) throw new PositionReadError('UNSUPPORTED_NETWORK', `No RPC for ${network}`)
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
    client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
  ])
  // Token text comes from an arbitrary contract: keep it short and printable; it renders as text.
  const token = {
    address: getAddress(address),
    symbol:
      String(symbol)
        .replace(/[^\p{L}\p{N}._\- ]/gu, '')
        .slice(0, 32) || '?',
    decimals: Number(decimals),
    isNative: false,
  }
  tokenCache.set(key, token)
  return token
}

/** A token id as the routes take it: a decimal uint256 without sign or leading zeros. */
export function parseTokenId(value: string | undefined): bigint | null {
  if (!value || !/^(0|[1-9][0-9]{0,77})$/.test(value)) return null
  const id = BigInt(value)
  return id < 1n << 256n ? id : null
}

/** Reads a position from the chain; throws PositionReadError NOT_FOUND when the token id has no position. */
export async function readPosition(
  network: string,
  version: 'v3' | 'v4',
  tokenId: bigint,
): Promise<OnchainPosition> {
  return version === 'v3' ? readV3(network, tokenId) : readV4(network, tokenId)
}

async function readV3(network: string, tokenId: bigint): Promise<OnchainPosition> {
  const client = publicClientFor(network)
  const { nonfungiblePositionManager: npm, v3Factory } = liquidityContracts(network)
  if (!client || !npm || !v3Factory) throw new PositionReadError('UNSUPPORTED_NETWORK', `No v3 on ${network}`)
  const blockNumber = await client.getBlockNumber()
  const at = { blockNumber }
  let owner: Address
  let position: readonly [
    bigint,
    Address,
    Address,
    Address,
    number,
    number,
    number,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ]
  try {
    ;[owner, position] = await Promise.all([
      client.readContract({
        address: npm,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'ownerOf',
        args: [tokenId],
        ...at,
      }),
      client.readContract({
        address: npm,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'positions',
        args: [tokenId],
        ...at,
      }),
    ])
  } catch {
    // Both revert for a token id that was never minted or was burned.
    throw new PositionReadError('NOT_FOUND', `No v3 position ${tokenId} on ${network}`)
  }
  const [, , token0Address, token1Address, fee, tickLower, tickUpper, liquidity] = position
  const pool = await client.readContract({
    address: v3Factory,
    abi: v3FactoryAbi,
    functionName: 'getPool',
    args: [token0Address, token1Address, fee],
    ...at,
  })
  const [slot0, tickSpacing, collect, token0, token1] = await Promise.all([
    client.readContract({ address: pool, abi: v3PoolAbi, functionName: 'slot0', ...at }),
    client.readContract({ address: pool, abi: v3PoolAbi, functionName: 'tickSpacing', ...at }),
    // What collect would pay the owner now: the exact fees owed (the pool is poked inside the call).
    client.simulateContract({
      address: npm,
      abi: nonfungiblePositionManagerAbi,
      functionName: 'collect',
      args: [{ tokenId, recipient: owner, amount0Max: maxUint128, amount1Max: maxUint128 }],
      account: owner,
      ...at,
    }),
    readToken(network, token0Address),
    readToken(network, token1Address),
  ])
  const [sqrtPriceX96, tick] = slot0
  const amounts = positionAmounts(sqrtPriceX96, tickLower, tickUpper, liquidity)
  return {
    network,
    version: 'v3',
    tokenId,
    owner,
    manager: npm,
    token0,
    token1,
    feeTier: fee,
    tickSpacing,
    hooks: zeroAddress,
    poolKey: null,
    poolId: pool,
    tickLower,
    tickUpper,
    liquidity,
    sqrtPriceX96,
    tick,
    ...amounts,
    fees0: collect.result[0],
    fees1: collect.result[1],
    status: positionStatus(liquidity, tick, tickLower, tickUpper),
    blockNumber,
  }
}

/** PositionInfo (v4-periphery): | poolId 200 bits | tickUpper 24 | tickLower 24 | hasSubscriber 8 |. */
function int24At(info: bigint, shift: bigint): number {
  const raw = Number((info >> shift) & 0xffffffn)
  return raw >= 0x800000 ? raw - 0x1000000 : raw
}

async function readV4(network: string, tokenId: bigint): Promise<OnchainPosition> {
  const client = publicClientFor(network)
  const { v4PositionManager: posm, v4StateView } = liquidityContracts(network)
  if (!client || !posm || !v4StateView)
    throw new PositionReadError('UNSUPPORTED_NETWORK', `No v4 on ${network}`)
  const blockNumber = await client.getBlockNumber()
  const at = { blockNumber }
  const [[key, info], liquidity] = await Promise.all([
    client.readContract({
      address: posm,
      abi: v4PositionManagerAbi,
      functionName: 'getPoolAndPositionInfo',
      args: [tokenId],
      ...at,
    }),
    client.readContract({
      address: posm,
      abi: v4PositionManagerAbi,
      functionName: 'getPositionLiquidity',
      args: [tokenId],
      ...at,
    }),
  ])
  // A token id never minted has an empty key; a burned one too (its info is deleted).
  if (key.tickSpacing === 0)
    throw new PositionReadError('NOT_FOUND', `No v4 position ${tokenId} on ${network}`)
  let owner: Address
  try {
    owner = await client.readContract({
      address: posm,
      abi: v4PositionManagerAbi,
      functionName: 'ownerOf',
      args: [tokenId],
      ...at,
    })
  } catch {
    throw new PositionReadError('NOT_FOUND', `No v4 position ${tokenId} on ${network}`)
  }
  const poolKey: PoolKey = {
    currency0: key.currency0,
    currency1: key.currency1,
    fee: key.fee,
    tickSpacing: key.tickSpacing,
    hooks: key.hooks,
  }
  const poolId = poolIdOf(poolKey)
  const tickLower = int24At(info, 8n)
  const tickUpper = int24At(info, 32n)
  const salt = numberToHex(tokenId, { size: 32 })
  const [slot0, last, inside, token0, token1] = await Promise.all([
    client.readContract({
      address: v4StateView,
      abi: v4StateViewAbi,
      functionName: 'getSlot0',
      args: [poolId],
      ...at,
    }),
    client.readContract({
      address: v4StateView,
      abi: v4StateViewAbi,
      functionName: 'getPositionInfo',
      args: [poolId, posm, tickLower, tickUpper, salt],
      ...at,
    }),
    client.readContract({
      address: v4StateView,
      abi: v4StateViewAbi,
      functionName: 'getFeeGrowthInside',
      args: [poolId, tickLower, tickUpper],
      ...at,
    }),
    readToken(network, key.currency0),
    readToken(network, key.currency1),
  ])
  const [sqrtPriceX96, tick] = slot0
  const amounts = positionAmounts(sqrtPriceX96, tickLower, tickUpper, liquidity)
  return {
    network,
    version: 'v4',
    tokenId,
    owner,
    manager: posm,
    token0,
    token1,
    feeTier: key.fee,
    tickSpacing: key.tickSpacing,
    hooks: key.hooks,
    poolKey,
    poolId,
    tickLower,
    tickUpper,
    liquidity,
    sqrtPriceX96,
    tick,
    ...amounts,
    fees0: feesOwed(inside[0], last[1], last[0]),
    fees1: feesOwed(inside[1], last[2], last[0]),
    status: positionStatus(liquidity, tick, tickLower, tickUpper),
    blockNumber,
  }
}
