/** Prices, candles, pool windows and the volume, fees and TVL that swaps and liquidity events add. */
import { pool, poolCandle, poolEvent, poolWindow, token, tokenCandle } from 'ponder:schema'
import { type Hex, zeroAddress } from 'viem'
import { bucketOf, candlePeriods, shouldReprice, swapValueUsd, windowPeriods } from '../lib/derive.ts'
import { readManifestSync } from '../lib/manifest.ts'
import { abs, priceFromReserves, priceFromSqrtX96, toUnits } from '../lib/math.ts'
import { type Db, type EventMeta, lower, type PoolRow, type TokenRow } from './store.ts'

function wethOf(chainId: number): Hex | undefined {
  const d = Object.values(readManifestSync().networks).find((n) => n.chainId === chainId)
  return d ? lower(d.contracts.weth9) : undefined
}

/**
 * The row that carries a token's price: the native currency and its wrapped token are one asset
 * with one price (WETH's row), whichever of their pools sets it.
 */
async function priceRowOf(db: Db, row: TokenRow): Promise<TokenRow> {
  if (row.address !== zeroAddress) return row
  const weth = wethOf(row.chainId)
  if (!weth) return row
  return (await db.find(token, { chainId: row.chainId, address: weth })) ?? row
}

/** Token price for anchoring: the native currency is priced as its wrapped token. */
async function anchorOf(db: Db, row: TokenRow): Promise<TokenRow> {
  if (row.address !== zeroAddress) return row
  const w = await priceRowOf(db, row)
  return { ...row, priceUsd: w.priceUsd, priceDepth: w.priceDepth }
}

export async function touchCandles(
  db: Db,
  chainId: number,
  address: Hex,
  timestamp: number,
  price: number,
  volumeUsd = 0,
) {
  for (const period of candlePeriods) {
    await db
      .insert(tokenCandle)
      .values({
        chainId,
        token: address,
        period,
        bucket: bucketOf(timestamp, period),
        open: price,
        high: price,
        low: price,
        close: price,
        volumeUsd,
      })
      .onConflictDoUpdate((row) => ({
        high: Math.max(row.high, price),
        low: Math.min(row.low, price),
        close: price,
        volumeUsd: row.volumeUsd + volumeUsd,
      }))
  }
}

/** The pool's price (token1 per token0) into its hourly and daily candles. */
async function touchPoolCandles(db: Db, p: PoolRow, timestamp: number, price: number) {
  for (const period of windowPeriods) {
    await db
      .insert(poolCandle)
      .values({
        chainId: p.chainId,
        pool: p.id,
        period,
        bucket: bucketOf(timestamp, period),
        open: price,
        high: price,
        low: price,
        close: price,
      })
      .onConflictDoUpdate((row) => ({
        high: Math.max(row.high, price),
        low: Math.min(row.low, price),
        close: price,
      }))
  }
}

/** Recomputes the pool's price from its state and propagates USD prices to its tokens. */
export async function repricePool(db: Db, p: PoolRow, timestamp: number): Promise<PoolRow> {
  const t0 = await db.find(token, { chainId: p.chainId, address: p.token0 })
  const t1 = await db.find(token, { chainId: p.chainId, address: p.token1 })
  if (!t0 || !t1) return p
  const price0 =
    p.version === 'v2'
      ? priceFromReserves(p.reserve0, p.reserve1, t0.decimals, t1.decimals)
      : p.sqrtPriceX96 !== null && p.sqrtPriceX96 > 0n
        ? priceFromSqrtX96(p.sqrtPriceX96, t0.decimals, t1.decimals)
        : null
  const updated = await db.update(pool, { chainId: p.chainId, id: p.id }).set({ price0 })
  if (price0 === null || !Number.isFinite(price0) || price0 <= 0) return updated
  await touchPoolCandles(db, p, timestamp, price0)
  const a0 = await anchorOf(db, t0)
  const a1 = await anchorOf(db, t1)
  const pairs: [TokenRow, TokenRow, number, bigint, number][] = [
    [t0, a1, price0, p.reserve1, t1.decimals],
    [t1, a0, 1 / price0, p.reserve0, t0.decimals],
  ]
  for (const [side, anchor, priceInAnchor, anchorReserve, anchorDecimals] of pairs) {
    const target = await priceRowOf(db, side)
    if (target.kind === 'stablecoin' || anchor.priceUsd === null || anchor.priceDepth === null) continue
    // A pool of the native currency and its wrapped token prices neither.
    if (target.address === (await priceRowOf(db, anchor)).address) continue
    const candidate = {
      depth: anchor.priceDepth + 1,
      pool: p.id,
      liquidityUsd: toUnits(anchorReserve, anchorDecimals) * anchor.priceUsd,
    }
    if (!shouldReprice(target, candidate)) continue
    const priceUsd = priceInAnchor * anchor.priceUsd
    if (!Number.isFinite(priceUsd)) continue
    await db.update(token, { chainId: target.chainId, address: target.address }).set({
      priceUsd,
      priceDepth: candidate.depth,
      priceSourcePool: p.id,
      priceSourceLiquidityUsd: candidate.liquidityUsd,
    })
    await touchCandles(db, target.chainId, target.address, timestamp, priceUsd)
  }
  return updated
}

