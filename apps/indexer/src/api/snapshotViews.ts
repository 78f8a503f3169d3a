/**
 * The market picture's views (token prices and changes, pool TVL/volume/APR, collections) and how
 * they are derived from one block's indexed rows: pure, no database (snapshot.ts reads the rows).
 */

import { getNetworkByChainId } from '@oxbow/chains'
import { getAddress, zeroAddress } from 'viem'
import type * as schema from '../../ponder.schema.ts'
import { toUnits } from '../lib/math.ts'

type Tables = typeof schema
type TokenRow = Tables['token']['$inferSelect']
type PoolRow = Tables['pool']['$inferSelect']
type CollectionRow = Tables['nftCollection']['$inferSelect']

const SPAM_SAFETY = new Set(['spam', 'impersonator'])
const HOUR = 3600
const DAY = 86400

export interface TokenView {
  key: string
  network: string
  row: TokenRow
  checksum: string
  /** The token whose candles carry this token's price history (WETH's for the native currency). */
  priceAddress: `0x${string}`
  priceUsd: number | null
  price1hAgo: number | null
  price24hAgo: number | null
  volume24hUsd: number
  tvlUsd: number
  marketCapUsd: number | null
  isSpam: boolean
  /** Hourly closes of the last 24 h, oldest first (explore's sparkline). */
  sparkline: number[]
}

export interface PoolView {
  key: string
  network: string
  row: PoolRow
  token0: TokenView
  token1: TokenView
  tvlUsd: number
  volume24hUsd: number
  volume30dUsd: number
  fees24hUsd: number
  aprPercent: number
}

export interface CollectionView {
  key: string
  network: string
  row: CollectionRow
  checksum: string
}

export interface Snapshot {
  key: string
  states: Tables['networkState']['$inferSelect'][]
  nowByChain: Map<number, number>
  tokens: Map<string, TokenView>
  tokenList: TokenView[]
  pools: Map<string, PoolView>
  poolList: PoolView[]
  collections: CollectionView[]
}

