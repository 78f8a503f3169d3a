/**
 * Write helpers shared by the handlers: event metadata, network state, token rows, balances and
 * supply. Prices, candles and pool windows are in pricing.ts; the per-account activity fold in
 * activity.ts.
 */
import type { Context } from 'ponder:registry'
import { balance, networkState, type pool, token } from 'ponder:schema'
import { getNetworkByChainId } from '@oxbow/chains'
import { type Address, type Hex, zeroAddress } from 'viem'
import { tokenAbi } from '../lib/abis.ts'
import { readManifestSync } from '../lib/manifest.ts'

export type Db = Context['db']
export type Client = Context['client']
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
