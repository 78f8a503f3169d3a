/** One pool's state read from chain at a block: v2 reserves, v3 slot0/liquidity/ticks, v4 StateView. */
import type { NetworkDeployment } from '@oxbow/protocol'
import { V4_DYNAMIC_FEE_FLAG, v2PairAbi, v3PoolAbi, v4StateViewAbi } from '@oxbow/protocol'
import type { ClPoolState, PoolState, Tick, V2PoolState } from '@oxbow/routing'
import type { Address, PublicClient } from 'viem'

export type PoolRef = NetworkDeployment['pools'][number]

/**
 * Reads `pool` at `blockNumber`, with the liquidity of the initialized ticks in `tickList` (sorted);
 * `sv` is the network's v4 StateView. Throws for a v4 pool that cannot be routed (not initialized,
 * protocol fee set).
 */
export async function fetchPoolState(
  c: PublicClient,
  sv: Address,
  pool: PoolRef,
  tickList: readonly number[],
  blockNumber: bigint,
): Promise<PoolState> {
  if (pool.version === 'v2') {
    const [r0, r1] = await c.readContract({
      address: pool.address,
      abi: v2PairAbi,
      functionName: 'getReserves',
      blockNumber,
    })
    return {
      kind: 'v2',
      id: pool.address,
      token0: pool.token0,
      token1: pool.token1,
      reserve0: r0,
      reserve1: r1,
    } satisfies V2PoolState
  }
  if (pool.version === 'v3') {
    const [slot0, liquidity, tickData] = await Promise.all([
      c.readContract({ address: pool.address, abi: v3PoolAbi, functionName: 'slot0', blockNumber }),
      c.readContract({ address: pool.address, abi: v3PoolAbi, functionName: 'liquidity', blockNumber }),
      Promise.all(
        tickList.map((t) =>
          c.readContract({
            address: pool.address,
            abi: v3PoolAbi,
            functionName: 'ticks',
            args: [t],
            blockNumber,
          }),
        ),
      ),
    ])
    const ticks: Tick[] = []
    tickList.forEach((index, i) => {
      const data = tickData[i] as readonly unknown[]
      if ((data[0] as bigint) > 0n) ticks.push({ index, liquidityNet: data[1] as bigint })
    })
    return {
      kind: 'v3',
      id: pool.address,
      token0: pool.token0,
      token1: pool.token1,
      sqrtPriceX96: slot0[0],
      tick: slot0[1],
      liquidity,
      tickSpacing: pool.tickSpacing,
      fee: pool.fee,
      keyFee: pool.fee,
      ticks,
    } satisfies ClPoolState
  }
  const [slot0, liquidity, tickData] = await Promise.all([
    c.readContract({
      address: sv,
      abi: v4StateViewAbi,
      functionName: 'getSlot0',
      args: [pool.poolId],
      blockNumber,
    }),
    c.readContract({
      address: sv,
      abi: v4StateViewAbi,
      functionName: 'getLiquidity',
      args: [pool.poolId],
      blockNumber,
    }),
    Promise.all(
      tickList.map((t) =>
        c.readContract({
          address: sv,
          abi: v4StateViewAbi,
          functionName: 'getTickLiquidity',
          args: [pool.poolId, t],
          blockNumber,
        }),
      ),
    ),
  ])
  const [sqrtPriceX96, tick, protocolFee, lpFee] = slot0
  if (sqrtPriceX96 === 0n) throw new Error('pool not initialized')
  if (protocolFee !== 0) throw new Error('protocol fee is set (not modelled)')
  const ticks: Tick[] = []
  tickList.forEach((index, i) => {
    const [gross, net] = tickData[i] as readonly [bigint, bigint]
    if (gross > 0n) ticks.push({ index, liquidityNet: net })
  })
  return {
    kind: 'v4',
    id: pool.poolId,
    token0: pool.currency0,
    token1: pool.currency1,
    sqrtPriceX96,
    tick,
    liquidity,
    tickSpacing: pool.tickSpacing,
    // dynamic-fee pools: the LP fee currently in slot0 is what the next swap pays
    fee: pool.fee === V4_DYNAMIC_FEE_FLAG ? lpFee : pool.fee,
    keyFee: pool.fee,
    hooks: pool.hooks,
    ticks,
  } satisfies ClPoolState
}
