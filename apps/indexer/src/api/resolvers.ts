/**
 * Query resolvers: validate arguments, read the snapshot or the tables, shape GraphQL objects.
 * Nested fields that take arguments are methods (graphql-js calls them with the field's args).
 */
import { and, desc, eq, gt, gte, inArray, max, min, type ReadonlyDrizzle, sql } from 'ponder'

type SQL = NonNullable<ReturnType<typeof and>>

import { getAddress, zeroAddress } from 'viem'
import { z } from 'zod'
import type * as schema from '../../ponder.schema.ts'
import { type AssetChange, activityTypes } from '../lib/derive.ts'
import { sqrtPriceAtTick, toUnits } from '../lib/math.ts'
import { encodeCursor, type KeysetPosition, keysetFromCursor, listOf, pageByOffset } from './cursor.ts'
import { badInput } from './errors.ts'
import { decimalString, percentChange } from './format.ts'
import {
  type InputContext,
  MAX_PAGE_SIZE,
  parseAddress,
  parseFirst,
  parseListFilter,
  parseNetwork,
  parseNetworks,
  parsePoolId,
  parseSearchQuery,
} from './inputs.ts'
import { decodeNftMetadata } from './nftMetadata.ts'
import { rewardAprOf } from './rewardApr.ts'
import {
  type CollectionView,
  type PoolView,
  type Snapshot,
  slugOf,
  type TokenView,
  tokenKey,
} from './snapshot.ts'

type Tables = typeof schema
type Db = ReadonlyDrizzle<Tables>
type Args = Record<string, unknown>

const ranges = {
  HOUR: { period: 300, span: 3600 },
  DAY: { period: 3600, span: 86400 },
  WEEK: { period: 3600, span: 7 * 86400 },
  MONTH: { period: 86400, span: 30 * 86400 },
  YEAR: { period: 86400, span: 365 * 86400 },
  ALL: { period: 86400, span: Number.POSITIVE_INFINITY },
} as const
type Range = keyof typeof ranges

/** 52 weeks in seconds. */
const YEAR_52W = 52 * 7 * 86400
/** Most ranges Pool.liquidityByTick returns (limits.ts costs it as such). */
export const MAX_TICK_RANGES = 400

/**
 * Active liquidity between consecutive initialized ticks, from positions' ranges: each position adds
 * its liquidity at tickLower and removes it at tickUpper; the running sum is the liquidity active
 * from that tick up to the next.
 */
export function liquidityRanges(
  positions: readonly { tickLower: number | null; tickUpper: number | null; liquidity: bigint }[],
  decimalsDelta: number,
): { tick: number; price0: string; liquidity: string }[] {
  const net = new Map<number, bigint>()
  for (const p of positions) {
    if (p.tickLower === null || p.tickUpper === null || p.liquidity <= 0n) continue
    net.set(p.tickLower, (net.get(p.tickLower) ?? 0n) + p.liquidity)
    net.set(p.tickUpper, (net.get(p.tickUpper) ?? 0n) - p.liquidity)
  }
  const ticks = [...net.keys()].sort((a, b) => a - b)
  let active = 0n
  const out: { tick: number; price0: string; liquidity: string }[] = []
  for (const tick of ticks) {
    active += net.get(tick) ?? 0n
    const sqrt = Number(sqrtPriceAtTick(tick)) / 2 ** 96
    out.push({
      tick,
      price0: decimalString(sqrt * sqrt * 10 ** decimalsDelta) ?? '0',
      liquidity: active.toString(),
    })
  }
  return out.slice(-MAX_TICK_RANGES)
}

/** Whether a token matches an explore filter: symbol or name part, or address prefix. */
function tokenMatches(t: TokenView, q: string): boolean {
  if (/^0x[0-9a-f]*$/.test(q)) return t.row.address.startsWith(q)
  return t.row.symbol.toLowerCase().includes(q) || t.row.name.toLowerCase().includes(q)
}

/** A pool matches by either token, by a pair 'A/B' (either order), or by address/pool id prefix. */
function poolMatches(p: PoolView, q: string): boolean {
  if (/^0x[0-9a-f]*$/.test(q)) return p.row.id.startsWith(q)
  const terms = q.split(/[\s/]+/).filter((x) => x.length > 0)
  if (terms.length >= 2) {
    const [a = '', b = ''] = terms
    return (
      (tokenMatches(p.token0, a) && tokenMatches(p.token1, b)) ||
      (tokenMatches(p.token0, b) && tokenMatches(p.token1, a))
    )
  }
  return tokenMatches(p.token0, q) || tokenMatches(p.token1, q)
}

