import { safeStorage } from '../../../lib/createStore.ts'

/** Addresses whose delegation-mismatch popup the user dismissed (persisted; it never shows again). */
const KEY = 'oxbow.smartWallet.mismatchDismissed'
const MAX_ADDRESSES = 50
const local = safeStorage('local')

function read(): string[] {
  try {
    const value: unknown = JSON.parse(local.get(KEY) ?? '[]')
    return Array.isArray(value)
      ? value.filter((entry): entry is string => /^0x[0-9a-f]{40}$/.test(entry))
      : []
  } catch {
    return []
  }
}

export function isMismatchDismissed(address: string): boolean {
  return read().includes(address.toLowerCase())
}

export function dismissMismatch(address: string): void {
  const entry = address.toLowerCase()
  local.set(
    KEY,
    JSON.stringify([entry, ...read().filter((other) => other !== entry)].slice(0, MAX_ADDRESSES)),
  )
}
