/**
 * Fiat orders and their status history in the API's schema. Status only moves forward
 * (created → waiting_for_deposit/pending → completed/failed) and only through a verified webhook,
 * each webhook event applied at most once (its id is a key), in one transaction with the order row
 * locked, so a replay or a concurrent duplicate never records a second payment.
 */
import type { Database, Migration, Queryable } from '../db/index.ts'
import type { FiatSide, ProviderOrderStatus, WebhookEvent } from './adapter.ts'

export type OrderStatus = 'created' | 'waiting_for_deposit' | 'pending' | 'completed' | 'failed'
export type OrderSide = FiatSide | 'transfer'

export const fiatMigrations: readonly Migration[] = [
  {
    name: '001_orders',
    sql: `
CREATE TABLE fiat_orders (
  id text PRIMARY KEY,
  provider text NOT NULL,
  side text NOT NULL CHECK (side IN ('buy', 'sell', 'transfer')),
  status text NOT NULL,
  country text,
  fiat_currency text,
  fiat_amount numeric(20, 2),
  crypto text,
  network text NOT NULL,
  wallet_address text NOT NULL,
  crypto_amount numeric(78),
  provider_order_id text,
  tx_hash text,
  deposit_address text,
  failure_reason text,
  eta_seconds integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fiat_orders_wallet ON fiat_orders (lower(wallet_address), created_at DESC);
CREATE TABLE fiat_order_events (
  id bigserial PRIMARY KEY,
  order_id text NOT NULL REFERENCES fiat_orders (id),
  status text NOT NULL,
  provider_event_id text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fiat_order_events_order ON fiat_order_events (order_id, id);
CREATE TABLE fiat_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  order_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
`,
  },
  {
    // The provider's fee as its quote gave it when the order was placed (in the order's fiat
    // currency): null for an exchange transfer and for orders stored before this step.
    name: '002_fee_amount',
    sql: `
ALTER TABLE fiat_orders ADD COLUMN fee_amount numeric(20, 2);
`,
  },
]

export interface FiatOrder {
  readonly id: string
  readonly provider: string
  readonly side: OrderSide
  readonly status: OrderStatus
  readonly country: string | null
  readonly fiatCurrency: string | null
  readonly fiatAmount: string | null
  /** The provider's fee in `fiatCurrency` from its quote; null for a transfer (or an older order). */
  readonly feeAmount: string | null
  readonly crypto: string | null
  readonly network: string
  readonly walletAddress: string
  readonly cryptoAmount: string | null
  readonly txHash: string | null
  readonly depositAddress: string | null
  readonly failureReason: string | null
  readonly etaSeconds: number | null
  readonly createdAt: string
  readonly updatedAt: string
  readonly history: readonly { readonly status: OrderStatus; readonly at: string }[]
}

export type NewOrder = Pick<
  FiatOrder,
  | 'id'
  | 'provider'
  | 'side'
  | 'country'
  | 'fiatCurrency'
  | 'fiatAmount'
  | 'feeAmount'
  | 'crypto'
  | 'network'
  | 'walletAddress'
  | 'cryptoAmount'
  | 'etaSeconds'
>

const toStatus: Record<ProviderOrderStatus, OrderStatus> = {
  waitingForDeposit: 'waiting_for_deposit',
  pending: 'pending',
  completed: 'completed',
  failed: 'failed',
}
const rank: Record<OrderStatus, number> = {
  created: 0,
  waiting_for_deposit: 1,
  pending: 2,
  completed: 3,
  failed: 3,
}

export type WebhookOutcome =
  | { readonly kind: 'applied'; readonly order: FiatOrder }
  | { readonly kind: 'ignored'; readonly order: FiatOrder }
  | { readonly kind: 'duplicate' }
  | { readonly kind: 'unknown_order' }
  | { readonly kind: 'mismatch'; readonly reason: string }

type Row = Record<string, unknown>
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value))
const str = (value: unknown) => (value === null || value === undefined ? null : String(value))

export interface FiatStore {
  create(order: NewOrder): Promise<FiatOrder>
  get(id: string): Promise<FiatOrder | null>
  listByWallet(walletAddress: string, limit: number): Promise<FiatOrder[]>
  applyWebhook(provider: string, event: WebhookEvent): Promise<WebhookOutcome>
}