async function tvlUsd(db: Db, p: PoolRow): Promise<number> {
  const t0 = await db.find(token, { chainId: p.chainId, address: p.token0 })
  const t1 = await db.find(token, { chainId: p.chainId, address: p.token1 })
  if (!t0 || !t1) return 0
  const [a0, a1] = [await anchorOf(db, t0), await anchorOf(db, t1)]
  return (
    toUnits(p.reserve0, t0.decimals) * (a0.priceUsd ?? 0) +
    toUnits(p.reserve1, t1.decimals) * (a1.priceUsd ?? 0)
  )
}

/** Records a swap's volume and fees on the pool, its windows and both tokens. Returns USD value. */
export async function recordSwap(
  db: Db,
  p: PoolRow,
  meta: EventMeta,
  amount0: bigint,
  amount1: bigint,
  feePips: number,
): Promise<number> {
  const t0 = await db.find(token, { chainId: p.chainId, address: p.token0 })
  const t1 = await db.find(token, { chainId: p.chainId, address: p.token1 })
  if (!t0 || !t1) return 0
  const [a0, a1] = [await anchorOf(db, t0), await anchorOf(db, t1)]
  const abs0 = amount0 < 0n ? -amount0 : amount0
  const abs1 = amount1 < 0n ? -amount1 : amount1
  const valueUsd = swapValueUsd(
    { units: toUnits(abs0, t0.decimals), priceUsd: a0.priceUsd, depth: a0.priceDepth },
    { units: toUnits(abs1, t1.decimals), priceUsd: a1.priceUsd, depth: a1.priceDepth },
  )
  const feesUsd = (valueUsd * feePips) / 1_000_000
  await db.update(pool, { chainId: p.chainId, id: p.id }).set((row) => ({
    volumeUsd: row.volumeUsd + valueUsd,
    feesUsd: row.feesUsd + feesUsd,
    txCount: row.txCount + 1,
  }))
  await bumpWindows(db, p, meta.timestamp, valueUsd, feesUsd)
  for (const t of [a0, a1]) {
    await db.update(token, { chainId: t.chainId, address: t.address }).set((row) => ({
      volumeUsd: row.volumeUsd + valueUsd,
      txCount: row.txCount + 1,
    }))
    if (t.priceUsd !== null)
      await touchCandles(db, t.chainId, t.address, meta.timestamp, t.priceUsd, valueUsd)
  }
  await db.insert(poolEvent).values(poolEventRow(p, meta, 'SWAP', amount0, amount1, valueUsd))
  return valueUsd
}

/** Updates hour/day windows (volume, fees, count, latest TVL) of a pool. */
export async function bumpWindows(db: Db, p: PoolRow, timestamp: number, volumeUsd: number, feesUsd: number) {
  const current = await db.find(pool, { chainId: p.chainId, id: p.id })
  const tvl = current ? await tvlUsd(db, current) : 0
  for (const period of windowPeriods) {
    await db
      .insert(poolWindow)
      .values({
        chainId: p.chainId,
        pool: p.id,
        period,
        bucket: bucketOf(timestamp, period),
        volumeUsd,
        feesUsd,
        txCount: volumeUsd > 0 ? 1 : 0,
        tvlUsd: tvl,
      })
      .onConflictDoUpdate((row) => ({
        volumeUsd: row.volumeUsd + volumeUsd,
        feesUsd: row.feesUsd + feesUsd,
        txCount: row.txCount + (volumeUsd > 0 ? 1 : 0),
        tvlUsd: tvl,
      }))
  }
}

/**
 * Liquidity added or removed: explore transaction row with its USD value. Amounts are the pool's
 * perspective like swaps: positive into the pool (ADD), negative out of it (REMOVE).
 */
export async function recordLiquidityEvent(
  db: Db,
  p: PoolRow,
  meta: EventMeta,
  type: 'ADD' | 'REMOVE',
  amount0: bigint,
  amount1: bigint,
) {
  const t0 = await db.find(token, { chainId: p.chainId, address: p.token0 })
  const t1 = await db.find(token, { chainId: p.chainId, address: p.token1 })
  let valueUsd: number | null = null
  if (t0 && t1) {
    const [a0, a1] = [await anchorOf(db, t0), await anchorOf(db, t1)]
    valueUsd =
      toUnits(abs(amount0), t0.decimals) * (a0.priceUsd ?? 0) +
      toUnits(abs(amount1), t1.decimals) * (a1.priceUsd ?? 0)
  }
  await db
    .insert(poolEvent)
    .values(poolEventRow(p, meta, type, amount0, amount1, valueUsd))
    .onConflictDoNothing()
  await bumpWindows(db, p, meta.timestamp, 0, 0)
}

/** A pool event's row (swap, add, remove), keyed by its log; the account is the transaction's sender. */
function poolEventRow(
  p: PoolRow,
  meta: EventMeta,
  type: string,
  amount0: bigint,
  amount1: bigint,
  valueUsd: number | null,
): typeof poolEvent.$inferInsert {
  return {
    id: `${meta.chainId}:${meta.txHash}:${meta.logIndex}`,
    chainId: meta.chainId,
    pool: p.id,
    txHash: meta.txHash,
    blockNumber: meta.blockNumber,
    logIndex: meta.logIndex,
    timestamp: meta.timestamp,
    type,
    account: lower(meta.txFrom),
    amount0,
    amount1,
    valueUsd,
  }
}
