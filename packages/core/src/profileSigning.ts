/**
 * Username profile writes: the avatar image check by magic number, its digest, and the canonical
 * text a wallet signs (EIP-191 personal_sign) to claim, edit or delete a profile. The API and the
 * web app both build that text here, so they sign and verify the same; and the spec's claim errors.
 */
import { USERNAME_AVATAR_MAX_BYTES } from './constants.ts'

export type AvatarType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif'

/** The image type of `bytes` by its magic number (PNG, JPEG, WebP, GIF), or null. */
export function sniffAvatarType(bytes: Uint8Array): AvatarType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif'
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'image/webp'
  return null
}

/** Why an avatar is refused, or null when it is a PNG, JPEG, WebP or GIF of at most 100 KB. */
export function checkAvatar(bytes: Uint8Array): 'TOO_LARGE' | 'NOT_AN_IMAGE' | null {
  if (bytes.length > USERNAME_AVATAR_MAX_BYTES) return 'TOO_LARGE'
  return sniffAvatarType(bytes) ? null : 'NOT_AN_IMAGE'
}

/** SHA-256 of the avatar's bytes, lower-case hex (what the signed text names). */
export async function avatarDigest(bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes.slice().buffer as ArrayBuffer)
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Longest avatar link a profile keeps. */
export const AVATAR_URL_MAX_LENGTH = 2048
/** An IPFS content id: CIDv0 (base58btc, Qm…) or CIDv1 in base32 (b…). */
const IPFS_URL =
  /^ipfs:\/\/(Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{50,110})(\/(?!\.\.?(\/|$))[A-Za-z0-9._~%-]+)*\/?$/

/**
 * An `ipfs://<cid>[/path]` link as written, or null: the one rule for IPFS links the apps accept
 * (profile avatars, NFT metadata images), loaded through whichever gateway the deployment configures.
 */
export function parseIpfsUrl(value: string): string | null {
  return value.length <= AVATAR_URL_MAX_LENGTH && IPFS_URL.test(value) ? value : null
}

/**
 * A profile's avatar link as the API stores it, or null when refused: an https URL with a host and
 * no credentials (normalised by the URL parser), or an `ipfs://<cid>[/path]` URL, at most 2048
 * characters. Every other scheme (http:, data:, javascript:, …) is refused.
 */
export function parseAvatarUrl(value: string): string | null {
  if (value.length > AVATAR_URL_MAX_LENGTH) return null
  if (value.startsWith('ipfs://')) return parseIpfsUrl(value)
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null
    return url.href.length > AVATAR_URL_MAX_LENGTH ? null : url.href
  } catch {
    return null
  }
}

/** The public IPFS gateway avatar links load through unless a deployment sets its own. */
export const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io/ipfs/'

/**
 * The https source of an avatar link for <img>: an https link as it is, an `ipfs://` one through
 * `gateway` (an https URL ending in '/', e.g. 'https://ipfs.io/ipfs/'); null for anything else.
 */
export function avatarImageSrc(link: string, gateway: string): string | null {
  const parsed = parseAvatarUrl(link)
  if (!parsed) return null
  return parsed.startsWith('ipfs://') ? `${gateway}${parsed.slice('ipfs://'.length)}` : parsed
}

export type ProfileAction = 'claim' | 'edit' | 'delete'

export interface SignedProfileFields {
  readonly action: ProfileAction
  /** The signing address (any case; the text has it in lower case). */
  readonly address: string
  /** The name claimed, edited to, or deleted. */
  readonly username: string
  /** SHA-256 hex of the avatar bytes, or null for no avatar (ignored for delete). */
  readonly avatarSha256?: string | null
  /** The avatar link (`parseAvatarUrl`) when the avatar is one instead of uploaded bytes. */
  readonly avatarUrl?: string | null
  readonly bio?: string
  /** The Twitter handle without '@', '' for none. */
  readonly twitter?: string
  /** When the wallet signed, ISO 8601 in UTC with milliseconds (`Date.prototype.toISOString`). */
  readonly issuedAt: string
}

/**
 * The text a wallet signs for a profile action: one field per line, no chain id (a profile is the
 * same on every network), an issued-at time (the API accepts it for 5 minutes and only when newer
 * than the address's last accepted one, so a signed text is never accepted twice). A bio has no
 * control characters, so no field can add a line of its own.
 */
export function profileSignText(fields: SignedProfileFields): string {
  const lines = [
    `Oxbow username profile: ${fields.action}`,
    `Address: ${fields.address.toLowerCase()}`,
    `Username: ${fields.username}`,
  ]
  if (fields.action !== 'delete') {
    lines.push(`Avatar SHA-256: ${fields.avatarSha256 ?? 'none'}`)
    // Only with a link: texts without one read as before.
    if (fields.avatarUrl) lines.push(`Avatar URL: ${fields.avatarUrl}`)
    lines.push(`Bio: ${fields.bio ?? ''}`, `Twitter: ${fields.twitter ?? ''}`)
  }
  lines.push(`Issued at: ${fields.issuedAt}`)
  return lines.join('\n')
}

/**
 * The spec's claim errors (section 8) by the API's error code; any other failure is the general
 * one. The web app shows them translated; the API answers them as its messages.
 */
export const usernameClaimErrors = {
  USERNAME_CHANGE_LIMIT: 'Address change limit reached',
  USERNAME_DEVICE_LIMIT: 'Device limit reached',
  USERNAME_UNAVAILABLE: 'Unavailable',
  AVATAR_INVALID: 'Avatar failure',
  GENERAL: 'General failure',
} as const satisfies Record<string, string>

export type UsernameClaimError = keyof typeof usernameClaimErrors