export function createFiatStore(db: Database): FiatStore {
  async function read(q: Queryable, id: string): Promise<FiatOrder | null> {
    const [row] = await q.query<Row>('SELECT * FROM fiat_orders WHERE id = $1', [id])
    if (!row) return null
    const history = await q.query<Row>(
      'SELECT status, at FROM fiat_order_events WHERE order_id = $1 ORDER BY id',
      [id],
    )
    return fromRow(row, history)
  }
  function fromRow(row: Row, history: Row[]): FiatOrder {
    return {
      id: String(row.id),
      provider: String(row.provider),
      side: row.side as OrderSide,
      status: row.status as OrderStatus,
      country: str(row.country),
      fiatCurrency: str(row.fiat_currency),
      fiatAmount: str(row.fiat_amount),
      feeAmount: str(row.fee_amount),
      crypto: str(row.crypto),
      network: String(row.network),
      walletAddress: String(row.wallet_address),
      cryptoAmount: str(row.crypto_amount),
      txHash: str(row.tx_hash),
      depositAddress: str(row.deposit_address),
      failureReason: str(row.failure_reason),
      etaSeconds: row.eta_seconds === null ? null : Number(row.eta_seconds),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      history: history.map((h) => ({ status: h.status as OrderStatus, at: iso(h.at) })),
    }
  }

  return {
    async create(order) {
      return db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO fiat_orders (id, provider, side, status, country, fiat_currency, fiat_amount, crypto, network,
             wallet_address, crypto_amount, eta_seconds, fee_amount)
           VALUES ($1, $2, $3, 'created', $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            order.id,
            order.provider,
            order.side,
            order.country,
            order.fiatCurrency,
            order.fiatAmount,
            order.crypto,
            order.network,
            order.walletAddress,
            order.cryptoAmount,
            order.etaSeconds,
            order.feeAmount,
          ],
        )
        await tx.query(`INSERT INTO fiat_order_events (order_id, status) VALUES ($1, 'created')`, [order.id])
        return (await read(tx, order.id)) as FiatOrder
      })
    },
    get: (id) => read(db, id),
    async listByWallet(walletAddress, limit) {
      const rows = await db.query<Row>(
        'SELECT id FROM fiat_orders WHERE lower(wallet_address) = lower($1) ORDER BY created_at DESC LIMIT $2',
        [walletAddress, limit],
      )
      const orders = await Promise.all(rows.map((row) => read(db, String(row.id))))
      return orders.filter((o): o is FiatOrder => o !== null)
    },
    async applyWebhook(provider, event) {
      return db.transaction(async (tx): Promise<WebhookOutcome> => {
        const [row] = await tx.query<Row>('SELECT * FROM fiat_orders WHERE id = $1 FOR UPDATE', [
          event.orderId,
        ])
        if (!row || row.provider !== provider) return { kind: 'unknown_order' }
        const seen = await tx.query<Row>(
          `INSERT INTO fiat_webhook_events (provider, event_id, order_id) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [provider, event.eventId, event.orderId],
        )
        if (seen.length === 0) return { kind: 'duplicate' }
        const sameWallet = String(row.wallet_address).toLowerCase() === event.walletAddress.toLowerCase()
        if (
          !sameWallet ||
          row.network !== event.network ||
          (row.crypto !== null && row.crypto !== event.crypto)
        )
          return { kind: 'mismatch', reason: 'The event does not match the order' }
        const next = toStatus[event.status]
        const current = row.status as OrderStatus
        // Forward only: a late 'pending' after 'completed' is recorded as received but changes nothing.
        if (rank[next] <= rank[current])
          return { kind: 'ignored', order: (await read(tx, event.orderId)) as FiatOrder }
        if (next === 'completed' && event.txHash === null)
          return { kind: 'mismatch', reason: 'A completed order needs its transaction' }
        await tx.query(
          `UPDATE fiat_orders SET status = $2, provider_order_id = $3, crypto = COALESCE(crypto, $4),
             crypto_amount = $5, tx_hash = COALESCE($6, tx_hash), deposit_address = COALESCE($7, deposit_address),
             failure_reason = $8, updated_at = now()
           WHERE id = $1`,
          [
            event.orderId,
            next,
            event.providerOrderId,
            event.crypto,
            event.cryptoAmount,
            event.txHash,
            event.depositAddress,
            event.failureReason,
          ],
        )
        await tx.query(
          'INSERT INTO fiat_order_events (order_id, status, provider_event_id) VALUES ($1, $2, $3)',
          [event.orderId, next, event.eventId],
        )
        return { kind: 'applied', order: (await read(tx, event.orderId)) as FiatOrder }
      })
    },
  }
}
