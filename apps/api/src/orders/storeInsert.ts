/**
 * The orders store's writes of new orders (store.ts): group commit, the limit of open orders per
 * swapper, duplicates.
 */
import { MAX_OPEN_LIMIT_ORDERS } from '@oxbow/core'
import type { Database, Queryable } from '../db/index.ts'
import { fromRow, type InsertResult, type NewOrder, type OrderKind, type OrderRow } from './storeSchema.ts'

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
export function createBatchedInsert(db: Database): (order: NewOrder) => Promise<InsertResult> {
  let queue: PendingInsert[] = []
  let writing = false
  const drain = async () => {
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
      // The first order waits one turn of the event loop: the orders checked with it (one answer
      // of the order thread, one block's chain reads) reach here in that turn and share its write.
      if (!writing) {
        writing = true
        setImmediate(() => void drain())
      }
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