const usd = (n: number | null) => decimalString(n)
const usd0 = (n: number | null) => decimalString(n) ?? '0'

function parseRange(value: unknown): (typeof ranges)[Range] {
  if (typeof value === 'string' && value in ranges) return ranges[value as Range]
  throw badInput('range must be one of HOUR, DAY, WEEK, MONTH, YEAR, ALL.', 'range')
}

function chainIdsOf(
  snapshotStates: Snapshot['states'],
  slugs: string[],
  chainIdBySlug: Map<string, number>,
): number[] {
  void snapshotStates
  return slugs.map((s) => chainIdBySlug.get(s)).filter((c): c is number => c !== undefined)
}

/** Newest-first keyset over (timestamp, block, log index, id): stable within one second. */
interface Ordered {
  timestamp: number
  blockNumber: bigint
  logIndex: number
  id: string
}
const keyOf = (row: Ordered) => [row.timestamp, row.blockNumber.toString(), row.logIndex, row.id]

function afterKey(
  t: { timestamp: unknown; blockNumber: unknown; logIndex: unknown; id: unknown },
  at: KeysetPosition,
): SQL {
  return sql`(${t.timestamp}, ${t.blockNumber}, ${t.logIndex}, ${t.id}) < (${at.timestamp}, ${at.blockNumber}::numeric, ${at.logIndex}, ${at.id})`
}

export interface ResolverDeps {
  db: Db
  tables: Tables
  snapshot: () => Promise<Snapshot>
  /** slug -> chain id of the networks this indexer serves. */
  chainIdBySlug: Map<string, number>
  /** Native-currency balance read from the node (not derivable from logs); null when unavailable. */
  nativeBalance: (chainId: number, owner: `0x${string}`, snapshotKey: string) => Promise<bigint | null>
  /**
   * The share of every transfer (basis points) a token takes, as the token list (the devnet
   * manifest) declares it; null for tokens it does not list. A transfer fee is charged on a buy (the
   * pool sends the token) and on a sell (the pool receives it) alike.
   */
  transferFeeBps: (chainId: number, address: `0x${string}`) => number | null
}

/** Most other networks Token.sameTokens lists, and most tokens one tokenBalances call reads. */
export const MAX_SAME_TOKENS = 20

