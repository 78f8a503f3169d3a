/** GraphQL object shapes built from the snapshot; nested fields with arguments are methods. */
import { and, desc, eq, gt, gte, inArray, max, min } from 'ponder'
import { getAddress, zeroAddress } from 'viem'
import { sqrtPriceAtTick, toUnits } from '../../lib/math.ts'
import { keysetFromCursor, listOf } from '../cursor.ts'
import { decimalString, percentChange } from '../format.ts'
import { parseFirst } from '../inputs.ts'
import { rewardAprOf } from '../rewardApr.ts'
import { type PoolView, type Snapshot, slugOf, type TokenView, tokenKey } from '../snapshotViews.ts'
import {
  type Args,
  afterEvent,
  eventKeyOf,
  eventOrderBy,
  keysetPage,
  MAX_SAME_TOKENS,
  parseEventOrder,
  parseRange,
  type ResolverContext,
  type SQL,
  usd,
  usd0,
} from './context.ts'
import { liquidityRanges } from './liquidityRanges.ts'
import { createNftShapes } from './nftShapes.ts'

/** 52 weeks in seconds. */
const YEAR_52W = 52 * 7 * 86400

export type Shapes = ReturnType<typeof createShapes>

export function createShapes({ deps, db, tables }: ResolverContext) {
  /**
   * A token's or pool's shape depends on its snapshot only (a view object belongs to one snapshot),
   * so it is built once per view and shared by every request of that block: issue #16's distinct
   * queries formatted some 30 figures per token (the sparkline's 24 included) on every request.
   */
  const tokenGql = oncePerView(buildTokenGql)
  const poolGql = oncePerView(buildPoolGql)

  function buildTokenGql(s: Snapshot, t: TokenView) {
    return {
      id: `${t.network}:${t.row.address}`,
      network: t.network,
      chainId: t.row.chainId,
      address: t.checksum,
      symbol: t.row.symbol,
      name: t.row.name,
      decimals: t.row.decimals,
      kind: t.row.kind,
      safety: t.row.safety,
      logoUrl: deps.logoUrl(t.row.chainId, t.row.address),
      buyFeeBps: t.row.address === zeroAddress ? 0 : deps.transferFeeBps(t.row.chainId, t.row.address),
      sellFeeBps: t.row.address === zeroAddress ? 0 : deps.transferFeeBps(t.row.chainId, t.row.address),
      isSpam: t.isSpam,
      isNative: t.row.address === zeroAddress,
      priceUsd: usd(t.priceUsd),
      priceChange1h: decimalString(percentChange(t.price1hAgo, t.priceUsd), 6),
      priceChange24h: decimalString(percentChange(t.price24hAgo, t.priceUsd), 6),
      volume24hUsd: usd0(t.volume24hUsd),
      volumeAllTimeUsd: usd0(t.row.volumeUsd),
      tvlUsd: usd0(t.tvlUsd),
      totalSupply: t.row.totalSupply === null ? null : t.row.totalSupply.toString(),
      marketCapUsd: usd(t.marketCapUsd),
      // No circulating supply is indexed: FDV is price × total supply (equal to marketCapUsd here).
      fdvUsd: usd(t.marketCapUsd),
      sparkline: t.sparkline.map(usd0),
      priceRange52w: async () => {
        const now = s.nowByChain.get(t.row.chainId) ?? Math.floor(Date.now() / 1000)
        const c = tables.tokenCandle
        const [row] = await db
          .select({ high: max(c.high), low: min(c.low) })
          .from(c)
          .where(
            and(
              eq(c.chainId, t.row.chainId),
              eq(c.token, t.priceAddress),
              eq(c.period, 86400),
              gt(c.bucket, now - YEAR_52W),
            ),
          )
        if (!row || row.high === null || row.low === null) return null
        return { high: usd0(Number(row.high)), low: usd0(Number(row.low)) }
      },
      txCount: t.row.txCount,
      priceHistory: async (args: Args) => {
        const range = parseRange(args.range)
        const now = s.nowByChain.get(t.row.chainId) ?? Math.floor(Date.now() / 1000)
        const since = Number.isFinite(range.span) ? now - range.span : 0
        const rows = await db
          .select()
          .from(tables.tokenCandle)
          .where(
            and(
              eq(tables.tokenCandle.chainId, t.row.chainId),
              eq(tables.tokenCandle.token, t.priceAddress),
              eq(tables.tokenCandle.period, range.period),
              gte(tables.tokenCandle.bucket, since),
            ),
          )
          .orderBy(desc(tables.tokenCandle.bucket))
          .limit(400)
        return rows.reverse().map((c) => ({
          timestamp: c.bucket,
          open: usd0(c.open),
          high: usd0(c.high),
          low: usd0(c.low),
          close: usd0(c.close),
          volumeUsd: usd0(c.volumeUsd),
        }))
      },
      sameTokens: () =>
        s.tokenList
          .filter(
            (o) =>
              o.row.chainId !== t.row.chainId &&
              o.row.symbol === t.row.symbol &&
              o.row.name === t.row.name &&
              // A look-alike (spam, impersonator) is not the same token.
              !o.isSpam,
          )
          .slice(0, MAX_SAME_TOKENS)
          .map((o) => tokenGql(s, o)),
      pools: (args: Args) => {
        const first = parseFirst(args.first)
        return s.poolList
          .filter((p) => p.token0 === t || p.token1 === t)
          .sort((a, b) => b.tvlUsd - a.tvlUsd)
          .slice(0, first)
          .map((p) => poolGql(s, p))
      },
    }
  }

  /** An owner's holding of a token (TokenBalance); `value`/`valueBefore` are for sums and order. */
  function balanceGql(s: Snapshot, t: TokenView, owner: `0x${string}`, amount: bigint) {
    const units = toUnits(amount, t.row.decimals)
    const value = t.priceUsd === null ? null : units * t.priceUsd
    const valueBefore = t.price24hAgo === null ? value : units * t.price24hAgo
    return {
      value,
      valueBefore,
      id: `${t.network}:${t.row.address}:${owner}`,
      network: t.network,
      token: () => tokenGql(s, t),
      amount: amount.toString(),
      valueUsd: usd(value),
      change24hUsd: value !== null && valueBefore !== null ? usd(value - valueBefore) : null,
      change24hPercent: decimalString(percentChange(valueBefore, value), 6),
    }
  }

  function buildPoolGql(s: Snapshot, p: PoolView) {
    const price0 = p.row.price0
    return {
      id: `${p.network}:${p.row.id}`,
      network: p.network,
      chainId: p.row.chainId,
      version: p.row.version.toUpperCase(),
      address: p.row.version === 'v4' ? null : getAddress(p.row.id),
      poolId: p.row.version === 'v4' ? p.row.id : null,
      token0: () => tokenGql(s, p.token0),
      token1: () => tokenGql(s, p.token1),
      feeTier: p.row.fee,
      tickSpacing: p.row.tickSpacing,
      hooks: p.row.hooks ? getAddress(p.row.hooks) : null,
      reserve0: p.row.reserve0.toString(),
      reserve1: p.row.reserve1.toString(),
      sqrtPriceX96: p.row.sqrtPriceX96?.toString() ?? null,
      tick: p.row.tick,
      liquidity: p.row.liquidity.toString(),
      token0Price: decimalString(price0),
      token1Price: price0 ? decimalString(1 / price0) : null,
      tvlUsd: usd0(p.tvlUsd),
      volume24hUsd: usd0(p.volume24hUsd),
      volume30dUsd: usd0(p.volume30dUsd),
      fees24hUsd: usd0(p.fees24hUsd),
      apr: decimalString(p.aprPercent, 6) ?? '0',
      rewardApr: decimalString(rewardAprOf(s, p), 6),
      txCount: p.row.txCount,
      createdAt: p.row.createdAt,
      history: async (args: Args) => {
        const range = parseRange(args.range)
        const period = range.period === 300 ? 3600 : range.period
        const now = s.nowByChain.get(p.row.chainId) ?? Math.floor(Date.now() / 1000)
        const since = Number.isFinite(range.span) ? now - range.span : 0
        const rows = await db
          .select()
          .from(tables.poolWindow)
          .where(
            and(
              eq(tables.poolWindow.chainId, p.row.chainId),
              eq(tables.poolWindow.pool, p.row.id),
              eq(tables.poolWindow.period, period),
              gte(tables.poolWindow.bucket, since),
            ),
          )
          .orderBy(desc(tables.poolWindow.bucket))
          .limit(400)
        return rows.reverse().map((w) => ({
          timestamp: w.bucket,
          volumeUsd: usd0(w.volumeUsd),
          feesUsd: usd0(w.feesUsd),
          tvlUsd: usd0(w.tvlUsd),
          txCount: w.txCount,
        }))
      },
      priceHistory: async (args: Args) => {
        const range = parseRange(args.range)
        // Pool candles are hourly at the finest.
        const period = range.period === 300 ? 3600 : range.period
        const now = s.nowByChain.get(p.row.chainId) ?? Math.floor(Date.now() / 1000)
        const since = Number.isFinite(range.span) ? now - range.span : 0
        const c = tables.poolCandle
        const w = tables.poolWindow
        const rows = await db
          .select({
            bucket: c.bucket,
            open: c.open,
            high: c.high,
            low: c.low,
            close: c.close,
            volumeUsd: w.volumeUsd,
          })
          .from(c)
          .leftJoin(
            w,
            and(eq(w.chainId, c.chainId), eq(w.pool, c.pool), eq(w.period, c.period), eq(w.bucket, c.bucket)),
          )
          .where(
            and(
              eq(c.chainId, p.row.chainId),
              eq(c.pool, p.row.id),
              eq(c.period, period),
              gte(c.bucket, since),
            ),
          )
          .orderBy(desc(c.bucket))
          .limit(400)
        return rows.reverse().map((r) => ({
          timestamp: r.bucket,
          open: decimalString(r.open) ?? '0',
          high: decimalString(r.high) ?? '0',
          low: decimalString(r.low) ?? '0',
          close: decimalString(r.close) ?? '0',
          volumeUsd: usd0(r.volumeUsd ?? 0),
        }))
      },
      transactions: (args: Args) =>
        poolTransactions(s, [p.row.chainId], [p.row.id], args, listOf('transactions', args, { pool: p.key })),
      liquidityByTick: async () => {
        if (p.row.version === 'v2') return []
        const pos = tables.position
        const rows = await db
          .select({ tickLower: pos.tickLower, tickUpper: pos.tickUpper, liquidity: pos.liquidity })
          .from(pos)
          .where(and(eq(pos.chainId, p.row.chainId), eq(pos.pool, p.row.id), gt(pos.liquidity, 0n)))
        return liquidityRanges(rows, p.token0.row.decimals - p.token1.row.decimals)
      },
    }
  }

  /** A v3/v4 position row as the API serves it (status from the pool's indexed tick). */
  function positionView(s: Snapshot, r: typeof tables.position.$inferSelect) {
    const p = r.pool ? s.pools.get(tokenKey(r.chainId, r.pool)) : undefined
    const status =
      r.liquidity === 0n
        ? 'CLOSED'
        : p && p.row.tick !== null && r.tickLower !== null && r.tickUpper !== null
          ? r.tickLower <= p.row.tick && p.row.tick < r.tickUpper
            ? 'IN_RANGE'
            : 'OUT_OF_RANGE'
          : 'OUT_OF_RANGE'
    const priceAt = (tick: number | null) => {
      if (tick === null || !p) return null
      const sqrt = Number(sqrtPriceAtTick(tick)) / 2 ** 96
      return decimalString(sqrt * sqrt * 10 ** (p.token0.row.decimals - p.token1.row.decimals))
    }
    return {
      key: `${r.chainId}:${r.version}:${r.tokenId.toString().padStart(40, '0')}`,
      createdAt: r.createdAt,
      status,
      gql: {
        id: `${slugOf(r.chainId)}:${r.version}:${r.tokenId}`,
        network: slugOf(r.chainId),
        version: r.version.toUpperCase(),
        tokenId: r.tokenId.toString(),
        owner: getAddress(r.owner),
        pool: p ? () => poolGql(s, p) : null,
        status,
        tickLower: r.tickLower,
        tickUpper: r.tickUpper,
        priceLower: priceAt(r.tickLower),
        priceUpper: priceAt(r.tickUpper),
        liquidity: r.liquidity.toString(),
        deposited0: r.deposited0.toString(),
        deposited1: r.deposited1.toString(),
        withdrawn0: r.withdrawn0.toString(),
        withdrawn1: r.withdrawn1.toString(),
        collected0: r.collected0.toString(),
        collected1: r.collected1.toString(),
        lpBasisInvariant: null,
        openedAt: r.createdAt,
      },
    }
  }

  /**
   * Pool events of `chains` (of `poolIds` unless null) matching `where` when given, in the order
   * `args` ask (orderBy, orderDirection; newest first by default).
   */
  async function poolTransactions(
    s: Snapshot,
    chains: number[],
    poolIds: string[] | null,
    args: Args,
    list: string,
    where?: SQL,
  ) {
    const first = parseFirst(args.first)
    const order = parseEventOrder(args)
    const cursor = keysetFromCursor(list, args.after as string | undefined, order.by === 'VALUE_USD')
    const t = tables.poolEvent
    const conditions: SQL[] = [inArray(t.chainId, chains)]
    if (poolIds !== null) {
      if (poolIds.length === 0) return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } }
      conditions.push(inArray(t.pool, poolIds as `0x${string}`[]))
    }
    if (where) conditions.push(where)
    if (cursor) conditions.push(afterEvent(t, cursor, order))
    const rows = await db
      .select()
      .from(t)
      .where(and(...conditions))
      .orderBy(...eventOrderBy(t, order))
      .limit(first + 1)
    return keysetPage(
      list,
      rows,
      first,
      (e) => {
        const p = s.pools.get(tokenKey(e.chainId, e.pool))
        if (!p) return []
        return [
          {
            id: e.id,
            network: slugOf(e.chainId),
            txHash: e.txHash,
            blockNumber: e.blockNumber.toString(),
            timestamp: e.timestamp,
            type: e.type,
            pool: () => poolGql(s, p),
            account: getAddress(e.account),
            amount0: e.amount0.toString(),
            amount1: e.amount1.toString(),
            valueUsd: usd(e.valueUsd),
          },
        ]
      },
      eventKeyOf(order),
    )
  }

  return {
    tokenGql,
    balanceGql,
    poolGql,
    ...createNftShapes({ db, tables }),
    positionView,
    poolTransactions,
  }
}

/** `build` memoized per view object (each view belongs to one snapshot, so its shape never changes). */
function oncePerView<V extends object, T>(build: (s: Snapshot, view: V) => T): (s: Snapshot, view: V) => T {
  const shapes = new WeakMap<V, T>()
  return (s, view) => {
    let shape = shapes.get(view)
    if (shape === undefined) {
      shape = build(s, view)
      shapes.set(view, shape)
    }
    return shape
  }
}
