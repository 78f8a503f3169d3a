/**
 * The orders store's types, its schema (migrations) and the mapping of its rows (store.ts).
 */
import type { Address, Hex } from 'viem'

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

export const migrations = [
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

export interface OrderRow {
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

export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString()
}

export function fromRow(row: OrderRow): StoredOrder {
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
