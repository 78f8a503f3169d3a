/**
 * Claim, edit and delete of the connected wallet's username profile, signed by the wallet over
 * @oxbow/core's `profileSignText` (the API rebuilds and verifies the same text), and the
 * availability check. Loaded with the Username view (`loadUsernameWrites`), never with the page.
 */
import {
  avatarDigest,
  type ProfileAction,
  parseAvatarUrl,
  parseTwitterHandle,
  profileSignText,
  type UsernameClaimError,
} from '@oxbow/core'
import { type Hex, profileOf, request, UsernameApiError, type UsernameProfile } from './usernames.ts'

/** The spec's claim error for an API code (any other failure is the general one). */
export function claimErrorOf(error: unknown): UsernameClaimError {
  const code = error instanceof UsernameApiError ? error.code : ''
  return code === 'USERNAME_CHANGE_LIMIT' ||
    code === 'USERNAME_DEVICE_LIMIT' ||
    code === 'USERNAME_UNAVAILABLE' ||
    code === 'AVATAR_INVALID'
    ? code
    : 'GENERAL'
}

/** Whether `name` can be claimed (true), or the API's reason ('UNAVAILABLE' or a rule). */
export async function usernameAvailable(name: string): Promise<true | string> {
  const answer = (await request('GET', `/v1/usernames/available/${encodeURIComponent(name)}`)) as {
    available?: unknown
    problem?: unknown
  } | null
  if (answer?.available === true) return true
  return typeof answer?.problem === 'string' ? answer.problem : 'UNAVAILABLE'
}

const DEVICE_KEY = 'oxbow.device.id'

/** This browser's device id (the API's per-device profile limit), created once, kept in localStorage. */
export function deviceId(): string {
  let id: string | null = null
  try {
    id = window.localStorage.getItem(DEVICE_KEY)
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = crypto.randomUUID()
      window.localStorage.setItem(DEVICE_KEY, id)
    }
  } catch {}
  return id ?? crypto.randomUUID()
}

/** Signs `text` with the connected wallet (EIP-191 personal_sign). */
export type SignText = (text: string) => Promise<Hex>

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

export interface ProfileDraft {
  readonly action: Exclude<ProfileAction, 'delete'>
  readonly address: Hex
  readonly username: string
  readonly bio: string
  /** What the user typed: a handle, @handle or profile link (signed as the handle). */
  readonly twitter: string
  /** New avatar bytes, null to remove it, undefined to keep the current one. */
  readonly avatar: Uint8Array | null | undefined
  /** A new avatar link (https or ipfs://) instead of bytes; undefined: none given. */
  readonly avatarLink?: string | undefined
  /** The current avatar's SHA-256 (kept avatars are signed by hash). */
  readonly currentAvatarSha256: string | null
  /** The current avatar link (a kept link is signed as it is stored). */
  readonly currentAvatarLink?: string | null | undefined
}

/** Claims or edits the profile: signs core's text, then sends it. */
export async function saveUsernameProfile(draft: ProfileDraft, sign: SignText): Promise<UsernameProfile> {
  const twitter = parseTwitterHandle(draft.twitter) ?? draft.twitter
  // A link is signed as the API stores it (core's normalised form); an unparsable one is sent as
  // typed and refused by the API ('Avatar failure').
  const link =
    draft.avatarLink === undefined ? undefined : (parseAvatarUrl(draft.avatarLink) ?? draft.avatarLink)
  const kept = draft.avatar === undefined && link === undefined
  const avatarSha256 = kept
    ? draft.currentAvatarSha256
    : draft.avatar
      ? await avatarDigest(draft.avatar)
      : null
  const avatarUrl = kept ? (draft.currentAvatarLink ?? null) : (link ?? null)
  const issuedAt = new Date().toISOString()
  const signature = await sign(
    profileSignText({
      action: draft.action,
      address: draft.address,
      username: draft.username,
      avatarSha256,
      avatarUrl,
      bio: draft.bio,
      twitter,
      issuedAt,
    }),
  )
  const body = {
    action: draft.action,
    address: draft.address,
    username: draft.username,
    bio: draft.bio,
    twitter,
    ...(link !== undefined
      ? { avatarUrl: link }
      : draft.avatar === undefined
        ? {}
        : { avatar: draft.avatar ? toBase64(draft.avatar) : null }),
    issuedAt,
    signature,
  }
  return profileOf(await request('POST', '/v1/usernames/profile', body, { 'x-device-id': deviceId() }))
}

/** Deletes the profile (its name can never be claimed again). */
export async function deleteUsernameProfile(address: Hex, username: string, sign: SignText): Promise<void> {
  const issuedAt = new Date().toISOString()
  const signature = await sign(profileSignText({ action: 'delete', address, username, issuedAt }))
  await request('POST', '/v1/usernames/delete', { address, username, issuedAt, signature })
}
