/**
 * The API's username profiles (apps/api, /v1/usernames): lookups by name and by address, small
 * enough for the header's label (answers checked field by field, no schema library). Claim, edit,
 * delete and the availability check are in `usernameWrites.ts`, loaded with the Username view. An
 * error answer becomes a UsernameApiError with the API's code.
 */
import {
  avatarImageSrc,
  DEFAULT_IPFS_GATEWAY,
  isEvmAddress,
  isValidUsername,
  parseAvatarUrl,
  parseTwitterHandle,
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
  /**
   * The avatar as an <img> source, or null: the upload on the API (absolute URL), or the profile's
   * link (https as it is, ipfs:// through the configured gateway).
   */
  readonly avatarUrl: string | null
  /** The profile's avatar link as stored (https or ipfs://; what an edit keeping it signs), or null. */
  readonly avatarLink: string | null
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

const AVATAR_PATH = /^\/v1\/usernames\/avatar\/0x[0-9a-f]{40}\?v=[0-9a-f]{16}$/

export function apiUrl(path: string): string {
  return new URL(path, getRuntimeConfig().apiUrl).href
}

export function profileOf(value: unknown): UsernameProfile {
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
    !(
      avatarUrl === null ||
      (typeof avatarUrl === 'string' &&
        (AVATAR_PATH.test(avatarUrl) || parseAvatarUrl(avatarUrl) === avatarUrl))
    )
  ) {
    throw new UsernameApiError('BAD_ANSWER', 'The username service answered an unexpected shape')
  }
  return {
    address: address as Hex,
    username,
    bio,
    twitter,
    avatarSha256,
    avatarUrl:
      avatarUrl === null
        ? null
        : AVATAR_PATH.test(avatarUrl)
          ? apiUrl(avatarUrl)
          : avatarImageSrc(avatarUrl, getRuntimeConfig().ipfsGateway ?? DEFAULT_IPFS_GATEWAY),
    avatarLink: avatarUrl === null || AVATAR_PATH.test(avatarUrl) ? null : avatarUrl,
  }
}

export async function request(
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

/** The `{ profile }` answer of a lookup: the profile, or null for none. */
function lookupAnswer(answer: unknown): UsernameProfile | null {
  const profile = (answer as { profile?: unknown } | null)?.profile
  return profile === null ? null : profileOf(profile)
}

/** The live profile named `name`; null when there is none (or the name breaks the rules). */
export async function lookupUsername(name: string): Promise<UsernameProfile | null> {
  if (!isValidUsername(name)) return null
  return lookupAnswer(await request('GET', `/v1/usernames/name/${name}`))
}

/** The profile of `address`; null when it has none. */
export async function lookupUsernameOf(address: string): Promise<UsernameProfile | null> {
  if (!isEvmAddress(address)) return null
  return lookupAnswer(await request('GET', `/v1/usernames/address/${address.toLowerCase()}`))
}
