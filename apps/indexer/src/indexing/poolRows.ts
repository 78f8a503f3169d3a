/** Pool and position rows the v2, v3 and v4 handlers share. */
import { pool, position } from 'ponder:schema'
import type { Address, Hex } from 'viem'
import { foldActivity } from './activity.ts'
import { repricePool } from './pricing.ts'
import { type Client, type Db, ensureToken, lower, metaOf, type PoolRow } from './store.ts'

export async function findPool(db: Db, chainId: number, id: Hex): Promise<PoolRow | undefined> {
  return (await db.find(pool, { chainId, id: lower(id) })) ?? undefined
}

/**
 * A pool's own price event (v2 Sync, v3 Initialize): sets `values` on the row of the pool that
 * emitted it and reprices it; an event of a contract that is not one of the pools is skipped.
 */
export async function setPoolPrice(
  context: { db: Db; network: { chainId: number } },
  event: { log: { address: Hex }; block: { timestamp: bigint } },
  values: Partial<Omit<typeof pool.$inferInsert, 'chainId' | 'id'>>,
): Promise<void> {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const updated = await context.db.update(pool, { chainId, id: p.id }).set(values)
  await repricePool(context.db, updated, Number(event.block.timestamp))
}

export function inRange(p: PoolRow, tickLower: number, tickUpper: number): boolean {
  return p.tick !== null && tickLower <= p.tick && p.tick < tickUpper
}

/**
 * A pool the factory (or the v4 PoolManager) created: its tokens' rows, the pool row, and the
 * creator's CREATE_POOL activity. `onCreated` runs on a new row before the activity is folded.
 */
export async function createPool(
  context: { db: Db; client: Client; network: { chainId: number } },
  event: Parameters<typeof metaOf>[1],
  [token0, token1]: readonly [Address, Address],
  fields: Omit<typeof pool.$inferInsert, 'chainId' | 'token0' | 'token1' | 'createdAt' | 'createdBlock'>,
  onCreated?: (row: PoolRow) => Promise<unknown>,
): Promise<void> {
  const chainId = context.network.chainId
  await ensureToken(context.db, context.client, chainId, token0)
  await ensureToken(context.db, context.client, chainId, token1)
  const created = await context.db
    .insert(pool)
    .values({
      chainId,
      ...fields,
      token0: lower(token0),
      token1: lower(token1),
      createdAt: Number(event.block.timestamp),
      createdBlock: event.block.number,
    })
    .onConflictDoNothing()
  if (created && onCreated) await onCreated(created)
  await foldActivity(context.db, metaOf(chainId, event), event.transaction.from, 'CREATE_POOL', {
    pool: fields.id,
  })
}

/** A position NFT's new owner (a mint creates the row; the pool and amounts come from other events). */
export async function transferPosition(
  db: Db,
  chainId: number,
  version: 'v3' | 'v4',
  tokenId: bigint,
  to: Address,
  timestamp: bigint,
): Promise<void> {
  const key = { chainId, version, tokenId }
  await db
    .insert(position)
    .values({ ...key, owner: lower(to), createdAt: Number(timestamp) })
    .onConflictDoUpdate({ owner: lower(to) })
}
