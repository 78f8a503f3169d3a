import { isValidUsername as isUsername, shortenAddress } from '@oxbow/core'
import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'
import { safeAvatarSrc } from '../../../lib/imageSrc.ts'
import { getRuntimeConfig } from '../../config/index.ts'

/**
 * The spec's recent account identifiers: per address, the username-profile name and the ENS name
 * last seen for it, persisted so the account button shows the name at once after a reload. Read
 * back validated: anything malformed is dropped, never shown.
 */
export interface AccountNames {
  readonly username: string | null
  readonly ensName: string | null
  /** The username profile's avatar (on the API), else the ENS name's, as an <img> source; or null. */
  readonly avatar: string | null
  /** When the names were last looked up (ms since the epoch). */
  readonly checkedAt: number
}

const KEY = 'oxbow.wallet.names'
/** Names are looked up again after a day. */
export const ACCOUNT_NAMES_MAX_AGE_MS = 24 * 60 * 60 * 1000
const MAX_ENTRIES = 20
const ADDRESS = /^0x[0-9a-f]{40}$/
/**
 * An ENS name as the resolver returns it (normalised): labels separated by dots, no whitespace or
 * control characters, no markup characters (it is rendered as text anyway), at most 255 characters.
 */
const ENS_NAME = /^[^\s\p{Cc}<>"'`.]+(\.[^\s\p{Cc}<>"'`.]+)+$/u

export function isValidEnsName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 255 && ENS_NAME.test(value)
}

/** An avatar of the API's username profiles (the API's origin may be plain http locally). */
const API_AVATAR = /^https?:\/\/[^/\s@]+\/v1\/usernames\/avatar\/0x[0-9a-f]{40}\?v=[0-9a-f]{16}$/

/**
 * An avatar source the account button may draw: the API's, or what `safeAvatarSrc` allows (https,
 * a base64 image, a path through the configured IPFS gateway).
 */
export function isShowableAvatar(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    (API_AVATAR.test(value) || safeAvatarSrc(value, getRuntimeConfig().ipfsGateway) === value)
  )
}

/** The spec's usernames (core's rules: lowercase letters and numbers, 3 to 20 characters). */
export function isValidUsername(value: unknown): value is string {
  return isUsername(value)
}

/** Parses the persisted record; malformed entries (or a malformed whole) are dropped. */
export function parseAccountNames(raw: string | null): Record<string, AccountNames> {
  if (raw === null) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return {}
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
  const result: Record<string, AccountNames> = {}
  for (const [address, value] of Object.entries(parsed)) {
    if (!ADDRESS.test(address) || typeof value !== 'object' || value === null) continue
    const entry = value as Record<string, unknown>
    const username = entry.username ?? null
    const ensName = entry.ensName ?? null
    // Entries from before avatars were kept have none; a bad one is dropped with its entry.
    const avatar = entry.avatar ?? null
    const checkedAt = entry.checkedAt
    if (username !== null && !isValidUsername(username)) continue
    if (ensName !== null && !isValidEnsName(ensName)) continue
    if (avatar !== null && !isShowableAvatar(avatar)) continue
    if (typeof checkedAt !== 'number' || !Number.isFinite(checkedAt) || checkedAt < 0) continue
    result[address] = { username, ensName, avatar, checkedAt }
  }
  return result
}

const storage = safeStorage('local')

export const accountNamesStore = createStore<Record<string, AccountNames>>(
  parseAccountNames(storage.get(KEY)),
  (value) => storage.set(KEY, JSON.stringify(value)),
)

/** Records the names found for `address` (keeps the most recent 20 addresses). */
export function saveAccountNames(
  address: string,
  names: Omit<AccountNames, 'checkedAt' | 'avatar'> & { readonly avatar?: string | null },
  now = Date.now(),
): void {
  const key = address.toLowerCase()
  const username = isValidUsername(names.username) ? names.username : null
  const ensName = isValidEnsName(names.ensName) ? names.ensName : null
  const avatar = isShowableAvatar(names.avatar) ? names.avatar : null
  accountNamesStore.set((previous) => {
    const entries = Object.entries(previous).filter(([a]) => a !== key)
    entries.push([key, { username, ensName, avatar, checkedAt: now }])
    entries.sort((a, b) => a[1].checkedAt - b[1].checkedAt)
    return Object.fromEntries(entries.slice(-MAX_ENTRIES))
  })
}

export function useAccountNames(address: string | null): AccountNames | null {
  const all = useStore(accountNamesStore)
  return address ? (all[address.toLowerCase()] ?? null) : null
}

/** The spec's account label: the username profile name, else the ENS name, else the shortened address. */
export function accountLabel(
  address: string,
  names: Pick<AccountNames, 'username' | 'ensName'> | null,
): string {
  return names?.username ?? names?.ensName ?? shortenAddress(address, 6)
}

/**
 * Records a username just claimed, edited or deleted (null) for `address`, keeping its ENS name.
 * Its avatar: the profile's when it has one, else the names are looked up again (an ENS avatar).
 */
export function setAccountUsername(
  address: string,
  username: string | null,
  avatar: string | null = null,
): void {
  const known = accountNamesStore.get()[address.toLowerCase()]
  saveAccountNames(address, { username, ensName: known?.ensName ?? null, avatar }, avatar ? Date.now() : 0)
}
