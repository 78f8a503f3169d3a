/**
 * The per-account activity fold, and the native-currency legs of a transaction that contracts pay
 * without logs (read from the node's call trace).
 */
import { activity, nativeTrace } from 'ponder:schema'
import type { ActivityType } from '@oxbow/core'
import { type Address, createPublicClient, type Hex, http, type PublicClient, zeroAddress } from 'viem'
import { type AssetChange, activityPriority, mergeAssetChange } from '../lib/derive.ts'
import { readManifestSync } from '../lib/manifest.ts'
import { abs } from '../lib/math.ts'
import { type Db, type EventMeta, lower } from './store.ts'

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

/**
 * Liquidity moved between pools in one transaction: removed from one (v2 LP burn, v3 or v4 decrease)
 * and added to another. The same pool on both sides (a rebalance) is not a migration.
 */
function migrates(out: Hex | null, into: Hex | null): boolean {
  return out !== null && into !== null && out !== into
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
  const out = type === 'LIQUIDITY_DECREASE' && extra.pool ? extra.pool : null
  const into = type === 'LIQUIDITY_INCREASE' && extra.pool ? extra.pool : null
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
      priority: activityPriority[type],
      assetChanges: extra.change ? [extra.change] : [],
      counterparty: extra.counterparty ? lower(extra.counterparty) : null,
      pool: extra.pool ?? null,
      nftCollection: extra.nftCollection ?? null,
      nftTokenId: extra.nftTokenId ?? null,
      liquidityOut: out,
      liquidityIn: into,
    })
    return
  }
  const liquidityOut = existing.liquidityOut ?? out
  const liquidityIn = existing.liquidityIn ?? into
  const named: ActivityType = migrates(liquidityOut, liquidityIn) ? 'MIGRATE_LIQUIDITY' : type
  const priority = activityPriority[named]
  const upgrade = priority > existing.priority
  const changes = existing.assetChanges as AssetChange[]
  await db.update(activity, { id }).set({
    ...(upgrade ? { type: named, priority } : {}),
    assetChanges: extra.change ? mergeAssetChange(changes, extra.change) : changes,
    ...(extra.counterparty && (upgrade || existing.counterparty === null)
      ? { counterparty: lower(extra.counterparty) }
      : {}),
    // A migration's row names the pool the liquidity went to.
    ...(extra.pool && (named !== 'MIGRATE_LIQUIDITY' || into) ? { pool: extra.pool } : {}),
    ...(extra.nftCollection ? { nftCollection: extra.nftCollection } : {}),
    ...(extra.nftTokenId !== undefined ? { nftTokenId: extra.nftTokenId } : {}),
    liquidityOut,
    liquidityIn,
  })
}
