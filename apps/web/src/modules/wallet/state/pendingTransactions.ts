import { useEffect, useMemo } from 'react'
import * as z from 'zod/mini'
import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'

/**
 * Transactions sent from this app and not yet mined, per account, persisted in localStorage
 * (`oxbow.wallet.pending.<address>`, validated on read) so a reload still shows them as pending
 * and re-checks them (`usePendingTransactionsWatcher`). A speed-up or cancel replaces the tracked
 * hash (the earlier ones stay in `replaced`); a mined cancel stays listed as 'canceled' (Activity
 * shows it; the indexer has no row for a plain self-transfer) until it ages out, and so does one
 * mined but reverted, as 'failed' (the indexer reads logs: a reverted transaction has none, so this
 * list is Activity's only record of it).
 */
export type PendingTransactionKind = (typeof pendingKinds)[number]

/** The spec's transaction types this app sends (liquidity ones from the positions screens). */
const pendingKinds = [
  'approve',
  'swap',
  'wrap',
  'unwrap',
  'send',
  'mint',
  'liquidityIncrease',
  'liquidityDecrease',
  'collectFees',
  'createPool',
  'migrateLiquidity',
  'delegate',
  'removeDelegation',
  /** An LP rewards claim (the spec's 'LP rewards claim'), from the drawer's claim-reward button. */
  'lpRewardsClaim',
] as const

/**
 * pending → canceling (a cancel was sent) → canceled (the cancel was mined); pending → failed (mined,
 * reverted).
 */
export type PendingTransactionStatus = (typeof pendingStatuses)[number]
const pendingStatuses = ['pending', 'canceling', 'canceled', 'failed'] as const

export interface PendingTransaction {
  /** The tracked hash: the latest transaction sent for this nonce (the original, a speed-up or a cancel). */
  readonly hash: `0x${string}`
  readonly chainId: number
  readonly kind: PendingTransactionKind
  /** Unix milliseconds. */
  readonly addedAt: number
  /** Absent: 'pending'. */
  readonly status?: PendingTransactionStatus | undefined
  /** The account nonce, once known (read from the chain at the first speed-up or cancel). */
  readonly nonce?: number | undefined
  /** Earlier hashes of the same nonce, oldest (the original) first: any of them may still be mined. */
  readonly replaced?: readonly `0x${string}`[] | undefined
  /** Set by a speed-up (the tracked hash carries the same call with higher fees). */
  readonly spedUp?: boolean | undefined
  /** Every cancel sent for this nonce (a cancel, then its speed-ups): the one mined cancels it. */
  readonly cancelHashes?: readonly `0x${string}`[] | undefined
  /** When the cancel (or, failed, the reverted transaction) was mined (unix milliseconds). */
  readonly finishedAt?: number | undefined
}

export const statusOf = (tx: PendingTransaction): PendingTransactionStatus => tx.status ?? 'pending'
/** Still waiting for the chain: pending or canceling (a canceled or failed one is history). */
export const isActive = (tx: PendingTransaction): boolean => {
  const status = statusOf(tx)
  return status !== 'canceled' && status !== 'failed'
}
/** Whether `hash` is this entry's tracked hash or one it replaced. */
export const hasHash = (tx: PendingTransaction, hash: string): boolean =>
  tx.hash.toLowerCase() === hash.toLowerCase() ||
  (tx.replaced ?? []).some((old) => old.toLowerCase() === hash.toLowerCase())

const hash = z.custom<`0x${string}`>(
  (value) => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value),
)
const pendingSchema = z.array(
  z.object({
    hash,
    chainId: z.int().check(z.positive()),
    kind: z.enum(pendingKinds),
    addedAt: z.number(),
    status: z.optional(z.enum(pendingStatuses)),
    nonce: z.optional(z.int().check(z.nonnegative())),
    replaced: z.optional(z.array(hash).check(z.maxLength(20))),
    spedUp: z.optional(z.boolean()),
    cancelHashes: z.optional(z.array(hash).check(z.maxLength(20))),
    finishedAt: z.optional(z.number()),
  }),
)

