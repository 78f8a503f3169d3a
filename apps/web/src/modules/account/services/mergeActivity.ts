import type { FiatOrder } from '../../fiat/index.ts'
import type { PendingTransaction } from '../../wallet/index.ts'
import type { ActivityEntry } from './portfolioData.ts'

export type ActivityRow =
  | {
      readonly status: 'pending'
      readonly key: string
      readonly hash: string
      readonly network: string
      readonly kind: PendingTransaction['kind']
      readonly addedAt: number
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

/** What Activity shows of a fiat order. */
export type FiatActivity = Pick<
  FiatOrder,
  'id' | 'side' | 'status' | 'provider' | 'crypto' | 'network' | 'txHash' | 'createdAt'
>

/**
 * The app's own pending transactions (newest first) above the indexer's activity and the wallet's
 * fiat orders (onramp, offramp, exchange transfers), those two merged newest first. A transaction
 * the indexer already lists shows once, as indexed (one transaction may be several indexed entries).
 */
export function mergeActivity(
  pending: readonly PendingTransaction[],
  indexed: readonly ActivityEntry[],
  networkOf: (chainId: number) => string = String,
  fiat: readonly FiatActivity[] = [],
): ActivityRow[] {
  const known = new Set(indexed.map((entry) => entry.txHash.toLowerCase()))
  const pendingRows: ActivityRow[] = pending
    .filter((tx) => !known.has(tx.hash.toLowerCase()))
    .toSorted((a, b) => b.addedAt - a.addedAt)
    .map((tx) => ({
      status: 'pending',
      key: tx.hash,
      hash: tx.hash,
      network: networkOf(tx.chainId),
      kind: tx.kind,
      addedAt: tx.addedAt,
    }))
  const indexedRows: ActivityRow[] = indexed.map((entry) => ({
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
  // Both lists newest first; a stable merge keeps the indexer's own order among equal times.
  const timed = [
    ...indexedRows.map((row) => ({ at: row.status === 'confirmed' ? row.entry.timestamp : 0, row })),
    ...fiatRows,
  ].toSorted((a, b) => b.at - a.at)
  return [...pendingRows, ...timed.map((item) => item.row)]
}
