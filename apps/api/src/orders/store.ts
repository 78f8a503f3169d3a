/**
 * Orders and their status history in the API's schema. An order is written once with its signed
 * payload; every status change appends a history row in the same transaction.
 */
import { MAX_OPEN_LIMIT_ORDERS } from '@oxbow/core'
import type { Address, Hex } from 'viem'
import { type Database, migrate, type Queryable } from '../db/index.ts'

/** The spec's limit-order statuses the service records (cancellation progress is the app's). */
export const orderStatuses = ['opened', 'executed', 'canceled', 'expired', 'failed'] as const
export type OrderStatus = (typeof orderStatuses)[number]

export interface NewOrder {
  readonly orderHash: Hex
  readonly chainId: number
  readonly swapper: Address
  readonly reactor: Address
  readonly nonce: bigint
  readonly deadline: number
  readonly inputToken: Address
  readonly inputAmount: bigint
  readonly outputToken: Address
  readonly outputAmount: bigint
  readonly encodedOrder: Hex
  readonly signature: Hex
}

export interface StoredOrder extends NewOrder {
  readonly status: OrderStatus
  /** The transaction that filled or canceled the order. */
  readonly txHash: Hex | null
  readonly createdAt: string
  readonly updatedAt: string
}

export interface StatusChange {
  readonly status: OrderStatus
  readonly txHash: Hex | null
  readonly at: string
}

const migrations = [
  {
    name: 'orders-1',
    sql: `
CREATE TABLE orders (
  order_hash text PRIMARY KEY,
  chain_id integer NOT NULL,
  swapper text NOT NULL,
  reactor text NOT NULL,
  nonce numeric(78) NOT NULL,
  deadline bigint NOT NULL,
  input_token text NOT NULL,
  input_amount numeric(78) NOT NULL,
  output_token text NOT NULL,
  output_amount numeric(78) NOT NULL,
  encoded_order text NOT NULL,
  signature text NOT NULL,
  status text NOT NULL,
  tx_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, swapper, nonce)
);
CREATE INDEX orders_swapper_status ON orders (swapper, status);
CREATE INDEX orders_chain_status ON orders (chain_id, status);
CREATE TABLE order_status_history (
  id bigserial PRIMARY KEY,
  order_hash text NOT NULL REFERENCES orders (order_hash),
  status text NOT NULL,
  tx_hash text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_history_order ON order_status_history (order_hash, id);
CREATE TABLE order_cursors (
  chain_id integer PRIMARY KEY,
  block bigint NOT NULL
)`,
  },
] as const

interface OrderRow {
  order_hash: string
  chain_id: number
  swapper: string
  reactor: string
  nonce: string
  deadline: string | number
  input_token: string
  input_amount: string
  output_token: string
  output_amount: string
  encoded_order: string
  signature: string
  status: OrderStatus
  tx_hash: string | null
  created_at: Date | string
  updated_at: Date | string
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString()
}

function fromRow(row: OrderRow): StoredOrder {
  return {
    orderHash: row.order_hash as Hex,
    chainId: row.chain_id,
    swapper: row.swapper as Address,
    reactor: row.reactor as Address,
    nonce: BigInt(row.nonce),
    deadline: Number(row.deadline),
    inputToken: row.input_token as Address,
    inputAmount: BigInt(row.input_amount),
    outputToken: row.output_token as Address,
    outputAmount: BigInt(row.output_amount),
    encodedOrder: row.encoded_order as Hex,
    signature: row.signature as Hex,
    status: row.status,
    txHash: row.tx_hash as Hex | null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

export type InsertResult =
  | { readonly ok: true; readonly order: StoredOrder; readonly openOrders: number }
  | { readonly ok: false; readonly reason: 'duplicate' | 'too-many-open'; readonly openOrders: number }

export interface OrderStore {
  /** Stores an open order unless its account already has `MAX_OPEN_LIMIT_ORDERS` or it exists. */
  insert(order: NewOrder): Promise<InsertResult>
  get(orderHash: Hex): Promise<StoredOrder | null>
  list(filter: {
    swapper?: Address | undefined
    chainId?: number | undefined
    status?: OrderStatus | undefined
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
    insert: (order) =>
      db.transaction(async (tx) => {
        // One account's submissions queue here, so two racing requests cannot both be the 100th.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`orders:${order.swapper}`])
        const open = await countOpen(tx, order.swapper)
        if (open >= MAX_OPEN_LIMIT_ORDERS) return { ok: false, reason: 'too-many-open', openOrders: open }
        // The order and its first history row in one statement (one round trip fewer per order).
        const [row] = await tx.query<OrderRow>(
          `WITH inserted AS (
             INSERT INTO orders (order_hash, chain_id, swapper, reactor, nonce, deadline, input_token,
               input_amount, output_token, output_amount, encoded_order, signature, status)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'opened')
             ON CONFLICT DO NOTHING RETURNING *
           ), history AS (
             INSERT INTO order_status_history (order_hash, status) SELECT order_hash, status FROM inserted
           )
           SELECT * FROM inserted`,
          [
            order.orderHash,
            order.chainId,
            order.swapper,
            order.reactor,
            order.nonce.toString(),
            order.deadline,
            order.inputToken,
            order.inputAmount.toString(),
            order.outputToken,
            order.outputAmount.toString(),
            order.encodedOrder,
            order.signature,
          ],
        )
        if (!row) return { ok: false, reason: 'duplicate', openOrders: open }
        return { ok: true, order: fromRow(row), openOrders: open + 1 }
      }),
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
