import { pool, position, uniswapxFill, v2LpBalance, v3MintContext, v4PositionFees } from 'ponder:schema'
import { type Hex, zeroAddress } from 'viem'
import { readManifestSync } from '../lib/manifest.ts'
import { amountsForLiquidityDelta } from '../lib/math.ts'
import { modifyPosition, type PoolFees, replaySwap, ticksFromJson, ticksToJson } from '../lib/v4Fees.ts'
import { ponder } from './registry.ts'
import {
  ensureToken,
  foldActivity,
  lower,
  metaOf,
  nativeLeg,
  type PoolRow,
  recordLiquidityEvent,
  recordSwap,
  repricePool,
} from './store.ts'

const V2_FEE = 3000

function v3PositionManagerOf(chainId: number): Hex | undefined {
  const d = Object.values(readManifestSync().networks).find((n) => n.chainId === chainId)
  return d ? lower(d.contracts.nonfungiblePositionManager) : undefined
}

async function findPool(
  db: Parameters<typeof repricePool>[0],
  chainId: number,
  id: Hex,
): Promise<PoolRow | undefined> {
  return (await db.find(pool, { chainId, id: lower(id) })) ?? undefined
}

// ---- v2 -------------------------------------------------------------------------------------

ponder.on('V2Factory:PairCreated', async ({ event, context }) => {
  const chainId = context.network.chainId
  const { token0, token1, pair } = event.args
  await ensureToken(context.db, context.client, chainId, token0)
  await ensureToken(context.db, context.client, chainId, token1)
  await context.db
    .insert(pool)
    .values({
      chainId,
      id: lower(pair),
      version: 'v2',
      token0: lower(token0),
      token1: lower(token1),
      fee: V2_FEE,
      createdAt: Number(event.block.timestamp),
      createdBlock: event.block.number,
    })
    .onConflictDoNothing()
  await foldActivity(context.db, metaOf(chainId, event), event.transaction.from, 'CREATE_POOL', {
    pool: lower(pair),
  })
})

ponder.on('V2Pair:Sync', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const updated = await context.db
    .update(pool, { chainId, id: p.id })
    .set({ reserve0: event.args.reserve0, reserve1: event.args.reserve1 })
  await repricePool(context.db, updated, Number(event.block.timestamp))
})

ponder.on('V2Pair:Swap', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const { amount0In, amount1In, amount0Out, amount1Out } = event.args
  const meta = metaOf(chainId, event)
  // Pool perspective: positive = into the pool.
  await recordSwap(context.db, p, meta, amount0In - amount0Out, amount1In - amount1Out, V2_FEE)
  await foldActivity(context.db, meta, event.transaction.from, 'SWAP', { pool: p.id })
})

ponder.on('V2Pair:Mint', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const meta = metaOf(chainId, event)
  await recordLiquidityEvent(context.db, p, meta, 'ADD', event.args.amount0, event.args.amount1)
  await foldActivity(context.db, meta, event.transaction.from, 'LIQUIDITY_INCREASE', { pool: p.id })
})

ponder.on('V2Pair:Burn', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const meta = metaOf(chainId, event)
  await recordLiquidityEvent(context.db, p, meta, 'REMOVE', -event.args.amount0, -event.args.amount1)
  await foldActivity(context.db, meta, event.transaction.from, 'LIQUIDITY_DECREASE', { pool: p.id })
})

/**
 * Holders of LP tokens that are no one's position: the zero address (mints come from it, burns go
 * to it, and the first mint locks MINIMUM_LIQUIDITY there) and the conventional dead address.
 */
const NOT_AN_LP_OWNER: ReadonlySet<Hex> = new Set([zeroAddress, '0x000000000000000000000000000000000000dead'])

ponder.on('V2Pair:Transfer', async ({ event, context }) => {
  const chainId = context.network.chainId
  const pair = lower(event.log.address)
  const { from, to, value } = event.args
  if (value === 0n || lower(from) === lower(to)) return
  const createdAt = Number(event.block.timestamp)
  const sender = lower(from)
  // The pair holds LP tokens only between a router's transfer to it and the burn: not a position.
  if (!NOT_AN_LP_OWNER.has(sender) && sender !== pair) {
    const key = { chainId, pair, owner: sender }
    if (await context.db.find(v2LpBalance, key))
      await context.db.update(v2LpBalance, key).set((row) => ({ amount: row.amount - value }))
  }
  const recipient = lower(to)
  if (!NOT_AN_LP_OWNER.has(recipient) && recipient !== pair) {
    await context.db
      .insert(v2LpBalance)
      .values({ chainId, pair, owner: recipient, amount: value, createdAt })
      .onConflictDoUpdate((row) => ({ amount: row.amount + value }))
  }
})

