/**
 * Write helpers shared by the handlers: tokens, prices and candles, pool state and windows,
 * balances and the per-account activity fold.
 */
import type { Context } from 'ponder:registry'
import {
  activity,
  balance,
  nativeTrace,
  networkState,
  pool,
  poolEvent,
  poolWindow,
  token,
  tokenCandle,
} from 'ponder:schema'
import { getNetworkByChainId } from '@oxbow/chains'
import { type Address, createPublicClient, type Hex, http, type PublicClient, zeroAddress } from 'viem'
import { tokenAbi } from '../lib/abis.ts'
import {
  type ActivityType,
  type AssetChange,
  activityPriority,
  bucketOf,
  candlePeriods,
  mergeAssetChange,
  shouldReprice,
  swapValueUsd,
  windowPeriods,
} from '../lib/derive.ts'
import { readManifestSync } from '../lib/manifest.ts'
import { abs, priceFromReserves, priceFromSqrtX96, toUnits } from '../lib/math.ts'

type Db = Context['db']
type Client = Context['client']
export type TokenRow = typeof token.$inferSelect
export type PoolRow = typeof pool.$inferSelect

export const lower = (a: string): Hex => a.toLowerCase() as Hex

export interface EventMeta {
  chainId: number
  txHash: Hex
  txFrom: Address
  blockNumber: bigint
  logIndex: number
  timestamp: number
}

export function metaOf(
  chainId: number,
  event: {
    transaction: { hash: Hex; from: Address }
    block: { number: bigint; timestamp: bigint }
    log: { logIndex: number }
  },
): EventMeta {
  return {
    chainId,
    txHash: event.transaction.hash,
    txFrom: event.transaction.from,
    blockNumber: event.block.number,
    logIndex: event.log.logIndex,
    timestamp: Number(event.block.timestamp),
  }
}

export async function setNetworkState(
  db: Db,
  chainId: number,
  blockNumber: bigint,
  blockHash: Hex,
  timestamp: number,
) {
  await db
    .insert(networkState)
    .values({ chainId, blockNumber, blockHash, timestamp })
    .onConflictDoUpdate({ blockNumber, blockHash, timestamp })
}

/** Inserts the manifest's tokens (and WETH9) of a network. */
export async function seedTokens(db: Db, chainId: number) {
  const manifest = readManifestSync()
  const deployment = Object.values(manifest.networks).find((d) => d.chainId === chainId)
  if (!deployment) return
  const rows: (typeof token.$inferInsert)[] = deployment.tokens.map((t) => ({
    chainId,
    address: lower(t.address),
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    kind: t.kind,
    safety: t.safety,
    totalSupply: 0n,
    ...(t.kind === 'stablecoin' ? { priceUsd: 1, priceDepth: 0 } : {}),
  }))
  const native = getNetworkByChainId(chainId).nativeCurrency
  const weth = lower(deployment.contracts.weth9)
  if (!rows.some((r) => r.address === weth)) {
    rows.push({
      chainId,
      address: weth,
      symbol: `W${native.symbol}`,
      name: `Wrapped ${native.name}`,
      decimals: native.decimals,
      kind: 'wrapped-native',
      safety: 'verified',
      totalSupply: 0n,
    })
  }
  rows.push({
    chainId,
    address: zeroAddress,
    symbol: native.symbol,
    name: native.name,
    decimals: native.decimals,
    kind: 'native',
    safety: 'verified',
    totalSupply: null,
  })
  await db.insert(token).values(rows).onConflictDoNothing()
}

