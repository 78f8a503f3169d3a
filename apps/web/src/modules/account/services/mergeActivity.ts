import type { FiatOrder } from '../../fiat/index.ts'
import type { LimitOrder, ShownOrderStatus } from '../../limit/index.ts'
import type { PendingTransaction, PendingTransactionStatus } from '../../wallet/index.ts'
import type { ActivityEntry } from './portfolioData.ts'

export type ActivityRow =
  | {
      /**
       * The app's own transaction: waiting, being canceled, canceled, or failed (mined, reverted:
       * the indexer has no row for it) (see the wallet's store).
       */
      readonly status: PendingTransactionStatus
      readonly key: string
      /** The tracked hash (after a speed-up or cancel, the replacement's). */
      readonly hash: string
      readonly network: string
      readonly kind: PendingTransaction['kind']
      readonly addedAt: number
      readonly tx: PendingTransaction
    }
  | {
      readonly status: 'confirmed'
      readonly key: string
      readonly hash: string
      readonly network: string
      readonly entry: ActivityEntry
    }
  | {
      /** An onramp (buy), offramp (sell) or exchange transfer order of the API's fiat module. */
      readonly status: 'fiat'
      readonly key: string
      readonly hash: string | null
      readonly network: string
      readonly order: FiatActivity
    }
  | {
      /**
       * A UniswapX order of the API's order service, a limit order or a gasless swap's
       * (`order.kind`); `hash` is its fill or cancel transaction.
       */
      readonly status: 'limit'
      readonly key: string
      readonly hash: string | null
      readonly network: string
      readonly order: LimitActivity
      /** Unix seconds: when it was placed, filled, cancelled or expired (`limitOrderTime`). */
      readonly at: number
    }

/** What Activity shows of a fiat order (its details: the provider's fee in the order's currency). */
export type FiatActivity = Pick<
  FiatOrder,
  | 'id'
  | 'side'
  | 'status'
  | 'provider'
  | 'crypto'
  | 'network'
  | 'txHash'
  | 'createdAt'
  | 'feeAmount'
  | 'fiatCurrency'
>

/**
 * What Activity shows of an order (a limit order, or a gasless swap's: `kind`): the service's order
 * and the status the limit module shows.
 */
export type LimitActivity = Pick<
  LimitOrder,
  'orderHash' | 'chainId' | 'deadline' | 'input' | 'output' | 'txHash' | 'createdAt' | 'updatedAt' | 'kind'
> & { readonly shown: ShownOrderStatus }

/**
 * When a limit order's row goes in the list: an open one when it was placed, an expired one at its
 * deadline, a fill when its block was mined (`filledAt`, from the indexer) or else when the service
 * saw it, any other (canceled, failed) when the service saw it.
 */
function limitOrderTime(order: LimitActivity, filledAt: number | undefined): number {
  if (order.shown === 'opened') return Date.parse(order.createdAt) / 1000
  if (order.shown === 'executed' && filledAt !== undefined) return filledAt
  if (order.shown === 'expired') return order.deadline
  return Date.parse(order.updatedAt) / 1000
}

// The wallet store's rule (absent: pending), without loading the wallet module's index at run time.
const statusOf = (tx: PendingTransaction): PendingTransactionStatus => tx.status ?? 'pending'
/** Mined and finished as the app's own record: canceled (its cancel mined) or failed (reverted). */
const isHistory = (tx: PendingTransaction): boolean =>
  statusOf(tx) === 'canceled' || statusOf(tx) === 'failed'

/**
 * The app's own pending (and canceling) transactions, newest first, above the indexer's activity,
 * the wallet's fiat orders (onramp, offramp, exchange transfers), its limit orders (one row each,
 * whatever the status) and the app's canceled and failed (reverted) transactions, those merged
 * newest first. A
 * transaction the indexer already lists (under any of its hashes: the original or a replacement)
 * shows once, as indexed (one transaction may be several indexed entries); a canceled one shows as
 * canceled, never as its 0-value self-transfer, and a failed one as failed whatever an indexer says; a limit order's fill shows once, as the order (the
 * swapper did not send it: the indexer lists its token movements), and so does a fiat order's
 * transaction.
 */