const KEY_PREFIX = 'oxbow.wallet.pending.'
const MAX_PER_ACCOUNT = 50
/** A canceled or failed entry is shown in Activity this long after it was mined. */
const KEEP_CANCELED_MS = 30 * 24 * 60 * 60 * 1000
const local = safeStorage('local')

/** What the pending list tells the transaction toasts (the account module's, lazily loaded). */
export interface PendingToastSink {
  /** `tx` toasts `status`, linking to `hash` (default: its tracked hash). */
  show(
    tx: PendingTransaction,
    status: 'pending' | 'success' | 'failed' | 'canceled',
    hash?: `0x${string}`,
  ): void
  /** A speed-up or cancel of `tx` was sent as `hash`. */
  retarget(tx: PendingTransaction, hash: `0x${string}`): void
}
let toastSink: PendingToastSink | undefined
/** The toasts register here when their chunk loads (on connecting, before anything can be sent). */
export function setPendingToastSink(sink: PendingToastSink): void {
  toastSink = sink
}

type PendingByAccount = Readonly<Record<string, readonly PendingTransaction[]>>
const pendingStore = createStore<PendingByAccount>({})

const keyOf = (account: string) => account.toLowerCase()

/** Reads an account's persisted list; anything malformed is dropped (starts empty). */
export function parsePendingTransactions(
  raw: string | null,
  now = Date.now(),
): readonly PendingTransaction[] {
  if (!raw) return []
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(raw))
    if (!parsed.success) return []
    return parsed.data
      .filter((tx) => isActive(tx) || now - (tx.finishedAt ?? tx.addedAt) < KEEP_CANCELED_MS)
      .slice(-MAX_PER_ACCOUNT)
  } catch {
    return []
  }
}

function load(account: string): readonly PendingTransaction[] {
  const key = keyOf(account)
  const known = pendingStore.get()[key]
  if (known) return known
  const raw = local.get(KEY_PREFIX + key)
  const list = parsePendingTransactions(raw)
  if (raw !== null && list.length === 0) local.remove(KEY_PREFIX + key)
  pendingStore.set((state) => ({ ...state, [key]: list }))
  return list
}

function save(account: string, list: readonly PendingTransaction[]): void {
  const key = keyOf(account)
  pendingStore.set((state) => ({ ...state, [key]: list }))
  if (list.length === 0) local.remove(KEY_PREFIX + key)
  else local.set(KEY_PREFIX + key, JSON.stringify(list))
}

/** Every entry of the account (pending, canceling and canceled ones: see `isActive`). */
export function getPendingTransactions(account: string): readonly PendingTransaction[] {
  return load(account)
}

export function addPendingTransaction(account: string, tx: PendingTransaction): void {
  const before = load(account)
  const list = before.filter((existing) => existing.hash !== tx.hash)
  save(account, [...list, tx].slice(-MAX_PER_ACCOUNT))
  if (list.length === before.length && !tx.status) toastSink?.show(tx, 'pending')
}

/**
 * The transaction was mined (or dropped): it is no longer pending. `txHash` may be the tracked hash
 * or one it replaced (the original mined first: the replacement is dropped with it). With the
 * receipt's `status` (mined), its toast shows the outcome; the first caller to resolve it does. A
 * reverted one stays listed as 'failed' under the mined hash (Activity's record of it).
 */
export function resolvePendingTransaction(
  account: string,
  txHash: string,
  status?: 'success' | 'reverted',
  now = Date.now(),
): void {
  const list = load(account)
  const resolved = list.find((tx) => isActive(tx) && hasHash(tx, txHash))
  if (!resolved) return
  if (status === 'reverted') {
    // The original may be the one mined (a speed-up of it was then dropped): track what was mined.
    const minedHash =
      (resolved.replaced ?? []).find((old) => old.toLowerCase() === txHash.toLowerCase()) ?? resolved.hash
    save(
      account,
      list.map((tx) =>
        tx === resolved
          ? {
              ...tx,
              hash: minedHash,
              ...(minedHash === tx.hash
                ? {}
                : {
                    replaced: [...(tx.replaced ?? []).filter((old) => old !== minedHash), tx.hash].slice(-20),
                  }),
              status: 'failed' as const,
              finishedAt: now,
            }
          : tx,
      ),
    )
  } else
    save(
      account,
      list.filter((tx) => tx !== resolved),
    )
  if (status) toastSink?.show(resolved, status === 'success' ? status : 'failed', txHash as `0x${string}`)
}