/** A token row, reading metadata from chain for tokens the manifest does not list. */
export async function ensureToken(
  db: Db,
  client: Client,
  chainId: number,
  address: Address,
): Promise<TokenRow> {
  const key = { chainId, address: lower(address) }
  const found = await db.find(token, key)
  if (found) return found
  const read = async <T>(fn: 'symbol' | 'name' | 'decimals', fallback: T): Promise<T> => {
    try {
      // Metadata never changes: read at the head (a devnet restored from a dump has no history).
      return (await client.readContract({
        abi: tokenAbi,
        address,
        functionName: fn,
        cache: 'immutable',
      })) as T
    } catch {
      return fallback
    }
  }
  const symbol = String(await read('symbol', 'UNKNOWN')).slice(0, 32) || 'UNKNOWN'
  const name = String(await read('name', symbol)).slice(0, 64) || symbol
  const decimals = Number(await read('decimals', 18))
  const row = {
    ...key,
    symbol,
    name,
    decimals: Number.isInteger(decimals) && decimals >= 0 && decimals <= 36 ? decimals : 18,
    kind: 'unlisted',
    safety: 'medium',
  }
  await db.insert(token).values(row).onConflictDoNothing()
  return (await db.find(token, key)) as TokenRow
}

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
  await db.insert(poolEvent).values({
    id: `${meta.chainId}:${meta.txHash}:${meta.logIndex}`,
    chainId: meta.chainId,
    pool: p.id,
    txHash: meta.txHash,
    blockNumber: meta.blockNumber,
    logIndex: meta.logIndex,
    timestamp: meta.timestamp,
    type: 'SWAP',
    account: lower(meta.txFrom),
    amount0,
    amount1,
    valueUsd,
  })
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
    .values({
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
    })
    .onConflictDoNothing()
  await bumpWindows(db, p, meta.timestamp, 0, 0)
}

export async function addBalance(db: Db, chainId: number, tokenAddress: Hex, owner: Address, delta: bigint) {
  if (owner === zeroAddress || delta === 0n) return
  await db
    .insert(balance)
    .values({ chainId, token: tokenAddress, owner: lower(owner), amount: delta })
    .onConflictDoUpdate((row) => ({ amount: row.amount + delta }))
}

export async function addSupply(db: Db, chainId: number, tokenAddress: Hex, delta: bigint) {
  const row = await db.find(token, { chainId, address: tokenAddress })
  if (!row || row.totalSupply === null) return
  await db.update(token, { chainId, address: tokenAddress }).set({ totalSupply: row.totalSupply + delta })
}

interface CallFrame {
  from: string
  to?: string
  value?: string
  error?: string
  calls?: CallFrame[]
}

/** One plain client per chain for call traces: Ponder's queue retries a failed request for minutes. */
const tracers = new Map<number, PublicClient>()
export function tracerOf(chainId: number): PublicClient | undefined {
  let c = tracers.get(chainId)
  if (!c) {
    const d = Object.values(readManifestSync().networks).find((n) => n.chainId === chainId)
    if (!d) return undefined
    c = createPublicClient({ transport: http(d.rpcUrl, { retryCount: 0, timeout: 10_000 }) })
    tracers.set(chainId, c)
  }
  return c
}

/**
 * Net native-currency movement per address in a transaction (positive = received), from the node's
 * call trace (every call that carried value, reverted frames excluded); undefined when the node
 * cannot trace it.
 */
export async function tracedNativeFlows(chainId: number, txHash: Hex): Promise<Map<Hex, bigint> | undefined> {
  const client = tracerOf(chainId)
  if (!client) return undefined
  let root: CallFrame
  try {
    root = (await client.request({
      method: 'debug_traceTransaction',
      params: [txHash, { tracer: 'callTracer' }],
    } as never)) as CallFrame
  } catch {
    return undefined
  }
  if (!root || typeof root !== 'object') return undefined
  const net = new Map<Hex, bigint>()
  const add = (address: string, delta: bigint) => {
    const key = lower(address)
    net.set(key, (net.get(key) ?? 0n) + delta)
  }
  const walk = (frame: CallFrame) => {
    if (frame.error) return
    const value = BigInt(frame.value ?? '0x0')
    if (value > 0n && frame.to) {
      add(frame.from, -value)
      add(frame.to, value)
    }
    for (const inner of frame.calls ?? []) walk(inner)
  }
  walk(root)
  return net
}

/** EIP-7702: an account delegated to code is still a person's account. */
const DELEGATION_PREFIX = '0xef0100'