export function mergeActivity(
  pending: readonly PendingTransaction[],
  indexed: readonly ActivityEntry[],
  networkOf: (chainId: number) => string = String,
  fiat: readonly FiatActivity[] = [],
  limit: readonly LimitActivity[] = [],
): ActivityRow[] {
  const known = new Set(indexed.map((entry) => entry.txHash.toLowerCase()))
  const fills = new Set(
    limit.flatMap((order) =>
      order.shown === 'executed' && order.txHash ? [order.txHash.toLowerCase()] : [],
    ),
  )
  // A fiat order's own transaction (the provider paying a buy, the user paying a sell) shows once,
  // as the order: the indexer also lists it as a plain receive or send.
  const fiatHashes = new Set(fiat.flatMap((order) => (order.txHash ? [order.txHash.toLowerCase()] : [])))
  const fillTimes = new Map(
    indexed
      .filter((entry) => fills.has(entry.txHash.toLowerCase()))
      .map((entry) => [entry.txHash.toLowerCase(), entry.timestamp]),
  )
  const hashes = (tx: PendingTransaction) => [tx.hash, ...(tx.replaced ?? [])].map((h) => h.toLowerCase())
  const canceledHashes = new Set(pending.filter(isHistory).map((tx) => tx.hash.toLowerCase()))
  const appRow = (tx: PendingTransaction): ActivityRow => ({
    status: statusOf(tx),
    key: tx.replaced?.[0] ?? tx.hash,
    hash: tx.hash,
    network: networkOf(tx.chainId),
    kind: tx.kind,
    addedAt: tx.addedAt,
    tx,
  })
  const ownRows = pending.filter((tx) => isHistory(tx) || !hashes(tx).some((h) => known.has(h)))
  const pendingRows: ActivityRow[] = ownRows
    .filter((tx) => !isHistory(tx))
    .toSorted((a, b) => b.addedAt - a.addedAt)
    .map(appRow)
  const canceledRows = ownRows
    .filter(isHistory)
    .map((tx) => ({ at: (tx.finishedAt ?? tx.addedAt) / 1000, row: appRow(tx) }))
  const indexedRows: ActivityRow[] = indexed
    .filter(
      (entry) =>
        !canceledHashes.has(entry.txHash.toLowerCase()) &&
        !fills.has(entry.txHash.toLowerCase()) &&
        !fiatHashes.has(entry.txHash.toLowerCase()),
    )
    .map((entry) => ({
      status: 'confirmed',
      key: entry.id,
      hash: entry.txHash,
      network: entry.network,
      entry,
    }))
  const fiatRows = fiat.map((order) => ({
    at: Date.parse(order.createdAt) / 1000,
    row: {
      status: 'fiat',
      key: `fiat:${order.id}`,
      hash: order.txHash,
      network: order.network,
      order,
    } satisfies ActivityRow,
  }))
  const limitRows = limit.map((order) => {
    const at = limitOrderTime(order, order.txHash ? fillTimes.get(order.txHash.toLowerCase()) : undefined)
    return {
      at,
      row: {
        status: 'limit',
        key: `limit:${order.orderHash}`,
        hash: order.txHash,
        network: networkOf(order.chainId),
        order,
        at,
      } satisfies ActivityRow,
    }
  })
  // Newest first; a stable sort keeps the indexer's own order among equal times.
  const timed = [
    ...indexedRows.map((row) => ({ at: row.status === 'confirmed' ? row.entry.timestamp : 0, row })),
    ...fiatRows,
    ...limitRows,
    ...canceledRows,
  ].toSorted((a, b) => b.at - a.at)
  return [...pendingRows, ...timed.map((item) => item.row)]
}