/**
 * A speed-up or cancel of the entry tracking `oldHash` was sent as `newHash` (same nonce): it is
 * tracked from now on; a cancel turns the entry 'canceling', and a speed-up of a canceling entry
 * is a faster cancel.
 */
export function replacePendingTransaction(
  account: string,
  oldHash: string,
  replacement: { readonly hash: `0x${string}`; readonly nonce: number; readonly kind: 'speedUp' | 'cancel' },
): void {
  const list = load(account)
  const replaced = list.find((tx) => tx.hash.toLowerCase() === oldHash.toLowerCase())
  if (replaced) toastSink?.retarget(replaced, replacement.hash)
  save(
    account,
    list.map((tx) =>
      tx.hash.toLowerCase() === oldHash.toLowerCase()
        ? {
            ...tx,
            hash: replacement.hash,
            nonce: replacement.nonce,
            replaced: [...(tx.replaced ?? []), tx.hash].slice(-20),
            ...(replacement.kind === 'cancel' || statusOf(tx) === 'canceling'
              ? { cancelHashes: [...(tx.cancelHashes ?? []), replacement.hash].slice(-20) }
              : {}),
            ...(replacement.kind === 'cancel' ? { status: 'canceling' as const } : { spedUp: true }),
          }
        : tx,
    ),
  )
}

/** The nonce read from the chain for the entry tracking `hash`. */
export function notePendingNonce(account: string, hash: string, nonce: number): void {
  const list = load(account)
  if (!list.some((tx) => tx.hash.toLowerCase() === hash.toLowerCase() && tx.nonce !== nonce)) return
  save(
    account,
    list.map((tx) => (tx.hash.toLowerCase() === hash.toLowerCase() ? { ...tx, nonce } : tx)),
  )
}

/** The cancel tracked by `hash` was mined: the entry stays as 'canceled' history. */
export function markPendingTransactionCanceled(account: string, hash: string, now = Date.now()): void {
  const list = load(account)
  const canceled = list.find((tx) => tx.hash.toLowerCase() === hash.toLowerCase())
  if (canceled) toastSink?.show(canceled, 'canceled')
  save(
    account,
    list.map((tx) =>
      tx.hash.toLowerCase() === hash.toLowerCase()
        ? { ...tx, status: 'canceled' as const, finishedAt: now }
        : tx,
    ),
  )
}

/**
 * The entry (of any account loaded in this page) that `hash` belongs to, tracked or replaced: how
 * a wait on an original hash follows its speed-up (`runtime.waitForTransaction`).
 */
export function findTrackedTransaction(hash: string): PendingTransaction | undefined {
  for (const list of Object.values(pendingStore.get())) {
    const found = list.find((tx) => hasHash(tx, hash))
    if (found) return found
  }
  return undefined
}

const empty: readonly PendingTransaction[] = []

/** Every entry of the account: pending, canceling and (recently) canceled. */
export function useTrackedTransactions(account: string | null): readonly PendingTransaction[] {
  const state = useStore(pendingStore)
  useEffect(() => {
    if (account) load(account)
  }, [account])
  if (!account) return empty
  return state[keyOf(account)] ?? empty
}

/** The account's transactions still waiting for the chain (pending or canceling). */
export function usePendingTransactions(account: string | null): readonly PendingTransaction[] {
  const all = useTrackedTransactions(account)
  return useMemo(() => (all.some((tx) => !isActive(tx)) ? all.filter(isActive) : all), [all])
}

/** For tests: forget the in-memory lists (storage stays). */
export function resetPendingTransactionsForTests(): void {
  pendingStore.set({})
}