export const tokenKey = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`
export const slugOf = (chainId: number) => getNetworkByChainId(chainId).slug

/**
 * USD prices as of the snapshot's pool states. Indexing records which pool prices each token
 * (the one closest to a stablecoin, then the deepest: token.priceSourcePool); the price itself is
 * derived here, through that pool's current price and its other token's current USD price, so a
 * move of WETH (or any base) moves every price derived through it at once. The native currency
 * and its wrapped token are one asset with one price.
 */
export function derivePrices(
  tokens: readonly TokenRow[],
  pools: readonly PoolRow[],
  wethByChain: ReadonlyMap<number, TokenRow>,
): (t: TokenRow) => number | null {
  const tokenByKey = new Map(tokens.map((t) => [tokenKey(t.chainId, t.address), t]))
  const poolByKey = new Map(pools.map((p) => [tokenKey(p.chainId, p.id), p]))
  const done = new Map<string, number | null>()
  const inProgress = new Set<string>()
  /** The address as the price row sees it: the native currency is its wrapped token. */
  const assetOf = (chainId: number, address: string) =>
    address === zeroAddress ? (wethByChain.get(chainId)?.address ?? address) : address

  const priceOf = (given: TokenRow): number | null => {
    const t = given.address === zeroAddress ? (wethByChain.get(given.chainId) ?? given) : given
    const k = tokenKey(t.chainId, t.address)
    const known = done.get(k)
    if (known !== undefined) return known
    let price = t.priceUsd
    const source = t.priceSourcePool ? poolByKey.get(tokenKey(t.chainId, t.priceSourcePool)) : undefined
    // Stablecoins are the anchors; a cycle (never written by indexing) keeps the stored price.
    if (t.priceDepth !== 0 && source && !inProgress.has(k)) {
      inProgress.add(k)
      const isToken0 = assetOf(t.chainId, source.token0) === t.address
      const other = tokenByKey.get(tokenKey(t.chainId, isToken0 ? source.token1 : source.token0))
      const otherPrice = other ? priceOf(other) : null
      const p0 = source.price0
      if (otherPrice !== null && p0 !== null && Number.isFinite(p0) && p0 > 0) {
        const derived = (isToken0 ? p0 : 1 / p0) * otherPrice
        if (Number.isFinite(derived)) price = derived
      }
      inProgress.delete(k)
    }
    done.set(k, price)
    return price
  }
  return priceOf
}

/** One candle of a token's price history, as the snapshot reads it. */
export interface CandleRow {
  chainId: number
  token: string
  period: number
  bucket: number
  open: number
  close: number
  volumeUsd: number
}

/** A pool's volume and fees over one window bucket, as the snapshot reads it. */
export interface WindowRow {
  chainId: number
  pool: string
  bucket: number
  volumeUsd: number
  feesUsd: number
}

/** The rows one snapshot is derived from (see createSnapshots' queries). */
export interface SnapshotRows {
  tokens: TokenRow[]
  pools: PoolRow[]
  /** Hourly pool windows of the last day (and an hour). */
  hourly: WindowRow[]
  /** Daily pool windows of the last 31 days. */
  daily: WindowRow[]
  /** The last day's hourly and the last hour's 5-minute candles. */
  recentCandles: CandleRow[]
  /** Per token and period, the last candle before those windows (within 30 days). */
  earlierCandles: CandleRow[]
  collections: CollectionRow[]
}

/** The snapshot of the indexed state `key` (`states`: each network's latest indexed block). */
export function buildSnapshot(key: string, states: Snapshot['states'], rows: SnapshotRows): Snapshot {
  const { tokens, pools, hourly, daily, recentCandles, earlierCandles, collections } = rows
  const nowByChain = new Map(states.map((s) => [s.chainId, s.timestamp]))
  const wallNow = Math.floor(Date.now() / 1000)
  const nowOf = (chainId: number) => nowByChain.get(chainId) ?? wallNow
  const candles = [...earlierCandles, ...recentCandles]

  const wethByChain = new Map<number, TokenRow>()
  for (const t of tokens) if (t.kind === 'wrapped-native') wethByChain.set(t.chainId, t)
  const priceOf = derivePrices(tokens, pools, wethByChain)

  const candlesByToken = new Map<string, typeof candles>()
  for (const c of candles) {
    const k = tokenKey(c.chainId, c.token)
    const list = candlesByToken.get(k)
    if (list) list.push(c)
    else candlesByToken.set(k, [c])
  }
  // The native currency's history is its wrapped token's (one asset, one price).
  for (const t of tokens) {
    const weth = t.address === zeroAddress ? wethByChain.get(t.chainId) : undefined
    const list = weth ? candlesByToken.get(tokenKey(weth.chainId, weth.address)) : undefined
    if (list) candlesByToken.set(tokenKey(t.chainId, t.address), list)
  }
  /** Close of the last candle starting at or before `at`; else the first known open after it. */
  const priceAt = (list: typeof candles | undefined, period: number, at: number): number | null => {
    if (!list) return null
    let best: (typeof candles)[number] | undefined
    let firstAfter: (typeof candles)[number] | undefined
    for (const c of list) {
      if (c.period !== period) continue
      if (c.bucket <= at) {
        if (!best || c.bucket > best.bucket) best = c
      } else if (!firstAfter || c.bucket < firstAfter.bucket) firstAfter = c
    }
    return best ? best.close : firstAfter ? firstAfter.open : null
  }

  const tokenViews = new Map<string, TokenView>()
  for (const t of tokens) {
    const k = tokenKey(t.chainId, t.address)
    const now = nowOf(t.chainId)
    const list = candlesByToken.get(k)
    let volume24hUsd = 0
    const lastDay: (typeof candles)[number][] = []
    for (const c of list ?? []) {
      if (c.period !== HOUR || c.bucket <= now - DAY) continue
      volume24hUsd += c.volumeUsd
      lastDay.push(c)
    }
    lastDay.sort((a, b) => a.bucket - b.bucket)
    const priceUsd = priceOf(t)
    tokenViews.set(k, {
      key: k,
      network: slugOf(t.chainId),
      row: t,
      checksum: getAddress(t.address),
      priceAddress:
        t.address === zeroAddress ? (wethByChain.get(t.chainId)?.address ?? t.address) : t.address,
      priceUsd,
      price1hAgo: priceAt(list, 300, now - HOUR) ?? priceUsd,
      price24hAgo: priceAt(list, HOUR, now - DAY) ?? priceUsd,
      volume24hUsd,
      tvlUsd: 0,
      marketCapUsd:
        t.totalSupply !== null && priceUsd !== null && t.kind !== 'native'
          ? toUnits(t.totalSupply, t.decimals) * priceUsd
          : null,
      isSpam: SPAM_SAFETY.has(t.safety) || t.kind === 'spam',
      sparkline: lastDay.map((c) => c.close),
    })
  }

  const windowSums = (rows: typeof hourly, since: (chainId: number) => number) => {
    const out = new Map<string, { volume: number; fees: number }>()
    for (const w of rows) {
      if (w.bucket <= since(w.chainId)) continue
      const k = tokenKey(w.chainId, w.pool)
      const acc = out.get(k) ?? { volume: 0, fees: 0 }
      acc.volume += w.volumeUsd
      acc.fees += w.feesUsd
      out.set(k, acc)
    }
    return out
  }
  const day = windowSums(hourly, (c) => nowOf(c) - DAY)
  const month = windowSums(daily, (c) => nowOf(c) - 30 * DAY)

  const poolViews = new Map<string, PoolView>()
  for (const p of pools) {
    const token0 = tokenViews.get(tokenKey(p.chainId, p.token0))
    const token1 = tokenViews.get(tokenKey(p.chainId, p.token1))
    if (!token0 || !token1) continue
    const side0 = toUnits(p.reserve0 > 0n ? p.reserve0 : 0n, token0.row.decimals) * (token0.priceUsd ?? 0)
    const side1 = toUnits(p.reserve1 > 0n ? p.reserve1 : 0n, token1.row.decimals) * (token1.priceUsd ?? 0)
    token0.tvlUsd += side0
    token1.tvlUsd += side1
    const k = tokenKey(p.chainId, p.id)
    const tvlUsd = side0 + side1
    const d = day.get(k)
    const fees24hUsd = d?.fees ?? 0
    poolViews.set(k, {
      key: k,
      network: slugOf(p.chainId),
      row: p,
      token0,
      token1,
      tvlUsd,
      volume24hUsd: d?.volume ?? 0,
      volume30dUsd: month.get(k)?.volume ?? 0,
      fees24hUsd,
      aprPercent: tvlUsd > 0 ? ((fees24hUsd * 365) / tvlUsd) * 100 : 0,
    })
  }

  const collectionViews = collections.map((c) => ({
    key: tokenKey(c.chainId, c.address),
    network: slugOf(c.chainId),
    row: c,
    checksum: getAddress(c.address),
  }))

  return {
    key,
    states,
    nowByChain,
    tokens: tokenViews,
    tokenList: [...tokenViews.values()],
    pools: poolViews,
    poolList: [...poolViews.values()],
    collections: collectionViews,
  }
}
