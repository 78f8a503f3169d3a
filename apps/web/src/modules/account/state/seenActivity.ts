import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'

/**
 * The newest activity the account has seen (its unix timestamp), per account, in localStorage
 * `oxbow.account.seen.<address>`: newer activity while another tab is open shows the unseen dot.
 */
const KEY_PREFIX = 'oxbow.account.seen.'
const local = safeStorage('local')
const seenStore = createStore<Readonly<Record<string, number>>>({})

/** A stored value that is not a non-negative integer reads as nothing seen. */
export function parseSeen(raw: string | null): number {
  if (raw === null || !/^\d{1,12}$/.test(raw)) return 0
  return Number(raw)
}

function read(account: string): number {
  const key = account.toLowerCase()
  return seenStore.get()[key] ?? parseSeen(local.get(KEY_PREFIX + key))
}

export function markActivitySeen(account: string, timestamp: number): void {
  const key = account.toLowerCase()
  if (read(account) >= timestamp) return
  local.set(KEY_PREFIX + key, String(timestamp))
  seenStore.set((state) => ({ ...state, [key]: timestamp }))
}

export function useSeenActivity(account: string | null): number {
  useStore(seenStore)
  return account ? read(account) : 0
}
