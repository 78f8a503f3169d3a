import { createStore, useStore } from '../../../lib/createStore.ts'
import type { PendingTransaction, PendingTransactionKind } from '../../wallet/index.ts'

/**
 * Toasts for the transactions this app sends (the wallet module's pending list emits them to this
 * store, registered as its sink by `TransactionToasts.tsx` when the drawer's chunk loads, once a
 * wallet connects, before anything can be sent): one per transaction,
 * keyed by its original hash, so a speed-up updates the same toast and its outcome replaces the
 * pending one. In memory only: a reload shows no old toasts (a pending one mined after the reload
 * still gets its outcome toast, from the reconcile loop).
 */
export type TransactionToastStatus = 'pending' | 'success' | 'failed' | 'canceled'

export interface TransactionToast {
  /** The transaction's original hash (speed-ups and cancels keep it). */
  readonly id: `0x${string}`
  /** The hash to link to: the latest sent, or the one mined. */
  readonly hash: `0x${string}`
  readonly chainId: number
  readonly kind: PendingTransactionKind
  readonly status: TransactionToastStatus
  /** Unix milliseconds of the last change (an outcome restarts the toast's time). */
  readonly at: number
}

/** Kept in memory at most; the host shows the newest few. */
const MAX_TOASTS = 10
const toastStore = createStore<readonly TransactionToast[]>([])

/** Newest first; a toast with the same id is replaced and moves to the top. */
export function upsertToast(
  list: readonly TransactionToast[],
  toast: TransactionToast,
): readonly TransactionToast[] {
  return [toast, ...list.filter((existing) => existing.id !== toast.id)].slice(0, MAX_TOASTS)
}

/** The entry `tx` toasts `status`, linking to `hash` (default: its tracked hash). */
export function pushTransactionToast(
  tx: PendingTransaction,
  status: TransactionToastStatus,
  hash: `0x${string}` = tx.hash,
): void {
  const toast = {
    id: tx.replaced?.[0] ?? tx.hash,
    hash,
    chainId: tx.chainId,
    kind: tx.kind,
    status,
    at: Date.now(),
  }
  toastStore.set((list) => upsertToast(list, toast))
}

/** A speed-up or cancel was sent: the pending toast links to the new hash. */
export function retargetTransactionToast(tx: PendingTransaction, hash: `0x${string}`): void {
  const id = tx.replaced?.[0] ?? tx.hash
  toastStore.set((list) =>
    list.some((toast) => toast.id === id && toast.status === 'pending')
      ? list.map((toast) => (toast.id === id ? { ...toast, hash } : toast))
      : list,
  )
}

export function dismissTransactionToast(id: string): void {
  toastStore.set((list) => (list.some((toast) => toast.id === id) ? list.filter((t) => t.id !== id) : list))
}

export function getTransactionToasts(): readonly TransactionToast[] {
  return toastStore.get()
}

export function useTransactionToasts(): readonly TransactionToast[] {
  return useStore(toastStore)
}
