/**
 * Username profiles (spec: a public name with avatar, bio and Twitter link), claimed, edited and
 * deleted with a text the address signs (EIP-191, built by @oxbow/core's `profileSignText`), and
 * looked up by name and by address. The spec's rules: core's name rules, at most 2 changes per
 * address, a name once held never claimable again, a per-device limit of profiles.
 * - GET  /v1/usernames/name/:name          -> { profile } (null when no live profile has the name)
 * - GET  /v1/usernames/address/:address    -> { profile } (null when the address has none)
 * - GET  /v1/usernames/available/:name     -> { available, problem?, message? }
 * - GET  /v1/usernames/avatar/:address     -> the avatar image (its type, nosniff)
 * - POST /v1/usernames/profile             { action: 'claim' | 'edit', address, username, bio, twitter,
 *                                            avatar?: base64 | null, avatarUrl?: https or ipfs:// link
 *                                            | null (edit: both absent keep it), issuedAt,
 *                                            signature } with header X-Device-Id -> profile
 * - POST /v1/usernames/delete              { address, username, issuedAt, signature } -> { deleted }
 * Lookups answer 200 with a null profile for none: the web app asks on every connection, and
 * "no username" is an answer, not an error. A profile is `{ address, username, bio, twitter, avatarSha256, avatarUrl }` (avatarUrl: the uploaded image's path on the API, or the profile's
 * https / ipfs:// link as given; clients load ipfs through a gateway).
 * Every write is one transaction: a refused request stores nothing, not even its signature time.
 */
import {
  AVATAR_URL_MAX_LENGTH,
  avatarDigest,
  checkAvatar,
  isValidBio,
  MAX_USERNAME_CHANGES,
  parseAvatarUrl,
  parseTwitterHandle,
  profileSignText,
  sniffAvatarType,
  USERNAME_AVATAR_MAX_BYTES,
  USERNAME_SIGNATURE_MAX_AGE_MS,
  usernameClaimErrors,
  validateUsername,
} from '@oxbow/core'
import { loadManifest } from '@oxbow/protocol'
import { type Context, Hono } from 'hono'
import { createPublicClient, type Hex, http, type PublicClient, verifyMessage } from 'viem'
import { z } from 'zod'
import type { ApiModule, Logger } from '../app.ts'
import type { ApiConfig } from '../config.ts'
import { type Database, migrateOnce } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import {
  type ClientKey,
  type ModuleRateLimitOptions,
  moduleRateLimit,
  type RateLimits,
} from '../rateLimit.ts'
import { jsonBody, parseWith, walletAddress } from '../validation.ts'
import {
  type Avatar,
  type AvatarChange,
  createUsernameStore,
  type Profile,
  usernameMigrations,
} from './store.ts'

export { usernameMigrations } from './store.ts'

/** Profiles one device may claim (ours; the spec names the limit, not its value). */
export const DEFAULT_DEVICE_PROFILE_LIMIT = 3
/** Clocks may differ a little: a text issued up to this far in the future is accepted. */
const FUTURE_SKEW_MS = 30_000

export interface UsernameModuleOptions extends ModuleRateLimitOptions {
  readonly db: Database
  readonly log: Logger
  /** Verifies smart-account signatures (ERC-1271, ERC-6492) on its chain; absent: EOAs only. */
  readonly publicClient?: Pick<PublicClient, 'verifyMessage'>
  readonly deviceLimit?: number
  /** Requests per minute per client (burst a third of it). Default 60. */
  readonly perMinute?: number
  readonly now?: () => number
  /** Migrate before answering; false (default): on the first request. */
  readonly eager?: boolean
}

