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
  /**
   * A gasless swap's decaying Dutch order: its output starts at `outputStartAmount` at `startTime`
   * and falls to `outputAmount` at `endTime` (unix seconds). Absent (null): a limit order.
   */
  readonly decay?: OrderDecay | null
}

export interface OrderDecay {
  readonly outputStartAmount: bigint
  readonly startTime: number
  readonly endTime: number
}

/** 'limit' orders keep their price; 'gasless' ones (a gasless swap) decay. */
export const orderKinds = ['limit', 'gasless'] as const
export type OrderKind = (typeof orderKinds)[number]

export interface StoredOrder extends NewOrder {
  readonly kind: OrderKind
  readonly decay: OrderDecay | null
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
  {
    // gasless swaps: decaying Dutch orders next to the limit orders
    name: 'orders-2-gasless',
    sql: `
ALTER TABLE orders ADD COLUMN kind text NOT NULL DEFAULT 'limit';
ALTER TABLE orders ADD COLUMN output_start_amount numeric(78);
ALTER TABLE orders ADD COLUMN decay_start bigint;
ALTER TABLE orders ADD COLUMN decay_end bigint;
CREATE INDEX orders_chain_kind_status ON orders (chain_id, kind, status)`,
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
  kind: OrderKind
  output_start_amount: string | null
  decay_start: string | number | null
  decay_end: string | number | null
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
    kind: row.kind,
    decay:
      row.output_start_amount === null || row.decay_start === null || row.decay_end === null
        ? null
        : {
            outputStartAmount: BigInt(row.output_start_amount),
            startTime: Number(row.decay_start),
            endTime: Number(row.decay_end),
          },
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

/** Orders written in one transaction at most (the arrays of one INSERT … SELECT FROM unnest). */
const MAX_INSERT_BATCH = 500

interface PendingInsert {
  readonly order: NewOrder
  readonly resolve: (result: InsertResult) => void
  readonly reject: (error: unknown) => void
}

/**
 * Group commit: orders submitted while a write is running are written together in the next one,
 * one transaction and four statements however many there are (a per-order transaction cost each
 * submission a WAL flush and five statements, and PGlite runs them one at a time). The limit of
 * open orders holds exactly as before: every swapper in the batch is locked (so replicas sharing a
 * PostgreSQL server queue), counted once, and its orders take the free places in arrival order.
 */
function createBatchedInsert(db: Database): (order: NewOrder) => Promise<InsertResult> {
  let queue: PendingInsert[] = []
  let writing = false
  const drain = async () => {
    writing = true
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_INSERT_BATCH)
      queue = queue.slice(batch.length)
      try {
        const results = await db.transaction((tx) =>
          insertBatch(
            tx,
            batch.map((p) => p.order),
            db.kind === 'postgres',
          ),
        )
        for (const [i, p] of batch.entries()) p.resolve(results[i] as InsertResult)
      } catch (error) {
        for (const p of batch) p.reject(error)
      }
    }
    writing = false
  }
  return (order) =>
    new Promise<InsertResult>((resolve, reject) => {
      queue.push({ order, resolve, reject })
      if (!writing) void drain()
    })
}

/**
 * Inserts `orders` (in arrival order) in the open transaction `tx`; one result per order. `shared`:
 * a server other API processes write to as well (PGlite is this process's alone, its statements
 * already one at a time).
 */
