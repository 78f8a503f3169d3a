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

/**
 * The app's own pending transactions (newest first) above the indexer's activity. A transaction
 * the indexer already lists shows once, as indexed (one transaction may be several indexed entries).
 */
export function mergeActivity(
  pending: readonly PendingTransaction[],
  indexed: readonly ActivityEntry[],
  networkOf: (chainId: number) => string = String,
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
  return [...pendingRows, ...indexedRows]
}