/** An account of a person: no code, or an EIP-7702 delegation. */
async function isAccount(chainId: number, address: Hex, blockNumber: bigint): Promise<boolean> {
  const client = tracerOf(chainId)
  if (!client) return false
  const code = await client
    .getCode({ address, blockNumber })
    .catch(() => client.getCode({ address }))
    .catch(() => undefined)
  return !code || code === '0x' || code.toLowerCase().startsWith(DELEGATION_PREFIX)
}

/**
 * The native currency that accounts paid (negative) or received (positive) through contracts in a
 * transaction: a router wrapping or unwrapping, a v4 pool settling in the native currency, a router
 * paying a recipient. Contracts send it without logs, so the first such event of a transaction
 * reads its call trace once and records every account's net movement (the sender's and any
 * recipient's, not the contracts'). Where the node cannot trace, the logs' reading `delta` (the
 * sender's, netted per transaction) applies.
 */
export async function nativeLeg(db: Db, meta: EventMeta, delta: bigint) {
  const id = `${meta.chainId}:${meta.txHash}`
  const known = await db.find(nativeTrace, { id })
  if (known?.traced) return
  if (!known) {
    const flows = await tracedNativeFlows(meta.chainId, meta.txHash)
    await db.insert(nativeTrace).values({ id, traced: flows !== undefined })
    if (flows) {
      for (const [account, net] of flows) {
        if (net === 0n) continue
        if (account !== lower(meta.txFrom) && !(await isAccount(meta.chainId, account, meta.blockNumber)))
          continue
        await foldNative(db, meta, account, net, account === lower(meta.txFrom) ? undefined : meta.txFrom)
      }
      return
    }
  }
  await foldNative(db, meta, meta.txFrom, delta)
}

export async function foldNative(
  db: Db,
  meta: EventMeta,
  account: Address,
  delta: bigint,
  counterparty?: Address,
) {
  if (delta === 0n) return
  await foldActivity(db, meta, account, delta > 0n ? 'RECEIVE' : 'SEND', {
    change: { token: zeroAddress, amount: abs(delta).toString(), direction: delta > 0n ? 'IN' : 'OUT' },
    ...(counterparty ? { counterparty } : {}),
  })
}

/** Folds one fact about a transaction into the account's activity row for it. */
export async function foldActivity(
  db: Db,
  meta: EventMeta,
  account: Address,
  type: ActivityType,
  extra: {
    change?: AssetChange
    counterparty?: Address
    pool?: Hex
    nftCollection?: Hex
    nftTokenId?: bigint
  } = {},
) {
  if (account === zeroAddress) return
  const id = `${meta.chainId}:${meta.txHash}:${lower(account)}`
  const priority = activityPriority[type]
  const existing = await db.find(activity, { id })
  if (!existing) {
    await db.insert(activity).values({
      id,
      chainId: meta.chainId,
      account: lower(account),
      txHash: meta.txHash,
      blockNumber: meta.blockNumber,
      logIndex: meta.logIndex,
      timestamp: meta.timestamp,
      type,
      priority,
      assetChanges: extra.change ? [extra.change] : [],
      counterparty: extra.counterparty ? lower(extra.counterparty) : null,
      pool: extra.pool ?? null,
      nftCollection: extra.nftCollection ?? null,
      nftTokenId: extra.nftTokenId ?? null,
    })
    return
  }
  const upgrade = priority > existing.priority
  const changes = existing.assetChanges as AssetChange[]
  await db.update(activity, { id }).set({
    ...(upgrade ? { type, priority } : {}),
    assetChanges: extra.change ? mergeAssetChange(changes, extra.change) : changes,
    ...(extra.counterparty && (upgrade || existing.counterparty === null)
      ? { counterparty: lower(extra.counterparty) }
      : {}),
    ...(extra.pool ? { pool: extra.pool } : {}),
    ...(extra.nftCollection ? { nftCollection: extra.nftCollection } : {}),
    ...(extra.nftTokenId !== undefined ? { nftTokenId: extra.nftTokenId } : {}),
  })
}
