/**
 * The derived market picture (token prices and changes, pool TVL/volume/APR) computed from the
 * indexed tables once per indexed block and shared by every request until the next block: a
 * single small query (network_state) tells whether the picture is still current.
 */

import { performance } from 'node:perf_hooks'
import { getNetworkByChainId } from '@oxbow/chains'
import { and, desc, eq, gt, gte, lte, or, type ReadonlyDrizzle, sql } from 'ponder'
import { getAddress, zeroAddress } from 'viem'
import type * as schema from '../../ponder.schema.ts'
import { toUnits } from '../lib/math.ts'

type Tables = typeof schema
type Db = ReadonlyDrizzle<Tables>
type TokenRow = Tables['token']['$inferSelect']
type PoolRow = Tables['pool']['$inferSelect']
type CollectionRow = Tables['nftCollection']['$inferSelect']

const SPAM_SAFETY = new Set(['spam', 'impersonator'])
/** How stale the API's view of "which block is indexed" may be; well inside the 1 s lag budget. */
const KEY_TTL_MS = 50
/**
 * The same where the indexing functions say when a block is complete (`blockCompleted`): the key
 * is read again at once after each, and this interval only catches changes without one (a reorg's
 * revert with no block after it, Ponder's status). Reading the key cost about a sixth of the API's
 * CPU under load on PGlite at 250 ms, and over a quarter on the loaded machine (issue #16's distinct
 * queries: PGlite 0.2's per-query cost, file operations included, about 10 ms of CPU each there).
 */
const SIGNALLED_KEY_TTL_MS = 1_000
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

/**
 * Ponder's own record of what it has indexed completely: per network, the latest block whose
 * events are all processed (`_ponder_status`, in the schema Ponder writes to, which is the API
 * connection's search path). Set when historical indexing ends and after every realtime block.
 */
async function readPonderStatus(
  db: Db,
): Promise<{ network: string; blockNumber: bigint; timestamp: number }[]> {
  try {
    const result = (await db.execute(
      sql`select network_name, block_number, block_timestamp from _ponder_status where block_number is not null`,
    )) as unknown as {
      rows: { network_name: string; block_number: string | number; block_timestamp: string | number }[]
    }
    return result.rows.map((r) => ({
      network: r.network_name,
      blockNumber: BigInt(r.block_number),
      timestamp: Number(r.block_timestamp),
    }))
  } catch {
    return [] // not written yet (indexing has not started)
  }
}

/**
 * @param chainIdOf the chain id of a Ponder network name (the manifest's slugs), to read
 *   `_ponder_status`: a network whose head has not moved since start-up has no `network_state`
 *   row yet (the Clock source starts at the head) but is indexed up to the block Ponder reports.
 */
