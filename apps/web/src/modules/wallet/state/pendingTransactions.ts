import { useEffect } from 'react'
import * as z from 'zod/mini'
import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'

/**
 * Transactions sent from this app and not yet mined, per account, persisted in localStorage
 * (`oxbow.wallet.pending.<address>`, validated on read) so a reload still shows them as pending
 * and re-checks them (`usePendingTransactionsWatcher`).
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
] as const

export interface PendingTransaction {
  readonly hash: `0x${string}`
  readonly chainId: number
  readonly kind: PendingTransactionKind
  /** Unix milliseconds. */
  readonly addedAt: number
}

const hash = z.custom<`0x${string}`>(
  (value) => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value),
)
const pendingSchema = z.array(
  z.object({
    hash,
    chainId: z.int().check(z.positive()),
    kind: z.enum(pendingKinds),
    addedAt: z.number(),
  }),
)

const KEY_PREFIX = 'oxbow.wallet.pending.'
const MAX_PER_ACCOUNT = 50
const local = safeStorage('local')

type PendingByAccount = Readonly<Record<string, readonly PendingTransaction[]>>
const pendingStore = createStore<PendingByAccount>({})

const keyOf = (account: string) => account.toLowerCase()

/** Reads an account's persisted list; anything malformed is dropped (starts empty). */
export function parsePendingTransactions(raw: string | null): readonly PendingTransaction[] {
  if (!raw) return []
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(raw))
    if (!parsed.success) return []
    return parsed.data.slice(-MAX_PER_ACCOUNT)
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

export function getPendingTransactions(account: string): readonly PendingTransaction[] {
  return load(account)
}

export function addPendingTransaction(account: string, tx: PendingTransaction): void {
  const list = load(account).filter((existing) => existing.hash !== tx.hash)
  save(account, [...list, tx].slice(-MAX_PER_ACCOUNT))
}

/** The transaction was mined (or dropped): it is no longer pending. */
export function resolvePendingTransaction(account: string, txHash: string): void {
  const list = load(account)
  const next = list.filter((tx) => tx.hash.toLowerCase() !== txHash.toLowerCase())
  if (next.length !== list.length) save(account, next)
}

const empty: readonly PendingTransaction[] = []

export function usePendingTransactions(account: string | null): readonly PendingTransaction[] {
  const state = useStore(pendingStore)
  useEffect(() => {
    if (account) load(account)
  }, [account])
  if (!account) return empty
  return state[keyOf(account)] ?? empty
}

/** For tests: forget the in-memory lists (storage stays). */
export function resetPendingTransactionsForTests(): void {
  pendingStore.set({})
}