const address = z.pipe(
  walletAddress,
  z.transform((value) => value.toLowerCase()),
)
const nameParam = z.string().max(64)
const signature = z.string().regex(/^0x([0-9a-fA-F]{2}){65,4096}$/, 'a hex signature')
const issuedAt = z.iso.datetime({ precision: 3 })
const base64 = z
  .string()
  .max(Math.ceil(USERNAME_AVATAR_MAX_BYTES / 3) * 4 + 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64')
const deviceId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'a device id (16 to 64 letters, digits, - or _)')
const profileBody = z.object({
  action: z.enum(['claim', 'edit']),
  address,
  username: z.string().max(64),
  bio: z.string().max(1000).default(''),
  twitter: z.string().max(200).default(''),
  avatar: base64.nullable().optional(),
  // Checked by core's parseAvatarUrl below (a refused scheme is AVATAR_INVALID, not a shape error).
  avatarUrl: z
    .string()
    .max(AVATAR_URL_MAX_LENGTH + 64)
    .nullable()
    .optional(),
  issuedAt,
  signature,
})
const deleteBody = z.object({ address, username: z.string().max(64), issuedAt, signature })

type ClaimCode = 'USERNAME_CHANGE_LIMIT' | 'USERNAME_DEVICE_LIMIT' | 'USERNAME_UNAVAILABLE' | 'AVATAR_INVALID'
const claimError = (code: ClaimCode) => new ApiError(code, usernameClaimErrors[code])

function invalidName(name: string): ApiError | null {
  const check = validateUsername(name)
  return check
    ? new ApiError('USERNAME_INVALID', check.message, {
        problem: check.problem,
        ...(check.number === undefined ? {} : { number: check.number }),
      })
    : null
}

function publicProfile(profile: Profile) {
  return {
    address: profile.address,
    username: profile.username,
    bio: profile.bio,
    twitter: profile.twitter,
    avatarSha256: profile.avatarSha256,
    avatarUrl: profile.avatarSha256
      ? `/v1/usernames/avatar/${profile.address}?v=${profile.avatarSha256.slice(0, 16)}`
      : profile.avatarLink,
  }
}

/** The avatar a write asks for: undefined keeps the stored one (an edit naming neither field). */
async function avatarChange(body: {
  avatar?: string | null | undefined
  avatarUrl?: string | null | undefined
}): Promise<AvatarChange | undefined> {
  if (typeof body.avatar === 'string' && typeof body.avatarUrl === 'string') {
    throw new ApiError('INVALID_INPUT', 'Invalid request body', [
      { path: 'avatarUrl', message: 'either an uploaded avatar or an avatar link, not both' },
    ])
  }
  if (typeof body.avatarUrl === 'string') {
    const link = parseAvatarUrl(body.avatarUrl)
    if (!link) {
      throw new ApiError('AVATAR_INVALID', usernameClaimErrors.AVATAR_INVALID, [
        {
          path: 'avatarUrl',
          message: 'an https:// or ipfs:// link (no credentials), at most 2048 characters',
        },
      ])
    }
    return { link }
  }
  if (typeof body.avatar === 'string') return decodeAvatar(body.avatar)
  if (body.avatar === null || body.avatarUrl === null) return null
  return undefined
}

async function decodeAvatar(value: string): Promise<Avatar> {
  const bytes = new Uint8Array(Buffer.from(value, 'base64'))
  const type = sniffAvatarType(bytes)
  if (checkAvatar(bytes) !== null || !type) throw claimError('AVATAR_INVALID')
  return { bytes, type, sha256: await avatarDigest(bytes) }
}