export function createSnapshots(
  db: Db,
  tables: Tables,
  chainIdOf?: (network: string) => number | undefined,
  blockCompleted?: (listener: () => void) => void,
) {
  const keyTtlMs = blockCompleted ? SIGNALLED_KEY_TTL_MS : KEY_TTL_MS
  let current: Snapshot | undefined
  let keyInFlight: Promise<{ key: string; states: Snapshot['states'] }> | undefined
  let building: { key: string; promise: Promise<Snapshot> } | undefined

  async function readKey() {
    const [rows, status] = await Promise.all([
      db.select().from(tables.networkState),
      chainIdOf ? readPonderStatus(db) : [],
    ])
    const byChain = new Map(rows.map((r) => [r.chainId, r]))
    for (const st of status) {
      const chainId = chainIdOf?.(st.network)
      if (chainId === undefined) continue
      const row = byChain.get(chainId)
      // Ponder's block without a hash of ours: the hash is unknown (the key still moves with it)
      if (!row || row.blockNumber < st.blockNumber) {
        byChain.set(chainId, {
          chainId,
          blockNumber: st.blockNumber,
          blockHash: '0x',
          timestamp: st.timestamp,
        })
      }
    }
    const states = [...byChain.values()]
    states.sort((a, b) => a.chainId - b.chainId)
    return { key: states.map((s) => `${s.chainId}:${s.blockNumber}:${s.blockHash}`).join('|'), states }
  }

  async function build(key: string, states: Snapshot['states']): Promise<Snapshot> {
    const nowByChain = new Map(states.map((s) => [s.chainId, s.timestamp]))
    const wallNow = Math.floor(Date.now() / 1000)
    const nowOf = (chainId: number) => nowByChain.get(chainId) ?? wallNow
    const minNow = states.length ? Math.min(...states.map((s) => s.timestamp)) : wallNow
    const c = tables.tokenCandle
    const w = tables.poolWindow
    const candleColumns = {
      chainId: c.chainId,
      token: c.token,
      period: c.period,
      bucket: c.bucket,
      open: c.open,
      close: c.close,
      volumeUsd: c.volumeUsd,
    }
    const windowColumns = {
      chainId: w.chainId,
      pool: w.pool,
      bucket: w.bucket,
      volumeUsd: w.volumeUsd,
      feesUsd: w.feesUsd,
    }
    const [tokens, pools, hourly, daily, recentCandles, earlierCandles, collections] = await Promise.all([
      db.select().from(tables.token),
      db.select().from(tables.pool),
      db
        .select(windowColumns)
        .from(w)
        .where(and(eq(w.period, HOUR), gte(w.bucket, minNow - DAY - HOUR))),
      db
        .select(windowColumns)
        .from(w)
        .where(and(eq(w.period, DAY), gte(w.bucket, minNow - 31 * DAY))),
      // Candles are read on every block, so only those the figures below can use (issue #16: the
      // snapshot rebuild, most of it 30 days of candles, delayed each new block's answers): the
      // last day's hourly and the last hour's 5-minute ones, where 24 h volume, the sparkline and the
      // "first price after" fall back, and (next query) per token the last one before those
      // windows, where the 1 h and 24 h ago prices come from. The same prices as all of them.
      db
        .select(candleColumns)
        .from(c)
        .where(
          or(
            and(eq(c.period, 300), gt(c.bucket, minNow - HOUR)),
            and(eq(c.period, HOUR), gt(c.bucket, minNow - DAY)),
          ),
        ),
      db
        .selectDistinctOn([c.chainId, c.token, c.period], candleColumns)
        .from(c)
        .where(
          and(
            gte(c.bucket, minNow - 30 * DAY),
            or(
              and(eq(c.period, 300), lte(c.bucket, minNow - HOUR)),
              and(eq(c.period, HOUR), lte(c.bucket, minNow - DAY)),
            ),
          ),
        )
        .orderBy(c.chainId, c.token, c.period, desc(c.bucket)),
      db.select().from(tables.nftCollection),
    ])
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

  let lastRead: { key: string; states: Snapshot['states']; at: number } | undefined
  let readsStarted = 0
  blockCompleted?.(() => {
    lastRead = undefined
    // A read in flight may have started before the block completed: the next request reads again.
    keyInFlight = undefined
  })
  /**
   * The indexed state, read at most every KEY_TTL_MS (a read shared by all requests arriving while
   * it is in flight): under load the API costs one tiny query per interval, not one per request.
   */
  function currentKey():
    | Promise<{ key: string; states: Snapshot['states'] }>
    | { key: string; states: Snapshot['states'] } {
    if (lastRead && performance.now() - lastRead.at < keyTtlMs) return lastRead
    if (keyInFlight) return keyInFlight
    const started = ++readsStarted
    const read = readKey()
      .then((result) => {
        // Only the newest read is kept (a block completed meanwhile started a newer one).
        if (started === readsStarted) lastRead = { ...result, at: performance.now() }
        return result
      })
      .finally(() => {
        if (keyInFlight === read) keyInFlight = undefined
      })
    keyInFlight = read
    return read
  }

  return {
    /** Identifies the indexed state: latest block number and hash of every network. */
    async key(): Promise<string> {
      return (await currentKey()).key
    },
    /** The current snapshot, rebuilt when a new block has been indexed on any network. */
    async get(): Promise<Snapshot> {
      const { key, states } = await currentKey()
      if (current?.key === key) return current
      if (building?.key !== key) {
        const promise = build(key, states).then((s) => {
          current = s
          return s
        })
        building = { key, promise }
        promise.catch(() => {
          if (building?.promise === promise) building = undefined
        })
      }
      return building.promise
    },
  }
}
