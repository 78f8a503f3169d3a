/** Uniswap v4 pools (one PoolManager) and the v4 PositionManager's positions. */
import { pool, position, v4PositionFees } from 'ponder:schema'
import { zeroAddress } from 'viem'
import { readManifestSync } from '../lib/manifest.ts'
import { amountsForLiquidityDelta } from '../lib/math.ts'
import { modifyPosition, type PoolFees, replaySwap, ticksFromJson, ticksToJson } from '../lib/v4Fees.ts'
import { foldActivity, nativeLeg } from './activity.ts'
import { createPool, findPool, inRange, transferPosition } from './poolRows.ts'
import { recordLiquidityEvent, recordSwap, repricePool } from './pricing.ts'
import { ponder } from './registry.ts'
import { type Db, lower, metaOf, type PoolRow } from './store.ts'

/** The pool's fee state as src/lib/v4Fees.ts works on it. */
function feesOf(p: PoolRow): PoolFees {
  return {
    tick: p.tick ?? 0,
    tickSpacing: p.tickSpacing ?? 1,
    global0: p.feeGrowthGlobal0,
    global1: p.feeGrowthGlobal1,
    ticks: ticksFromJson(p.ticks),
  }
}

/**
 * A v4 pool of the native currency settles it with the caller directly (no token transfer to
 * log): the transaction's native flows are read from its trace (nativeLeg), or where it cannot be
 * traced the caller's deltas (positive = received) are the sender's.
 */
async function nativeLegs(
  db: Db,
  p: PoolRow,
  meta: ReturnType<typeof metaOf>,
  delta0: bigint,
  delta1: bigint,
) {
  if (p.token0 === zeroAddress) await nativeLeg(db, meta, delta0)
  if (p.token1 === zeroAddress) await nativeLeg(db, meta, delta1)
}

ponder.on('V4PoolManager:Initialize', async ({ event, context }) => {
  const { id, currency0, currency1, fee, tickSpacing, hooks, sqrtPriceX96, tick } = event.args
  await createPool(
    context,
    event,
    [currency0, currency1],
    { id: lower(id), version: 'v4', fee, tickSpacing, hooks: lower(hooks), sqrtPriceX96, tick },
    (created) => repricePool(context.db, created, Number(event.block.timestamp)),
  )
})

ponder.on('V4PoolManager:ModifyLiquidity', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.args.id)
  if (!p || p.sqrtPriceX96 === null || p.tick === null) return
  const { sender, tickLower, tickUpper, liquidityDelta, salt } = event.args
  const { amount0, amount1 } = amountsForLiquidityDelta(
    p.sqrtPriceX96,
    p.tick,
    tickLower,
    tickUpper,
    liquidityDelta,
  )
  // The caller is also paid the position's accrued fees: they leave the pool too.
  const fees = feesOf(p)
  const positionId = `${chainId}:${p.id}:${lower(sender)}:${tickLower}:${tickUpper}:${salt}`
  const stored = await context.db.find(v4PositionFees, { id: positionId })
  const paid = modifyPosition(
    fees,
    stored ?? { liquidity: 0n, last0: 0n, last1: 0n },
    tickLower,
    tickUpper,
    liquidityDelta,
  )
  await context.db
    .insert(v4PositionFees)
    .values({ id: positionId, ...paid.position })
    .onConflictDoUpdate(paid.position)
  const updated = await context.db.update(pool, { chainId, id: p.id }).set((row) => ({
    reserve0: row.reserve0 + amount0 - paid.fees0,
    reserve1: row.reserve1 + amount1 - paid.fees1,
    liquidity: row.liquidity + (inRange(row, tickLower, tickUpper) ? liquidityDelta : 0n),
    ticks: ticksToJson(fees.ticks),
  }))
  const meta = metaOf(chainId, event)
  if (liquidityDelta !== 0n)
    await recordLiquidityEvent(
      context.db,
      updated,
      meta,
      liquidityDelta > 0n ? 'ADD' : 'REMOVE',
      amount0,
      amount1,
    )
  await nativeLegs(context.db, p, meta, paid.fees0 - amount0, paid.fees1 - amount1)
  await foldActivity(
    context.db,
    meta,
    event.transaction.from,
    liquidityDelta > 0n ? 'LIQUIDITY_INCREASE' : liquidityDelta < 0n ? 'LIQUIDITY_DECREASE' : 'COLLECT_FEES',
    { pool: p.id },
  )
  // PositionManager positions: the salt is the token id.
  const d = Object.values(readManifestSync().networks).find((n) => n.chainId === chainId)
  if (!d || lower(sender) !== lower(d.contracts.v4PositionManager)) return
  const tokenId = BigInt(salt)
  const key = { chainId, version: 'v4', tokenId }
  const existing = await context.db.find(position, key)
  const fields = {
    pool: p.id,
    tickLower,
    tickUpper,
  }
  if (!existing) {
    await context.db.insert(position).values({
      ...key,
      ...fields,
      owner: lower(event.transaction.from),
      createdAt: meta.timestamp,
      liquidity: liquidityDelta,
      deposited0: amount0 > 0n ? amount0 : 0n,
      deposited1: amount1 > 0n ? amount1 : 0n,
      collected0: paid.fees0,
      collected1: paid.fees1,
    })
    return
  }
  await context.db.update(position, key).set((row) => ({
    ...fields,
    liquidity: row.liquidity + liquidityDelta,
    deposited0: row.deposited0 + (amount0 > 0n ? amount0 : 0n),
    deposited1: row.deposited1 + (amount1 > 0n ? amount1 : 0n),
    withdrawn0: row.withdrawn0 + (amount0 < 0n ? -amount0 : 0n),
    withdrawn1: row.withdrawn1 + (amount1 < 0n ? -amount1 : 0n),
    // Every modification pays the fees accrued since the last one (v4 has no separate collect).
    collected0: row.collected0 + paid.fees0,
    collected1: row.collected1 + paid.fees1,
  }))
})

ponder.on('V4PoolManager:Swap', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.args.id)
  if (!p) return
  const { amount0, amount1, sqrtPriceX96, liquidity, tick, fee } = event.args
  const fees = feesOf(p)
  const exact =
    p.feesExact &&
    p.sqrtPriceX96 !== null &&
    replaySwap(
      fees,
      { sqrtPriceX96: p.sqrtPriceX96, liquidity: p.liquidity },
      { sqrtPriceX96, liquidity, amount0, amount1, fee },
    )
  // Swap deltas are the swapper's: negative means paid into the pool.
  const updated = await context.db.update(pool, { chainId, id: p.id }).set((row) => ({
    reserve0: row.reserve0 - amount0,
    reserve1: row.reserve1 - amount1,
    sqrtPriceX96,
    liquidity,
    tick,
    feeGrowthGlobal0: fees.global0,
    feeGrowthGlobal1: fees.global1,
    ticks: ticksToJson(fees.ticks),
    feesExact: exact === true,
  }))
  const meta = metaOf(chainId, event)
  const repriced = await repricePool(context.db, updated, meta.timestamp)
  await recordSwap(context.db, repriced, meta, -amount0, -amount1, fee)
  await nativeLegs(context.db, p, meta, amount0, amount1)
  await foldActivity(context.db, meta, event.transaction.from, 'SWAP', { pool: p.id })
})

ponder.on('V4PositionManager:Transfer', async ({ event, context }) => {
  const { id, to } = event.args
  await transferPosition(context.db, context.network.chainId, 'v4', id, to, event.block.timestamp)
})