export async function createUsernameModule(options: UsernameModuleOptions): Promise<ApiModule> {
  const { db, log } = options
  const now = options.now ?? Date.now
  const deviceLimit = options.deviceLimit ?? DEFAULT_DEVICE_PROFILE_LIMIT
  const reader = createUsernameStore(db)
  const ready = migrateOnce(db, 'usernames', usernameMigrations)
  if (options.eager) await ready()
  const limiter = moduleRateLimit('usernames', options, 60, 3)

  /** Refuses a text the address did not sign, one too old (or from the future). */
  const verify = async (who: string, text: string, sig: string, at: string) => {
    const issued = Date.parse(at)
    if (!(issued > now() - USERNAME_SIGNATURE_MAX_AGE_MS && issued < now() + FUTURE_SKEW_MS)) {
      throw new ApiError('SIGNATURE_EXPIRED', 'The signature has expired; sign again')
    }
    const args = { address: who as Hex, message: text, signature: sig as Hex }
    let valid = false
    try {
      valid = options.publicClient
        ? await options.publicClient.verifyMessage(args)
        : await verifyMessage(args)
    } catch (cause) {
      log.info('usernames: signature check failed', { error: String(cause) })
    }
    if (!valid) throw new ApiError('INVALID_SIGNATURE', 'The address did not sign this profile')
  }
  /** Refuses a text not newer than the last one accepted for the address (a replay). */
  const fresh = (lastSignedAt: number | null, at: string) => {
    if (lastSignedAt !== null && Date.parse(at) <= lastSignedAt) {
      throw new ApiError('SIGNATURE_REPLAYED', 'This signature was already used; sign again')
    }
  }

  const routes = new Hono()
  routes.use('/usernames/*', async (_c, next) => {
    await ready()
    await next()
  })
  // The signed writes (claim, edit, delete) have this module's strict limit per client. Lookups
  // are asked on every page and keystroke (the account button, search, send, the claim form's
  // availability check): the API's general /v1 limit covers them, as every read.
  routes.use('/usernames/profile', limiter)
  routes.use('/usernames/delete', limiter)

  routes.get('/usernames/name/:name', async (c) => {
    const name = parseWith(nameParam, c.req.param('name'), 'username')
    const profile = invalidName(name) ? null : await reader.profileByName(name)
    return c.json({ profile: profile ? publicProfile(profile) : null })
  })
  routes.get('/usernames/address/:address', async (c) => {
    const who = parseWith(address, c.req.param('address'), 'address')
    const profile = await reader.profileByAddress(who)
    return c.json({ profile: profile ? publicProfile(profile) : null })
  })
  routes.get('/usernames/available/:name', async (c) => {
    const name = parseWith(nameParam, c.req.param('name'), 'username')
    const check = validateUsername(name)
    if (check) {
      return c.json({
        available: false,
        problem: check.problem,
        ...(check.number === undefined ? {} : { number: check.number }),
        message: check.message,
      })
    }
    if (await reader.nameHeld(name)) {
      return c.json({
        available: false,
        problem: 'UNAVAILABLE',
        message: usernameClaimErrors.USERNAME_UNAVAILABLE,
      })
    }
    return c.json({ available: true })
  })
  routes.get('/usernames/avatar/:address', async (c) => {
    const who = parseWith(address, c.req.param('address'), 'address')
    const avatar = await reader.avatar(who)
    if (!avatar) throw new ApiError('NOT_FOUND', 'No avatar')
    return c.body(avatar.bytes.slice().buffer as ArrayBuffer, 200, {
      'content-type': avatar.type,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'public, max-age=300',
      etag: `"${avatar.sha256}"`,
    })
  })

  routes.post('/usernames/profile', async (c: Context) => {
    const body = await jsonBody(c, profileBody)
    const device = parseWith(deviceId, c.req.header('x-device-id'), 'X-Device-Id header')
    const nameProblem = invalidName(body.username)
    if (nameProblem) throw nameProblem
    if (!isValidBio(body.bio)) {
      throw new ApiError('INVALID_INPUT', 'Invalid request body', [
        { path: 'bio', message: 'at most 160 characters, no control characters' },
      ])
    }
    const twitter = parseTwitterHandle(body.twitter)
    if (twitter === null) {
      throw new ApiError('INVALID_INPUT', 'Invalid request body', [
        { path: 'twitter', message: 'a Twitter handle (1 to 15 letters, digits or _) or its profile link' },
      ])
    }
    const avatar = await avatarChange(body)
    const result = await db.transaction(async (tx) => {
      const store = createUsernameStore(tx)
      const account = await store.lockAccount(body.address)
      const current = await store.profileByAddress(body.address)
      if (body.action === 'claim' && current) {
        throw new ApiError('CONFLICT', 'This address already has a username; edit it instead')
      }
      if (body.action === 'edit' && !current) throw new ApiError('NOT_FOUND', 'This address has no username')
      const kept = avatar === undefined
      const avatarSha256 = kept
        ? (current?.avatarSha256 ?? null)
        : avatar && 'sha256' in avatar
          ? avatar.sha256
          : null
      const avatarUrl = kept ? (current?.avatarLink ?? null) : avatar && 'link' in avatar ? avatar.link : null
      const text = profileSignText({
        action: body.action,
        address: body.address,
        username: body.username,
        avatarSha256,
        avatarUrl,
        bio: body.bio,
        twitter,
        issuedAt: body.issuedAt,
      })
      await verify(body.address, text, body.signature, body.issuedAt)
      fresh(account.lastSignedAt, body.issuedAt)
      if (body.action === 'claim') {
        const others = (await store.deviceAddresses(device)).filter((a) => a !== body.address)
        if (others.length >= deviceLimit) throw claimError('USERNAME_DEVICE_LIMIT')
      }
      const newName = current?.username !== body.username
      if (newName) {
        // The first name is a claim; every later one (an edit, or a claim after a delete) a change.
        if (account.namesHeld > MAX_USERNAME_CHANGES) throw claimError('USERNAME_CHANGE_LIMIT')
        if (!(await store.takeName(body.username, body.address))) throw claimError('USERNAME_UNAVAILABLE')
      }
      await store.saveProfile(
        { address: body.address, username: body.username, bio: body.bio, twitter },
        body.action === 'claim' ? (avatar ?? null) : avatar,
      )
      if (newName && current) await store.retireName(current.username)
      if (body.action === 'claim') await store.addDevice(device, body.address)
      await store.recordSignature(body.address, body.issuedAt)
      return store.profileByAddress(body.address)
    })
    if (!result) throw new ApiError('INTERNAL', usernameClaimErrors.GENERAL)
    log.info('usernames: profile saved', { action: body.action })
    return c.json(publicProfile(result))
  })

  routes.post('/usernames/delete', async (c) => {
    const body = await jsonBody(c, deleteBody)
    await db.transaction(async (tx) => {
      const store = createUsernameStore(tx)
      const account = await store.lockAccount(body.address)
      const current = await store.profileByAddress(body.address)
      const text = profileSignText({
        action: 'delete',
        address: body.address,
        username: body.username,
        issuedAt: body.issuedAt,
      })
      await verify(body.address, text, body.signature, body.issuedAt)
      fresh(account.lastSignedAt, body.issuedAt)
      if (!current || current.username !== body.username) {
        throw new ApiError('NOT_FOUND', 'This address has no such username')
      }
      await store.deleteProfile(body.address)
      await store.retireName(current.username)
      await store.recordSignature(body.address, body.issuedAt)
    })
    return c.json({ deleted: true })
  })

  return {
    name: 'usernames',
    routes,
    // An avatar of 100 KB in base64 plus the profile's fields.
    // Public images the web app (another site) shows.
    crossOriginPaths: ['/usernames/avatar/'],
    bodyLimits: { '/usernames/profile': Math.ceil(USERNAME_AVATAR_MAX_BYTES / 3) * 4 + 8 * 1024 },
  }
}

/**
 * The module the server runs: smart-account signatures checked on the manifest's Ethereum network
 * (a profile is chain-independent; that is where the app's accounts live first). Without a
 * manifest, EOA signatures only.
 */
export async function loadUsernameModule(
  config: ApiConfig,
  log: Logger,
  db: Database,
  clientKey: ClientKey,
  rateLimits?: RateLimits,
): Promise<ApiModule> {
  let publicClient: PublicClient | undefined
  try {
    const manifest = await loadManifest(config.OXBOW_MANIFEST)
    const network = manifest.networks.ethereum ?? Object.values(manifest.networks)[0]
    if (network) {
      publicClient = createPublicClient({
        transport: http(network.rpcUrl, { retryCount: 1, timeout: 5_000 }),
      })
    }
  } catch (error) {
    log.info('usernames: no manifest, EOA signatures only', { error: String(error) })
  }
  return createUsernameModule({
    db,
    log,
    clientKey,
    ...(rateLimits ? { rateLimits } : {}),
    ...(publicClient ? { publicClient } : {}),
  })
}
