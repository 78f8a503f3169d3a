/**
 * Reconciles a tracked transaction with the chain (plain data: the watcher does the reads). Any of
 * its hashes (the original, speed-ups, a cancel) may be the one mined, since they share a nonce.
 */
import { isActive, type PendingTransaction } from '../state/pendingTransactions.ts'
import type { Hex } from './walletActions.ts'

/** A transaction unknown to the chain this long after it was sent was dropped: stop tracking it. */
export const DROP_AFTER_MS = 24 * 60 * 60 * 1000

export interface ChainLook {
  /**
   * The account's confirmed nonce (transaction count at the latest block), read BEFORE the receipts:
   * a nonce already used while none of our hashes has a receipt means another transaction took it.
   */
  readonly confirmedNonce: number | null
  /** The first of the entry's hashes (tracked or replaced) found mined, with its receipt status. */
  readonly mined: { readonly hash: Hex; readonly status: 'success' | 'reverted' } | null
}

export type Reconciled =
  | { readonly action: 'keep' }
  /** Mined (the original, a speed-up, or the original ahead of a cancel): Activity shows it as indexed. */
  | { readonly action: 'confirmed'; readonly hash: Hex; readonly status: 'success' | 'reverted' }
  /** The cancel was mined: the original never will be. */
  | { readonly action: 'canceled'; readonly hash: Hex }
  /** Gone: its nonce was used by a transaction the app did not send, or it is long unknown. */
  | { readonly action: 'dropped' }

/** Every hash to look for, the tracked one first. */
export const hashesOf = (tx: PendingTransaction): readonly Hex[] => [
  tx.hash,
  ...(tx.replaced ?? []).toReversed(),
]

export function reconcilePending(tx: PendingTransaction, look: ChainLook, now: number): Reconciled {
  if (!isActive(tx)) return { action: 'keep' }
  if (look.mined) {
    // Any cancel of the nonce (a sped-up cancel replaces the first); older entries know only theirs.
    const cancels = tx.cancelHashes ?? [tx.hash]
    const cancelMined =
      tx.status === 'canceling' && cancels.some((h) => h.toLowerCase() === look.mined?.hash.toLowerCase())
    return cancelMined
      ? { action: 'canceled', hash: look.mined.hash }
      : { action: 'confirmed', hash: look.mined.hash, status: look.mined.status }
  }
  if (tx.nonce !== undefined && look.confirmedNonce !== null && look.confirmedNonce > tx.nonce)
    return { action: 'dropped' }
  if (now - tx.addedAt > DROP_AFTER_MS) return { action: 'dropped' }
  return { action: 'keep' }
}
