/** Uniswap v3 pools and the NonfungiblePositionManager's positions. */
import { pool, position, v3MintContext } from 'ponder:schema'
import type { Hex } from 'viem'
import { readManifestSync } from '../lib/manifest.ts'
import { foldActivity } from './activity.ts'
import { createPool, findPool, inRange, setPoolPrice, transferPosition } from './poolRows.ts'
import { recordLiquidityEvent, recordSwap, repricePool } from './pricing.ts'
import { ponder } from './registry.ts'
import { lower, metaOf } from './store.ts'

function v3PositionManagerOf(chainId: number): Hex | undefined {
  const d = Object.values(readManifestSync().networks).find((n) => n.chainId === chainId)
  return d ? lower(d.contracts.nonfungiblePositionManager) : undefined
}

ponder.on('V3Factory:PoolCreated', async ({ event, context }) => {
  const { token0, token1, fee, tickSpacing, pool: address } = event.args
  await createPool(context, event, [token0, token1], { id: lower(address), version: 'v3', fee, tickSpacing })
})

ponder.on('V3Pool:Initialize', async ({ event, context }) => {
  await setPoolPrice(context, event, { sqrtPriceX96: event.args.sqrtPriceX96, tick: event.args.tick })
})

ponder.on('V3Pool:Mint', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const { owner, amount, amount0, amount1, tickLower, tickUpper } = event.args
  const updated = await context.db.update(pool, { chainId, id: p.id }).set((row) => ({
    reserve0: row.reserve0 + amount0,
    reserve1: row.reserve1 + amount1,
    liquidity: row.liquidity + (inRange(row, tickLower, tickUpper) ? amount : 0n),
  }))
  const npm = v3PositionManagerOf(chainId)
  if (npm && lower(owner) === npm) {
    const ctx = { pool: p.id, tickLower, tickUpper }
    await context.db
      .insert(v3MintContext)
      .values({ id: `${chainId}:${event.transaction.hash}`, ...ctx })
      .onConflictDoUpdate(ctx)
  }
  await recordLiquidityEvent(context.db, updated, metaOf(chainId, event), 'ADD', amount0, amount1)
})

ponder.on('V3Pool:Burn', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const { amount, amount0, amount1, tickLower, tickUpper } = event.args
  // Burned amounts stay in the pool as owed tokens until collected.
  const updated = await context.db.update(pool, { chainId, id: p.id }).set((row) => ({
    liquidity: row.liquidity - (inRange(row, tickLower, tickUpper) ? amount : 0n),
  }))
  if (amount > 0n)
    await recordLiquidityEvent(context.db, updated, metaOf(chainId, event), 'REMOVE', -amount0, -amount1)
})

ponder.on('V3Pool:Collect', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  await context.db.update(pool, { chainId, id: p.id }).set((row) => ({
    reserve0: row.reserve0 - event.args.amount0,
    reserve1: row.reserve1 - event.args.amount1,
  }))
})

ponder.on('V3Pool:Swap', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const { amount0, amount1, sqrtPriceX96, liquidity, tick } = event.args
  const updated = await context.db.update(pool, { chainId, id: p.id }).set((row) => ({
    reserve0: row.reserve0 + amount0,
    reserve1: row.reserve1 + amount1,
    sqrtPriceX96,
    liquidity,
    tick,
  }))
  const meta = metaOf(chainId, event)
  const repriced = await repricePool(context.db, updated, meta.timestamp)
  await recordSwap(context.db, repriced, meta, amount0, amount1, p.fee)
  await foldActivity(context.db, meta, event.transaction.from, 'SWAP', { pool: p.id })
})

ponder.on('V3PositionManager:Transfer', async ({ event, context }) => {
  const { tokenId, to } = event.args
  await transferPosition(context.db, context.network.chainId, 'v3', tokenId, to, event.block.timestamp)
})

ponder.on('V3PositionManager:IncreaseLiquidity', async ({ event, context }) => {
  const chainId = context.network.chainId
  const { tokenId, liquidity, amount0, amount1 } = event.args
  const key = { chainId, version: 'v3', tokenId }
  let existing = await context.db.find(position, key)
  if (!existing) {
    existing = await context.db
      .insert(position)
      .values({ ...key, owner: lower(event.transaction.from), createdAt: Number(event.block.timestamp) })
  }
  let poolId = existing.pool
  let ticks = { tickLower: existing.tickLower, tickUpper: existing.tickUpper }
  if (poolId === null) {
    const ctx = await context.db.find(v3MintContext, { id: `${chainId}:${event.transaction.hash}` })
    if (ctx) {
      poolId = ctx.pool
      ticks = { tickLower: ctx.tickLower, tickUpper: ctx.tickUpper }
    }
  }
  await context.db.update(position, key).set((row) => ({
    pool: poolId,
    ...ticks,
    liquidity: row.liquidity + liquidity,
    deposited0: row.deposited0 + amount0,
    deposited1: row.deposited1 + amount1,
  }))
  await foldActivity(context.db, metaOf(chainId, event), event.transaction.from, 'LIQUIDITY_INCREASE', {
    ...(poolId ? { pool: poolId } : {}),
  })
})

ponder.on('V3PositionManager:DecreaseLiquidity', async ({ event, context }) => {
  const chainId = context.network.chainId
  const { tokenId, liquidity, amount0, amount1 } = event.args
  const key = { chainId, version: 'v3', tokenId }
  const existing = await context.db.find(position, key)
  if (!existing) return
  await context.db.update(position, key).set((row) => ({
    liquidity: row.liquidity - liquidity,
    withdrawn0: row.withdrawn0 + amount0,
    withdrawn1: row.withdrawn1 + amount1,
  }))
  await foldActivity(context.db, metaOf(chainId, event), event.transaction.from, 'LIQUIDITY_DECREASE', {
    ...(existing.pool ? { pool: existing.pool } : {}),
  })
})

ponder.on('V3PositionManager:Collect', async ({ event, context }) => {
  const chainId = context.network.chainId
  const { tokenId, amount0, amount1 } = event.args
  const key = { chainId, version: 'v3', tokenId }
  const existing = await context.db.find(position, key)
  if (!existing) return
  await context.db.update(position, key).set((row) => ({
    collected0: row.collected0 + amount0,
    collected1: row.collected1 + amount1,
  }))
  await foldActivity(context.db, metaOf(chainId, event), event.transaction.from, 'COLLECT_FEES', {
    ...(existing.pool ? { pool: existing.pool } : {}),
  })
})
