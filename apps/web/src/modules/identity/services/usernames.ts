/**
 * The API's username profiles (apps/api, /v1/usernames): lookups by name and by address, the
 * availability check, and claim, edit and delete signed by the wallet over @oxbow/core's
 * `profileSignText` (the API rebuilds and verifies the same text). Answers are checked field by
 * field (no schema library: the header's label uses the address lookup); an error answer becomes a
 * UsernameApiError with the API's code.
 */
import {
  avatarDigest,
  isEvmAddress,
  isValidUsername,
  type ProfileAction,
  parseTwitterHandle,
  profileSignText,
  type UsernameClaimError,
} from '@oxbow/core'
import { getRuntimeConfig } from '../../config/index.ts'

export type Hex = `0x${string}`

export interface UsernameProfile {
  readonly address: Hex
  readonly username: string
  readonly bio: string
  readonly twitter: string
  /** The avatar's SHA-256 (what an edit keeping it signs), or null. */
  readonly avatarSha256: string | null
  /** The avatar on the API (absolute URL), or null. */
  readonly avatarUrl: string | null
}

export class UsernameApiError extends Error {
  override readonly name = 'UsernameApiError'
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

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

const AVATAR_PATH = /^\/v1\/usernames\/avatar\/0x[0-9a-f]{40}\?v=[0-9a-f]{16}$/

function apiUrl(path: string): string {
  return new URL(path, getRuntimeConfig().apiUrl).href
}

function profileOf(value: unknown): UsernameProfile {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const { address, username, bio, twitter, avatarSha256, avatarUrl } = v
  if (
    typeof address !== 'string' ||
    !isEvmAddress(address) ||
    !isValidUsername(username) ||
    typeof bio !== 'string' ||
    typeof twitter !== 'string' ||
    parseTwitterHandle(twitter) !== twitter ||
    !(avatarSha256 === null || (typeof avatarSha256 === 'string' && /^[0-9a-f]{64}$/.test(avatarSha256))) ||
    !(avatarUrl === null || (typeof avatarUrl === 'string' && AVATAR_PATH.test(avatarUrl)))
  ) {
    throw new UsernameApiError('BAD_ANSWER', 'The username service answered an unexpected shape')
  }
  return {
    address: address as Hex,
    username,
    bio,
    twitter,
    avatarSha256,
    avatarUrl: avatarUrl === null ? null : apiUrl(avatarUrl),
  }
}

async function request(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const response = await fetch(apiUrl(path), {
    method,
    credentials: 'omit',
    headers: body === undefined ? (headers ?? {}) : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const answer: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const error = (answer as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)
      ?.error
    throw new UsernameApiError(
      typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`,
      typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`,
      error?.details,
    )
  }
  return answer
}

/** The live profile named `name`; null when there is none (or the name breaks the rules). */
export async function lookupUsername(name: string): Promise<UsernameProfile | null> {
  if (!isValidUsername(name)) return null
  try {
    return profileOf(await request('GET', `/v1/usernames/name/${name}`))
  } catch (error) {
    if (error instanceof UsernameApiError && error.code === 'NOT_FOUND') return null
    throw error
  }
}

/** The profile of `address`; null when it has none. */
export async function lookupUsernameOf(address: string): Promise<UsernameProfile | null> {
  if (!isEvmAddress(address)) return null
  try {
    return profileOf(await request('GET', `/v1/usernames/address/${address.toLowerCase()}`))
  } catch (error) {
    if (error instanceof UsernameApiError && error.code === 'NOT_FOUND') return null
    throw error
  }
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
  /** The current avatar's SHA-256 (kept avatars are signed by hash). */
  readonly currentAvatarSha256: string | null
}

/** Claims or edits the profile: signs core's text, then sends it. */
export async function saveUsernameProfile(draft: ProfileDraft, sign: SignText): Promise<UsernameProfile> {
  const twitter = parseTwitterHandle(draft.twitter) ?? draft.twitter
  const avatarSha256 =
    draft.avatar === undefined
      ? draft.currentAvatarSha256
      : draft.avatar
        ? await avatarDigest(draft.avatar)
        : null
  const issuedAt = new Date().toISOString()
  const signature = await sign(
    profileSignText({
      action: draft.action,
      address: draft.address,
      username: draft.username,
      avatarSha256,
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
    ...(draft.avatar === undefined ? {} : { avatar: draft.avatar ? toBase64(draft.avatar) : null }),
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
