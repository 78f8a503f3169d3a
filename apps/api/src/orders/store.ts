/**
 * Orders and their status history in the API's schema. An order is written once with its signed
 * payload; every status change appends a history row in the same transaction. The types, schema
 * and row mapping are in storeSchema.ts, the writes of new orders in storeInsert.ts.
 */
import type { Address, Hex } from 'viem'
import { type Database, migrate, type Queryable } from '../db/index.ts'
import { createBatchedInsert } from './storeInsert.ts'
import {
  fromRow,
  type InsertResult,
  iso,
  migrations,
  type NewOrder,
  type OrderKind,
  type OrderRow,
  type OrderStatus,
  type StatusChange,
  type StoredOrder,
} from './storeSchema.ts'

export {
  type InsertResult,
  type NewOrder,
  type OrderDecay,
  type OrderKind,
  type OrderStatus,
  orderKinds,
  orderStatuses,
  type StatusChange,
  type StoredOrder,
} from './storeSchema.ts'

export interface OrderStore {
  /** Stores an open order unless its account already has `MAX_OPEN_LIMIT_ORDERS` or it exists. */
  insert(order: NewOrder): Promise<InsertResult>
  get(orderHash: Hex): Promise<StoredOrder | null>
  list(filter: {
    swapper?: Address | undefined
    chainId?: number | undefined
    status?: OrderStatus | undefined
    kind?: OrderKind | undefined
    /** Only orders whose deadline is before this (unix seconds). */
    deadlineBefore?: bigint | undefined
    limit: number
  }): Promise<StoredOrder[]>
  history(orderHash: Hex): Promise<StatusChange[]>
  countOpen(swapper: Address): Promise<number>
  /** Moves an open order to a final status; false when it was not open (already settled). */
  settle(orderHash: Hex, status: Exclude<OrderStatus, 'opened'>, txHash: Hex | null): Promise<boolean>
  cursor(chainId: number): Promise<bigint | null>
  setCursor(chainId: number, block: bigint): Promise<void>
}

async function countOpen(q: Queryable, swapper: Address): Promise<number> {
  const [row] = await q.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM orders WHERE swapper = $1 AND status = 'opened'",
    [swapper],
  )
  return Number(row?.n ?? 0)
}

export async function createOrderStore(db: Database): Promise<OrderStore> {
  await migrate(db, 'orders', migrations)
  return {
    insert: createBatchedInsert(db),
    async get(orderHash) {
      const [row] = await db.query<OrderRow>('SELECT * FROM orders WHERE order_hash = $1', [orderHash])
      return row ? fromRow(row) : null
    },
    async list(filter) {
      const where: string[] = []
      const params: unknown[] = []
      if (filter.swapper !== undefined) where.push(`swapper = $${params.push(filter.swapper)}`)
      if (filter.chainId !== undefined) where.push(`chain_id = $${params.push(filter.chainId)}`)
      if (filter.status !== undefined) where.push(`status = $${params.push(filter.status)}`)
      if (filter.kind !== undefined) where.push(`kind = $${params.push(filter.kind)}`)
      if (filter.deadlineBefore !== undefined) {
        where.push(`deadline < $${params.push(filter.deadlineBefore.toString())}`)
      }
      const rows = await db.query<OrderRow>(
        `SELECT * FROM orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY created_at DESC, order_hash LIMIT $${params.push(filter.limit)}`,
        params,
      )
      return rows.map(fromRow)
    },
    async history(orderHash) {
      const rows = await db.query<{ status: OrderStatus; tx_hash: string | null; at: Date | string }>(
        'SELECT status, tx_hash, at FROM order_status_history WHERE order_hash = $1 ORDER BY id',
        [orderHash],
      )
      return rows.map((row) => ({ status: row.status, txHash: row.tx_hash as Hex | null, at: iso(row.at) }))
    },
    countOpen: (swapper) => countOpen(db, swapper),
    settle: (orderHash, status, txHash) =>
      db.transaction(async (tx) => {
        const updated = await tx.query(
          `UPDATE orders SET status = $2, tx_hash = $3, updated_at = now()
           WHERE order_hash = $1 AND status = 'opened' RETURNING order_hash`,
          [orderHash, status, txHash],
        )
        if (updated.length === 0) return false
        await tx.query('INSERT INTO order_status_history (order_hash, status, tx_hash) VALUES ($1, $2, $3)', [
          orderHash,
          status,
          txHash,
        ])
        return true
      }),
    async cursor(chainId) {
      const [row] = await db.query<{ block: string | number }>(
        'SELECT block FROM order_cursors WHERE chain_id = $1',
        [chainId],
      )
      return row ? BigInt(row.block) : null
    },
    async setCursor(chainId, block) {
      await db.query(
        `INSERT INTO order_cursors (chain_id, block) VALUES ($1, $2)
         ON CONFLICT (chain_id) DO UPDATE SET block = EXCLUDED.block`,
        [chainId, block.toString()],
      )
    },
  }
}