async function insertBatch(
  tx: Queryable,
  orders: readonly NewOrder[],
  shared: boolean,
): Promise<InsertResult[]> {
  const results: (InsertResult | undefined)[] = orders.map(() => undefined)
  const swappers = [...new Set(orders.map((o) => o.swapper))]
  // Locks in one order (by hash) so two replicas' batches cannot deadlock on each other.
  if (shared)
    await tx.query(
      `SELECT pg_advisory_xact_lock(h) FROM (
       SELECT DISTINCT hashtext('orders:' || s) AS h FROM unnest($1::text[]) AS s ORDER BY h) AS locks`,
      [swappers],
    )
  const open = new Map<string, number>(swappers.map((s) => [s, 0]))
  for (const row of await tx.query<{ swapper: string; n: string | number }>(
    `SELECT swapper, count(*) AS n FROM orders WHERE swapper = ANY($1::text[]) AND status = 'opened'
     GROUP BY swapper`,
    [swappers],
  )) {
    open.set(row.swapper, Number(row.n))
  }
  // A second submission of an order (or of its nonce) in the same batch is a duplicate outright.
  const seen = new Set<string>()
  const repeated: number[] = []
  let pending: number[] = []
  for (const [i, order] of orders.entries()) {
    const keys = [order.orderHash, `${order.chainId}:${order.swapper}:${order.nonce}`]
    if (keys.some((k) => seen.has(k))) repeated.push(i)
    else {
      for (const k of keys) seen.add(k)
      pending.push(i)
    }
  }
  // Each round gives every swapper's free places to its orders in arrival order. An order that
  // turns out to exist already frees its place, so the orders it crowded out get another round.
  while (pending.length > 0) {
    const taken = new Map(open)
    const tried: number[] = []
    const crowdedOut: number[] = []
    for (const i of pending) {
      const swapper = (orders[i] as NewOrder).swapper
      const n = taken.get(swapper) ?? 0
      if (n < MAX_OPEN_LIMIT_ORDERS) {
        taken.set(swapper, n + 1)
        tried.push(i)
      } else crowdedOut.push(i)
    }
    const rows =
      tried.length === 0
        ? []
        : await insertOrders(
            tx,
            tried.map((i) => orders[i] as NewOrder),
          )
    const stored = new Map(rows.map((row) => [row.order_hash, row]))
    const freed = new Set<string>()
    for (const i of tried) {
      const order = orders[i] as NewOrder
      const row = stored.get(order.orderHash)
      const n = open.get(order.swapper) ?? 0
      if (row) {
        open.set(order.swapper, n + 1)
        results[i] = { ok: true, order: fromRow(row), openOrders: n + 1 }
      } else {
        results[i] = { ok: false, reason: 'duplicate', openOrders: n }
        freed.add(order.swapper)
      }
    }
    pending = []
    for (const i of crowdedOut) {
      const swapper = (orders[i] as NewOrder).swapper
      if (freed.has(swapper) && (open.get(swapper) ?? 0) < MAX_OPEN_LIMIT_ORDERS) pending.push(i)
      else results[i] = { ok: false, reason: 'too-many-open', openOrders: open.get(swapper) ?? 0 }
    }
  }
  for (const i of repeated) {
    results[i] = {
      ok: false,
      reason: 'duplicate',
      openOrders: open.get((orders[i] as NewOrder).swapper) ?? 0,
    }
  }
  return results as InsertResult[]
}

/** The orders and their first history rows in one statement; the rows inserted (not conflicting). */
function insertOrders(tx: Queryable, orders: readonly NewOrder[]): Promise<OrderRow[]> {
  const column = <T>(f: (o: NewOrder) => T) => orders.map(f)
  return tx.query<OrderRow>(
    `WITH inserted AS (
       INSERT INTO orders (order_hash, chain_id, swapper, reactor, nonce, deadline, input_token,
         input_amount, output_token, output_amount, encoded_order, signature, kind,
         output_start_amount, decay_start, decay_end, status)
       SELECT *, 'opened' FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::numeric[],
         $6::bigint[], $7::text[], $8::numeric[], $9::text[], $10::numeric[], $11::text[], $12::text[],
         $13::text[], $14::numeric[], $15::bigint[], $16::bigint[])
       ON CONFLICT DO NOTHING RETURNING *
     ), history AS (
       INSERT INTO order_status_history (order_hash, status) SELECT order_hash, status FROM inserted
     )
     SELECT * FROM inserted`,
    [
      column((o) => o.orderHash),
      column((o) => o.chainId),
      column((o) => o.swapper),
      column((o) => o.reactor),
      column((o) => o.nonce.toString()),
      column((o) => o.deadline),
      column((o) => o.inputToken),
      column((o) => o.inputAmount.toString()),
      column((o) => o.outputToken),
      column((o) => o.outputAmount.toString()),
      column((o) => o.encodedOrder),
      column((o) => o.signature),
      column((o): OrderKind => (o.decay ? 'gasless' : 'limit')),
      column((o) => o.decay?.outputStartAmount.toString() ?? null),
      column((o) => o.decay?.startTime ?? null),
      column((o) => o.decay?.endTime ?? null),
    ],
  )
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