// ---- v3 -------------------------------------------------------------------------------------

ponder.on('V3Factory:PoolCreated', async ({ event, context }) => {
  const chainId = context.network.chainId
  const { token0, token1, fee, tickSpacing, pool: address } = event.args
  await ensureToken(context.db, context.client, chainId, token0)
  await ensureToken(context.db, context.client, chainId, token1)
  await context.db
    .insert(pool)
    .values({
      chainId,
      id: lower(address),
      version: 'v3',
      token0: lower(token0),
      token1: lower(token1),
      fee,
      tickSpacing,
      createdAt: Number(event.block.timestamp),
      createdBlock: event.block.number,
    })
    .onConflictDoNothing()
  await foldActivity(context.db, metaOf(chainId, event), event.transaction.from, 'CREATE_POOL', {
    pool: lower(address),
  })
})

ponder.on('V3Pool:Initialize', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const updated = await context.db
    .update(pool, { chainId, id: p.id })
    .set({ sqrtPriceX96: event.args.sqrtPriceX96, tick: event.args.tick })
  await repricePool(context.db, updated, Number(event.block.timestamp))
})

function inRange(p: PoolRow, tickLower: number, tickUpper: number): boolean {
  return p.tick !== null && tickLower <= p.tick && p.tick < tickUpper
}

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

// ---- v4 -------------------------------------------------------------------------------------

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
  db: Parameters<typeof repricePool>[0],
  p: PoolRow,
  meta: ReturnType<typeof metaOf>,
  delta0: bigint,
  delta1: bigint,
) {
  if (p.token0 === zeroAddress) await nativeLeg(db, meta, delta0)
  if (p.token1 === zeroAddress) await nativeLeg(db, meta, delta1)
}

ponder.on('V4PoolManager:Initialize', async ({ event, context }) => {
  const chainId = context.network.chainId
  const { id, currency0, currency1, fee, tickSpacing, hooks, sqrtPriceX96, tick } = event.args
  await ensureToken(context.db, context.client, chainId, currency0)
  await ensureToken(context.db, context.client, chainId, currency1)
  const created = await context.db
    .insert(pool)
    .values({
      chainId,
      id: lower(id),
      version: 'v4',
      token0: lower(currency0),
      token1: lower(currency1),
      fee,
      tickSpacing,
      hooks: lower(hooks),
      sqrtPriceX96,
      tick,
      createdAt: Number(event.block.timestamp),
      createdBlock: event.block.number,
    })
    .onConflictDoNothing()
  if (created) await repricePool(context.db, created, Number(event.block.timestamp))
  await foldActivity(context.db, metaOf(chainId, event), event.transaction.from, 'CREATE_POOL', {
    pool: lower(id),
  })
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

// ---- positions ----------------------------------------------------------------------------

ponder.on('V4PositionManager:Transfer', async ({ event, context }) => {
  const chainId = context.network.chainId
  const key = { chainId, version: 'v4', tokenId: event.args.id }
  await context.db
    .insert(position)
    .values({ ...key, owner: lower(event.args.to), createdAt: Number(event.block.timestamp) })
    .onConflictDoUpdate({ owner: lower(event.args.to) })
})

ponder.on('V3PositionManager:Transfer', async ({ event, context }) => {
  const chainId = context.network.chainId
  const key = { chainId, version: 'v3', tokenId: event.args.tokenId }
  await context.db
    .insert(position)
    .values({ ...key, owner: lower(event.args.to), createdAt: Number(event.block.timestamp) })
    .onConflictDoUpdate({ owner: lower(event.args.to) })
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

ponder.on('UniswapX:Fill', async ({ event, context }) => {
  const chainId = context.network.chainId
  const { orderHash, filler, swapper, nonce } = event.args
  await context.db
    .insert(uniswapxFill)
    .values({
      id: `${chainId}:${orderHash}`,
      chainId,
      orderHash,
      filler: lower(filler),
      swapper: lower(swapper),
      nonce,
      txHash: event.transaction.hash,
      timestamp: Number(event.block.timestamp),
    })
    .onConflictDoNothing()
  await foldActivity(context.db, metaOf(chainId, event), swapper, 'SWAP', { counterparty: filler })
})