export function createResolvers(deps: ResolverDeps) {
  const { db, tables } = deps
  const input: InputContext = { indexed: [...deps.chainIdBySlug.keys()] }
  const chainIds = (s: Snapshot, slugs: string[]) => chainIdsOf(s.states, slugs, deps.chainIdBySlug)

  // ---- object shapes ----------------------------------------------------------------------

  function tokenGql(s: Snapshot, t: TokenView) {
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

  function poolGql(s: Snapshot, p: PoolView) {
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

  function collectionGql(c: CollectionView) {
    const ofCollection = and(eq(tables.nft.chainId, c.row.chainId), eq(tables.nft.collection, c.row.address))
    return {
      id: `${c.network}:${c.row.address}`,
      network: c.network,
      address: c.checksum,
      name: c.row.name,
      symbol: c.row.symbol,
      totalSupply: c.row.totalSupply,
      transferCount: c.row.transferCount,
      async ownerCount() {
        const [row] = await db
          .select({ n: sql<number>`count(distinct ${tables.nft.owner})` })
          .from(tables.nft)
          .where(ofCollection)
        return Number(row?.n ?? 0)
      },
      async imageUrl() {
        const [row] = await db
          .select({ tokenUri: tables.nft.tokenUri })
          .from(tables.nft)
          .where(ofCollection)
          .orderBy(tables.nft.tokenId)
          .limit(1)
        return decodeNftMetadata(row?.tokenUri ?? null).imageUrl
      },
    }
  }

  function nftGql(col: CollectionView, n: Tables['nft']['$inferSelect']) {
    return {
      id: `${col.network}:${n.collection}:${n.tokenId}`,
      network: col.network,
      collection: collectionGql(col),
      tokenId: n.tokenId.toString(),
      owner: getAddress(n.owner),
      ...decodeNftMetadata(n.tokenUri),
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
        openedAt: r.createdAt,
      },
    }
  }

  function findCollection(s: Snapshot, chainId: number, address: string): CollectionView | undefined {
    return s.collections.find((c) => c.key === tokenKey(chainId, address))
  }

  async function poolTransactions(
    s: Snapshot,
    chains: number[],
    poolIds: string[] | null,
    args: Args,
    list: string,
  ) {
    const first = parseFirst(args.first)
    const cursor = keysetFromCursor(list, args.after as string | undefined)
    const t = tables.poolEvent
    const conditions: SQL[] = [inArray(t.chainId, chains)]
    if (poolIds !== null) {
      if (poolIds.length === 0) return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } }
      conditions.push(inArray(t.pool, poolIds as `0x${string}`[]))
    }
    if (cursor) conditions.push(afterKey(t, cursor))
    const rows = await db
      .select()
      .from(t)
      .where(and(...conditions))
      .orderBy(desc(t.timestamp), desc(t.blockNumber), desc(t.logIndex), desc(t.id))
      .limit(first + 1)
    const page = rows.slice(0, first)
    const last = page.at(-1)
    return {
      nodes: page.flatMap((e) => {
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
      }),
      pageInfo: {
        hasNextPage: rows.length > first,
        endCursor: last ? encodeCursor(list, keyOf(last)) : null,
      },
    }
  }

  // ---- sorting ----------------------------------------------------------------------------

  const tokenSorters: Record<string, (t: TokenView) => number | string | null> = {
    VOLUME_24H: (t) => t.volume24hUsd,
    TVL: (t) => t.tvlUsd,
    PRICE: (t) => t.priceUsd,
    PRICE_CHANGE_1H: (t) => percentChange(t.price1hAgo, t.priceUsd),
    PRICE_CHANGE_24H: (t) => percentChange(t.price24hAgo, t.priceUsd),
    MARKET_CAP: (t) => t.marketCapUsd,
    SYMBOL: (t) => t.row.symbol.toLowerCase(),
  }
  const poolSorters: Record<string, (p: PoolView) => number> = {
    TVL: (p) => p.tvlUsd,
    VOLUME_24H: (p) => p.volume24hUsd,
    VOLUME_30D: (p) => p.volume30dUsd,
    APR: (p) => p.aprPercent,
    FEES_24H: (p) => p.fees24hUsd,
    TX_COUNT: (p) => p.row.txCount,
  }

  function sortBy<T extends { key: string }>(
    items: T[],
    key: (item: T) => number | string | null,
    direction: unknown,
  ): T[] {
    const dir = direction === 'ASC' ? 1 : -1
    return items.sort((a, b) => {
      const va = key(a)
      const vb = key(b)
      if (va === null && vb !== null) return 1
      if (vb === null && va !== null) return -1
      if (va !== null && vb !== null && va !== vb) return (va < vb ? -1 : 1) * dir
      return a.key < b.key ? -1 : a.key > b.key ? 1 : 0
    })
  }

  // ---- root fields --------------------------------------------------------------------------

  return {
    async networks() {
      const s = await deps.snapshot()
      return s.states.map((st) => ({
        network: slugOf(st.chainId),
        chainId: st.chainId,
        blockNumber: st.blockNumber.toString(),
        blockTimestamp: st.timestamp,
      }))
    },

    async tokenPrices(args: Args) {
      const list = z.array(z.unknown()).min(1).max(MAX_PAGE_SIZE).safeParse(args.tokens)
      if (!list.success) throw badInput(`tokens must list 1 to ${MAX_PAGE_SIZE} tokens.`, 'tokens')
      const refs = list.data.map((ref) => {
        const r = (ref ?? {}) as { network?: unknown; address?: unknown }
        const network = parseNetwork(input, r.network, 'tokens.network')
        return { network, address: parseAddress(r.address, 'tokens.address') }
      })
      const s = await deps.snapshot()
      return refs.map(({ network, address }) => {
        const chainId = deps.chainIdBySlug.get(network) as number
        const t = s.tokens.get(tokenKey(chainId, address))
        return {
          network,
          address: getAddress(address),
          priceUsd: usd(t?.priceUsd ?? null),
          asOf: s.nowByChain.get(chainId) ?? 0,
        }
      })
    },

    async tokens(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first)
      const filter = parseListFilter(args.filter)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      const sorter = tokenSorters[String(args.orderBy ?? 'VOLUME_24H')] ?? tokenSorters.VOLUME_24H
      const list = sortBy(
        s.tokenList.filter(
          (t) =>
            chains.has(t.row.chainId) &&
            (args.includeSpam === true || !t.isSpam) &&
            (filter === null || tokenMatches(t, filter)),
        ),
        sorter as (t: TokenView) => number | string | null,
        args.orderDirection,
      )
      const page = pageByOffset(listOf('tokens', args), list, first, args.after as string | undefined)
      return { ...page, nodes: page.nodes.map((t) => tokenGql(s, t)) }
    },

    async token(args: Args) {
      const network = parseNetwork(input, args.network)
      const address = parseAddress(args.address)
      const s = await deps.snapshot()
      const t = s.tokens.get(tokenKey(deps.chainIdBySlug.get(network) as number, address))
      return t ? tokenGql(s, t) : null
    },

    async pools(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first)
      const tokenFilter =
        args.token === null || args.token === undefined ? null : parseAddress(args.token, 'token')
      const filter = parseListFilter(args.filter)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      const version = typeof args.version === 'string' ? args.version.toLowerCase() : null
      const list = sortBy(
        s.poolList.filter(
          (p) =>
            chains.has(p.row.chainId) &&
            (filter === null || poolMatches(p, filter)) &&
            (version === null || p.row.version === version) &&
            (tokenFilter === null || p.row.token0 === tokenFilter || p.row.token1 === tokenFilter),
        ),
        poolSorters[String(args.orderBy ?? 'TVL')] ?? (poolSorters.TVL as (p: PoolView) => number),
        args.orderDirection,
      )
      const page = pageByOffset(listOf('pools', args), list, first, args.after as string | undefined)
      return { ...page, nodes: page.nodes.map((p) => poolGql(s, p)) }
    },

    async pool(args: Args) {
      const network = parseNetwork(input, args.network)
      const id = parsePoolId(args.id)
      const s = await deps.snapshot()
      const p = s.pools.get(tokenKey(deps.chainIdBySlug.get(network) as number, id))
      return p ? poolGql(s, p) : null
    },

    async transactions(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      parseFirst(args.first)
      const poolFilter = args.pool === null || args.pool === undefined ? null : parsePoolId(args.pool, 'pool')
      const tokenFilter =
        args.token === null || args.token === undefined ? null : parseAddress(args.token, 'token')
      const s = await deps.snapshot()
      const chains = chainIds(s, slugs)
      let poolIds: string[] | null = null
      if (poolFilter !== null || tokenFilter !== null) {
        poolIds = s.poolList
          .filter(
            (p) =>
              chains.includes(p.row.chainId) &&
              (poolFilter === null || p.row.id === poolFilter) &&
              (tokenFilter === null || p.row.token0 === tokenFilter || p.row.token1 === tokenFilter),
          )
          .map((p) => p.row.id)
      }
      return poolTransactions(s, chains, poolIds, args, listOf('transactions', args))
    },

    async portfolio(args: Args) {
      const owner = parseAddress(args.owner, 'owner')
      const slugs = parseNetworks(input, args.networks)
      const s = await deps.snapshot()
      const chains = chainIds(s, slugs)
      const [tokenRows, nativeRows] = await Promise.all([
        db
          .select()
          .from(tables.balance)
          .where(and(eq(tables.balance.owner, owner), inArray(tables.balance.chainId, chains))),
        Promise.all(
          chains.map(async (chainId) => ({
            chainId,
            token: zeroAddress as `0x${string}`,
            owner,
            amount: (await deps.nativeBalance(chainId, owner, s.key)) ?? 0n,
          })),
        ),
      ])
      const rows = [...nativeRows, ...tokenRows]
      let total = 0
      let before = 0
      const balances = rows.flatMap((b) => {
        if (b.amount <= 0n) return []
        const t = s.tokens.get(tokenKey(b.chainId, b.token))
        if (!t) return []
        if (args.hideSpam !== false && t.isSpam) return []
        const row = balanceGql(s, t, owner, b.amount)
        if (args.hideSmallBalances === true && (row.value === null || row.value < 1)) return []
        total += row.value ?? 0
        before += row.valueBefore ?? 0
        return [row]
      })
      balances.sort((a, b) => (b.value ?? -1) - (a.value ?? -1))
      return {
        owner: getAddress(owner),
        networks: slugs,
        totalValueUsd: usd0(total),
        change24hUsd: usd0(total - before),
        change24hPercent: decimalString(percentChange(before, total), 6),
        balances,
      }
    },

    async tokenBalances(args: Args) {
      const owner = parseAddress(args.owner, 'owner')
      const list = z.array(z.unknown()).min(1).max(MAX_SAME_TOKENS).safeParse(args.tokens)
      if (!list.success) throw badInput(`tokens must list 1 to ${MAX_SAME_TOKENS} tokens.`, 'tokens')
      const refs = list.data.map((ref) => {
        const r = (ref ?? {}) as { network?: unknown; address?: unknown }
        const network = parseNetwork(input, r.network, 'tokens.network')
        const address = parseAddress(r.address, 'tokens.address')
        return { chainId: deps.chainIdBySlug.get(network) as number, address }
      })
      const s = await deps.snapshot()
      const known = refs.flatMap((r) => {
        const t = s.tokens.get(tokenKey(r.chainId, r.address))
        return t ? [t] : []
      })
      const erc20s = known.filter((t) => t.row.address !== zeroAddress)
      const b = tables.balance
      const [held, natives] = await Promise.all([
        erc20s.length === 0
          ? []
          : db
              .select({ chainId: b.chainId, token: b.token, amount: b.amount })
              .from(b)
              .where(
                and(
                  eq(b.owner, owner),
                  sql`(${b.chainId}, ${b.token}) in (${sql.join(
                    erc20s.map((t) => sql`(${t.row.chainId}, ${t.row.address})`),
                    sql`, `,
                  )})`,
                ),
              ),
        Promise.all(
          known.map((t) =>
            t.row.address === zeroAddress ? deps.nativeBalance(t.row.chainId, owner, s.key) : null,
          ),
        ),
      ])
      const amounts = new Map(held.map((h) => [tokenKey(h.chainId, h.token), h.amount]))
      return known.flatMap((t, i) => {
        const amount = t.row.address === zeroAddress ? natives[i] : (amounts.get(t.key) ?? 0n)
        // A native balance the node did not give is unknown, not zero: left out.
        if (amount === null || amount === undefined) return []
        return [balanceGql(s, t, owner, amount)]
      })
    },

    async activity(args: Args) {
      const account = parseAddress(args.address)
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first)
      const list = listOf('activity', args)
      const cursor = keysetFromCursor(list, args.after as string | undefined)
      let types: string[] | null = null
      if (Array.isArray(args.types) && args.types.length > 0) {
        types = args.types.map(String)
        if (types.some((t) => !(activityTypes as readonly string[]).includes(t)))
          throw badInput('Unknown type.', 'types')
      }
      const s = await deps.snapshot()
      const t = tables.activity
      const conditions: SQL[] = [eq(t.account, account), inArray(t.chainId, chainIds(s, slugs))]
      if (types) conditions.push(inArray(t.type, types))
      if (cursor) conditions.push(afterKey(t, cursor))
      const rows = await db
        .select()
        .from(t)
        .where(and(...conditions))
        .orderBy(desc(t.timestamp), desc(t.blockNumber), desc(t.logIndex), desc(t.id))
        .limit(first + 1)
      const page = rows.slice(0, first)
      const last = page.at(-1)
      return {
        nodes: page.map((a) => {
          const p = a.pool ? s.pools.get(tokenKey(a.chainId, a.pool)) : undefined
          return {
            id: a.id,
            network: slugOf(a.chainId),
            chainId: a.chainId,
            txHash: a.txHash,
            blockNumber: a.blockNumber.toString(),
            timestamp: a.timestamp,
            type: a.type,
            account: getAddress(a.account),
            counterparty: a.counterparty ? getAddress(a.counterparty) : null,
            pool: p ? () => poolGql(s, p) : null,
            assetChanges: (a.assetChanges as AssetChange[]).map((c) => {
              const tv = s.tokens.get(tokenKey(a.chainId, c.token))
              const col =
                c.tokenId !== undefined
                  ? s.collections.find((x) => x.key === tokenKey(a.chainId, c.token))
                  : undefined
              return {
                token: tv && c.tokenId === undefined ? () => tokenGql(s, tv) : null,
                nftCollection: col ? collectionGql(col) : null,
                tokenId: c.tokenId ?? null,
                amount: c.amount,
                direction: c.direction,
              }
            }),
          }
        }),
        pageInfo: {
          hasNextPage: rows.length > first,
          endCursor: last ? encodeCursor(list, keyOf(last)) : null,
        },
      }
    },

    async position(args: Args) {
      const network = parseNetwork(input, args.network)
      const version = String(args.version)
      const s = await deps.snapshot()
      const chainId = deps.chainIdBySlug.get(network) as number
      // A v2 holding is per owner (positions(owner) lists it): no single id to look up.
      if (version !== 'V3' && version !== 'V4') throw badInput('version must be V3 or V4.', 'version')
      if (typeof args.tokenId !== 'string' || !/^[0-9]{1,78}$/.test(args.tokenId))
        throw badInput('tokenId must be a decimal token id.', 'tokenId')
      const [row] = await db
        .select()
        .from(tables.position)
        .where(
          and(
            eq(tables.position.chainId, chainId),
            eq(tables.position.version, version.toLowerCase()),
            eq(tables.position.tokenId, BigInt(args.tokenId)),
          ),
        )
      return row ? positionView(s, row).gql : null
    },

    async positions(args: Args) {
      const owner = parseAddress(args.owner, 'owner')
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first)
      const statuses =
        Array.isArray(args.status) && args.status.length > 0 ? new Set(args.status.map(String)) : null
      const s = await deps.snapshot()
      const rows = await db
        .select()
        .from(tables.position)
        .where(and(eq(tables.position.owner, owner), inArray(tables.position.chainId, chainIds(s, slugs))))
      const views = rows.map((r) => positionView(s, r))
      // v2: the account's LP tokens of each pair; the pair address stands for the token id.
      const lpRows = await db
        .select()
        .from(tables.v2LpBalance)
        .where(
          and(eq(tables.v2LpBalance.owner, owner), inArray(tables.v2LpBalance.chainId, chainIds(s, slugs))),
        )
      const v2Views = lpRows.map((r) => {
        const p = s.pools.get(tokenKey(r.chainId, r.pair))
        const status = r.amount > 0n ? 'IN_RANGE' : 'CLOSED'
        return {
          key: `${r.chainId}:v2:${r.pair}`,
          createdAt: r.createdAt,
          status,
          gql: {
            id: `${slugOf(r.chainId)}:v2:${r.pair}`,
            network: slugOf(r.chainId),
            version: 'V2',
            tokenId: getAddress(r.pair),
            owner: getAddress(r.owner),
            pool: p ? () => poolGql(s, p) : null,
            status,
            tickLower: null,
            tickUpper: null,
            priceLower: null,
            priceUpper: null,
            liquidity: r.amount.toString(),
            deposited0: '0',
            deposited1: '0',
            withdrawn0: '0',
            withdrawn1: '0',
            collected0: '0',
            collected1: '0',
            openedAt: r.createdAt,
          },
        }
      })
      const all = [...views, ...v2Views]
        .filter((v) => statuses === null || statuses.has(v.status))
        .sort((a, b) => b.createdAt - a.createdAt || (a.key < b.key ? -1 : 1))
      const page = pageByOffset(listOf('positions', args), all, first, args.after as string | undefined)
      return { ...page, nodes: page.nodes.map((v) => v.gql) }
    },

    async nfts(args: Args) {
      const owner = parseAddress(args.owner, 'owner')
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first)
      const s = await deps.snapshot()
      const rows = await db
        .select()
        .from(tables.nft)
        .where(and(eq(tables.nft.owner, owner), inArray(tables.nft.chainId, chainIds(s, slugs))))
      const items = rows
        .map((n) => ({ key: `${n.chainId}:${n.collection}:${n.tokenId.toString().padStart(78, '0')}`, n }))
        .sort((a, b) => (a.key < b.key ? -1 : 1))
      const page = pageByOffset(listOf('nfts', args), items, first, args.after as string | undefined)
      return {
        pageInfo: page.pageInfo,
        nodes: page.nodes.flatMap(({ n }) => {
          const col = findCollection(s, n.chainId, n.collection)
          return col ? [nftGql(col, n)] : []
        }),
      }
    },

    async nftCollection(args: Args) {
      const slug = parseNetwork(input, args.network)
      const address = parseAddress(args.address)
      const s = await deps.snapshot()
      const [chainId] = chainIds(s, [slug])
      const col = chainId === undefined ? undefined : findCollection(s, chainId, address)
      return col ? collectionGql(col) : null
    },

    async collectionNfts(args: Args) {
      const slug = parseNetwork(input, args.network)
      const address = parseAddress(args.address)
      const first = parseFirst(args.first)
      const s = await deps.snapshot()
      const [chainId] = chainIds(s, [slug])
      const col = chainId === undefined ? undefined : findCollection(s, chainId, address)
      if (!col) return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } }
      const rows = await db
        .select()
        .from(tables.nft)
        .where(and(eq(tables.nft.chainId, col.row.chainId), eq(tables.nft.collection, col.row.address)))
        .orderBy(tables.nft.tokenId)
      const items = rows.map((n) => ({ key: n.tokenId.toString().padStart(78, '0'), n }))
      const page = pageByOffset(
        listOf('collectionNfts', args),
        items,
        first,
        args.after as string | undefined,
      )
      return { pageInfo: page.pageInfo, nodes: page.nodes.map(({ n }) => nftGql(col, n)) }
    },

    async trendingTokens(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first, 10)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      return sortBy(
        s.tokenList.filter((t) => chains.has(t.row.chainId) && !t.isSpam),
        (t) => t.volume24hUsd,
        'DESC',
      )
        .slice(0, first)
        .map((t) => tokenGql(s, t))
    },

    async trendingPools(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first, 10)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      return sortBy(
        s.poolList.filter((p) => chains.has(p.row.chainId)),
        (p) => p.volume24hUsd,
        'DESC',
      )
        .slice(0, first)
        .map((p) => poolGql(s, p))
    },

    async nftCollections(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first, 10)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      return s.collections
        .filter((c) => chains.has(c.row.chainId))
        .sort((a, b) => b.row.transferCount - a.row.transferCount || (a.key < b.key ? -1 : 1))
        .slice(0, first)
        .map(collectionGql)
    },

    async search(args: Args) {
      const query = parseSearchQuery(args.query)
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first, 10)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      const q = query.toLowerCase()
      const isHex = /^0x[0-9a-f]+$/.test(q)
      const terms = q.split(/[\s/\-_,]+/).filter((x) => x.length > 0)
      const tokenScore = (t: TokenView): number => {
        const sym = t.row.symbol.toLowerCase()
        const name = t.row.name.toLowerCase()
        if (isHex) return t.row.address === q ? 100 : t.row.address.startsWith(q) && q.length >= 6 ? 50 : 0
        if (sym === q) return 90
        if (sym.startsWith(q)) return 70
        if (name.startsWith(q)) return 60
        if (sym.includes(q) || name.includes(q)) return 40
        return 0
      }
      const tokens = s.tokenList
        .filter((t) => chains.has(t.row.chainId))
        .map((t) => ({ t, score: tokenScore(t) }))
        .filter((x) => x.score > 0)
        .sort(
          (a, b) =>
            b.score - a.score ||
            Number(a.t.isSpam) - Number(b.t.isSpam) ||
            b.t.volume24hUsd - a.t.volume24hUsd,
        )
        .slice(0, first)
      const symMatch = (t: TokenView, term: string) =>
        t.row.symbol.toLowerCase().startsWith(term) || t.row.name.toLowerCase().startsWith(term)
      const pools = s.poolList
        .filter((p) => {
          if (!chains.has(p.row.chainId)) return false
          if (isHex) return p.row.id === q || (q.length >= 10 && p.row.id.startsWith(q))
          if (terms.length >= 2) {
            const [a = '', b = ''] = terms
            return (
              (symMatch(p.token0, a) && symMatch(p.token1, b)) ||
              (symMatch(p.token0, b) && symMatch(p.token1, a))
            )
          }
          return symMatch(p.token0, q) || symMatch(p.token1, q)
        })
        .sort((a, b) => b.tvlUsd - a.tvlUsd)
        .slice(0, first)
      const collections = s.collections
        .filter(
          (c) =>
            chains.has(c.row.chainId) &&
            (isHex
              ? c.row.address === q || (q.length >= 6 && c.row.address.startsWith(q))
              : c.row.name.toLowerCase().includes(q) || c.row.symbol.toLowerCase().includes(q)),
        )
        .slice(0, first)
      // An exact pool address or id match stands alone (spec: tokens section omitted).
      const exactPool = isHex && pools.length === 1 && pools[0]?.row.id === q
      return {
        tokens: exactPool ? [] : tokens.map((x) => tokenGql(s, x.t)),
        pools: pools.map((p) => poolGql(s, p)),
        nftCollections: collections.map(collectionGql),
      }
    },
  }
}
