/**
 * A pool's state for the create and migration flows: missing (a price must be set), or its price
 * read from the chain (v2 pair reserves, v3 pool `slot0`, v4 StateView `getSlot0`).
 */
import { v2PairAbi, v3FactoryAbi, v3PoolAbi, v4StateViewAbi } from '@oxbow/protocol/abis'
import { poolIdOf } from '@oxbow/protocol/encoding'
import { tickAtSqrtPrice } from '@oxbow/routing'
import { type Address, isAddressEqual, zeroAddress } from 'viem'
import { liquidityContracts, publicClientFor } from './chain.ts'
import { type PoolChoice, poolKeyOf } from './createPosition.ts'
import { findV2Pair } from './v2Position.ts'

/** Where the pool stands: missing (a price must be set), or its price (v2: its reserves too). */
export type PoolState =
  | { readonly exists: false }
  | {
      readonly exists: true
      readonly sqrtPriceX96: bigint
      readonly tick: number
      readonly reserve0?: bigint
      readonly reserve1?: bigint
      /** v2 pair or v3 pool address. */
      readonly address?: Address
    }

/** sqrt(reserve1 / reserve0) in Q64.96 (integer square root). */
export function sqrtRatio(reserve0: bigint, reserve1: bigint): bigint {
  const target = (reserve1 << 192n) / reserve0
  if (target < 2n) return target
  let x = BigInt(Math.floor(Math.sqrt(Number(target))))
  for (let i = 0; i < 8; i++) x = (x + target / x) >> 1n
  while (x * x > target) x -= 1n
  while ((x + 1n) * (x + 1n) <= target) x += 1n
  return x
}

export async function readPoolState(pool: PoolChoice): Promise<PoolState> {
  const client = publicClientFor(pool.network)
  const c = liquidityContracts(pool.network)
  if (!client) throw new Error(`No RPC for ${pool.network}`)
  const t0 = pool.token0.address
  const t1 = pool.token1.address
  if (pool.version === 'v2') {
    if (!c.v2Router02) throw new Error('No v2 router')
    const pair = await findV2Pair(pool.network, t0, t1)
    if (!pair) return { exists: false }
    const [reserve0, reserve1] = await client.readContract({
      address: pair,
      abi: v2PairAbi,
      functionName: 'getReserves',
    })
    if (reserve0 === 0n || reserve1 === 0n) return { exists: false }
    const sqrtPriceX96 = sqrtRatio(reserve0, reserve1)
    return {
      exists: true,
      sqrtPriceX96,
      tick: tickAtSqrtPrice(sqrtPriceX96),
      reserve0,
      reserve1,
      address: pair,
    }
  }
  if (pool.version === 'v3') {
    if (!c.v3Factory) throw new Error('No v3 factory')
    const address = await client.readContract({
      address: c.v3Factory,
      abi: v3FactoryAbi,
      functionName: 'getPool',
      args: [t0, t1, pool.fee],
    })
    if (isAddressEqual(address, zeroAddress)) return { exists: false }
    const [sqrtPriceX96, tick] = await client.readContract({ address, abi: v3PoolAbi, functionName: 'slot0' })
    return sqrtPriceX96 === 0n ? { exists: false } : { exists: true, sqrtPriceX96, tick, address }
  }
  if (!c.v4StateView) throw new Error('No v4 StateView')
  const [sqrtPriceX96, tick] = await client.readContract({
    address: c.v4StateView,
    abi: v4StateViewAbi,
    functionName: 'getSlot0',
    args: [poolIdOf(poolKeyOf(pool))],
  })
  return sqrtPriceX96 === 0n ? { exists: false } : { exists: true, sqrtPriceX96, tick }
}
