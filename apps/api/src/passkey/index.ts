/**
 * The passkey embedded wallet: WebAuthn registration and sign-in verified with SimpleWebAuthn,
 * user verification required, challenges single-use and expiring (5 min), counters only moving
 * forward, and per credential the wallet key's ciphertext (encrypted in the browser with a key
 * derived from the passkey's PRF output; the server never sees the key).
 * - POST   /v1/passkey/registration/options   { username?, attachment? } (Bearer + verified for 'add': add to the wallet)
 * - POST   /v1/passkey/registration/verify    { response } -> { walletId, credentialId, session? }
 * - POST   /v1/passkey/authentication/options { purpose: 'signin' | 'verify', action?: 'add' | 'delete' } (verify: Bearer)
 * - POST   /v1/passkey/authentication/verify  { response } -> { walletId, address, credentialId, ciphertext, session? }
 * - PUT    /v1/passkey/key                     { credentialId, address, ciphertext } (Bearer; once per credential)
 * - GET    /v1/passkey/credentials             (Bearer) the wallet's passkeys, oldest first
 * - DELETE /v1/passkey/credentials/:id         (Bearer + verified for 'delete') -> { remaining, lastAuthenticator }
 * A verification is bound to its action: one made for 'add' does not allow a delete, nor the other
 * way round (a 403 VERIFICATION_REQUIRED, nothing changed); one without an action (a confirmation,
 * or reading a new passkey's PRF output) allows neither.
 * - POST   /v1/passkey/signout                 (Bearer)
 */
import { randomBytes } from 'node:crypto'
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { ApiModule, Logger } from '../app.ts'
import type { ApiConfig } from '../config.ts'
import { type Database, migrateOnce } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { type ModuleRateLimitOptions, moduleRateLimit } from '../rateLimit.ts'
import { jsonBody, parseWith } from '../validation.ts'
import { providerOf } from './providers.ts'
import {
  address,
  authenticationResponse,
  b64url,
  ciphertext,
  label,
  registrationResponse,
} from './requests.ts'
import {
  type ChallengePurpose,
  createPasskeyStore,
  passkeyMigrations,
  type Session,
  type VerifiedAction,
} from './store.ts'

export { providerOf } from './providers.ts'
export { passkeyMigrations } from './store.ts'

/** The spec's text for every passkey failure ('passkey invalid or technical error'). */
export const PASSKEY_ERROR_MESSAGE = 'Passkey invalid or technical error'
export const CHALLENGE_TTL_MS = 5 * 60_000
export const SESSION_TTL_MS = 24 * 60 * 60_000
/** How long a verification (before adding or deleting a passkey) counts. */
export const VERIFIED_TTL_MS = 5 * 60_000

export interface PasskeyModuleOptions extends ModuleRateLimitOptions {
  readonly db: Database
  /** The relying party: the web app's host name (e.g. `localhost`). */
  readonly rpId: string
  readonly rpName?: string
  /** Origins a ceremony may come from (the web app). */
  readonly origins: readonly string[]
  readonly log: Logger
  /** Passkey requests per minute per client (burst a third of it). Default 60. */
  readonly perMinute?: number
  /** How long a verification counts before adding or deleting a passkey. Default VERIFIED_TTL_MS. */
  readonly verifiedTtlMs?: number
  readonly now?: () => number
  /** Migrate before answering; false (default): on the first request. */
  readonly eager?: boolean
}

function invalid(reason: string, cause?: unknown): ApiError {
  return new ApiError('PASSKEY_INVALID', PASSKEY_ERROR_MESSAGE, { reason }, { cause })
}

/** Runs a WebAuthn verification; its error becomes the spec's PASSKEY_INVALID with the library's reason. */
async function verifying<T>(
  ceremony: 'registration' | 'authentication',
  verify: () => Promise<T>,
): Promise<T> {
  try {
    return await verify()
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : `${ceremony} not verified`, error)
  }
}

/** The challenge a response signed, read from its client data (its signature is checked later). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }
    if (typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(data.challenge))
      return data.challenge
  } catch {}
  throw invalid('clientDataJSON is not readable')
}

export async function createPasskeyModule(options: PasskeyModuleOptions): Promise<ApiModule> {
  const { db, rpId, log } = options
  const rpName = options.rpName ?? 'Oxbow'
  const now = options.now ?? Date.now
  const store = createPasskeyStore(db, now)
  const origins = [...options.origins]
  /** What both ceremonies require of a response beyond its own signature. */
  const expected = {
    expectedChallenge: () => true, // consumed before verifying, matched by its key
    expectedOrigin: origins,
    expectedRPID: rpId,
    requireUserVerification: true,
  }
  const ready = migrateOnce(db, 'passkey', passkeyMigrations)
  if (options.eager) await ready()

  const limiter = moduleRateLimit('passkey', options, 60, 3)

  const bearer = (c: Context) => {
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(header)
    return match?.[1] ?? null
  }
  const requireSession = async (c: Context): Promise<{ token: string; session: Session }> => {
    const token = bearer(c)
    const session = token ? await store.session(token) : null
    if (!token || !session) throw new ApiError('UNAUTHORIZED', 'Sign in with your passkey again')
    return { token, session }
  }
  /** Adding or deleting a passkey needs a live verification made for that very action. */
  const requireVerifiedFor = (session: Session, action: VerifiedAction) => {
    if (session.verifiedFor === action) return
    throw new ApiError(
      'VERIFICATION_REQUIRED',
      'Verify with a passkey of this wallet first',
      session.verifiedFor
        ? {
            reason: `verified to ${session.verifiedFor} a passkey, not to ${action} one`,
            verifiedFor: session.verifiedFor,
            action,
          }
        : { action },
    )
  }
  const challenge = () => isoBase64URL.fromBuffer(randomBytes(32))

  const routes = new Hono()
  routes.use('/passkey/*', limiter, async (_c, next) => {
    await ready()
    await next()
  })

  routes.post('/passkey/registration/options', async (c) => {
    const body = await jsonBody(
      c,
      z.object({ username: label.optional(), attachment: z.enum(['platform', 'cross-platform']).optional() }),
    )
    // With a session: a passkey added to that wallet, after a fresh verification.
    let walletId: string
    let existing: { id: string; transports: readonly string[] }[] = []
    if (bearer(c)) {
      const { session } = await requireSession(c)
      requireVerifiedFor(session, 'add')
      walletId = session.walletId
      existing = await store.credentials(walletId)
    } else {
      walletId = isoBase64URL.fromBuffer(randomBytes(32))
    }
    const username = `${body.username ?? 'Oxbow Wallet'} (${existing.length + 1})`
    const options = await generateRegistrationOptions({
      rpName,
      rpID: rpId,
      userName: username,
      userDisplayName: username,
      userID: isoBase64URL.toBuffer(walletId),
      challenge: challenge(),
      timeout: CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((e) => ({ id: e.id, transports: [...e.transports] })),
      authenticatorSelection: {
        residentKey: 'required',
        userVerification: 'required',
        ...(body.attachment ? { authenticatorAttachment: body.attachment } : {}),
      },
    })
    await store.saveChallenge(options.challenge, 'register', walletId, CHALLENGE_TTL_MS)
    return c.json({ options })
  })

  routes.post('/passkey/registration/verify', async (c) => {
    const { response } = await jsonBody(c, z.object({ response: registrationResponse }))
    const taken = await store.consumeChallenge(challengeOf(response.response.clientDataJSON), 'register')
    if (!taken?.walletId)
      throw new ApiError('CHALLENGE_INVALID', PASSKEY_ERROR_MESSAGE, { reason: 'challenge' })
    const verification = await verifying('registration', () =>
      verifyRegistrationResponse({ response: response as RegistrationResponseJSON, ...expected }),
    )
    if (!verification.verified) throw invalid('registration not verified')
    const info = verification.registrationInfo
    // Refused before anything is written: not even the (new) wallet's row.
    if (await store.credential(info.credential.id)) throw invalid('credential already registered')
    const isNewWallet = (await store.credentials(taken.walletId)).length === 0
    await store.createWallet(taken.walletId)
    await store.addCredential({
      id: info.credential.id,
      walletId: taken.walletId,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: (response.response.transports ?? []).filter((t) => /^[a-z-]{1,32}$/.test(t)),
      aaguid: info.aaguid,
      backedUp: info.credentialBackedUp,
    })
    const session = isNewWallet
      ? await store.createSession(taken.walletId, info.credential.id, SESSION_TTL_MS)
      : null
    log.info('passkey registered', { provider: providerOf(info.aaguid), newWallet: isNewWallet })
    return c.json(
      {
        walletId: taken.walletId,
        credentialId: info.credential.id,
        provider: providerOf(info.aaguid),
        ...(session ? { session } : {}),
      },
      201,
    )
  })

  routes.post('/passkey/authentication/options', async (c) => {
    const { purpose, action } = await jsonBody(
      c,
      z
        .object({ purpose: z.enum(['signin', 'verify']), action: z.enum(['add', 'delete']).optional() })
        .refine((body) => body.purpose === 'verify' || body.action === undefined, {
          path: ['action'],
          message: 'an action belongs to a verification only',
        }),
    )
    let walletId: string | null = null
    let allow: { id: string; transports: string[] }[] = []
    if (purpose === 'verify') {
      const { session } = await requireSession(c)
      walletId = session.walletId
      allow = (await store.credentials(walletId)).map((e) => ({ id: e.id, transports: [...e.transports] }))
    }
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      challenge: challenge(),
      timeout: CHALLENGE_TTL_MS,
      userVerification: 'required',
      allowCredentials: allow,
    })
    await store.saveChallenge(
      options.challenge,
      purpose satisfies ChallengePurpose,
      walletId,
      CHALLENGE_TTL_MS,
      action ?? null,
    )
    return c.json({ options })
  })

  routes.post('/passkey/authentication/verify', async (c) => {
    const { response } = await jsonBody(c, z.object({ response: authenticationResponse }))
    const clientChallenge = challengeOf(response.response.clientDataJSON)
    const purpose: ChallengePurpose = bearer(c) ? 'verify' : 'signin'
    const current = purpose === 'verify' ? await requireSession(c) : null
    const taken = await store.consumeChallenge(clientChallenge, purpose)
    if (!taken || (current && taken.walletId !== current.session.walletId))
      throw new ApiError('CHALLENGE_INVALID', PASSKEY_ERROR_MESSAGE, { reason: 'challenge' })
    const credential = await store.credential(response.id)
    if (!credential) throw invalid('unknown passkey')
    if (current && credential.walletId !== current.session.walletId)
      throw invalid('passkey of another wallet')
    const verification = await verifying('authentication', () =>
      verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        ...expected,
        credential: {
          id: credential.id,
          publicKey: isoBase64URL.toBuffer(credential.publicKey),
          counter: credential.counter,
        },
      }),
    )
    if (!verification.verified) throw invalid('authentication not verified')
    const { newCounter } = verification.authenticationInfo
    if (!(await store.advanceCounter(credential.id, credential.counter, newCounter)))
      throw invalid('counter changed concurrently')
    const address = await store.walletAddress(credential.walletId)
    const common = {
      walletId: credential.walletId,
      credentialId: credential.id,
      address,
      ciphertext: credential.ciphertext,
    }
    if (current) {
      // Only a verification asked for an action allows it; one without (a confirmation) allows nothing.
      if (taken.action)
        await store.markVerified(current.token, options.verifiedTtlMs ?? VERIFIED_TTL_MS, taken.action)
      return c.json({ ...common, verified: true, action: taken.action })
    }
    const session = await store.createSession(credential.walletId, credential.id, SESSION_TTL_MS)
    return c.json({ ...common, session })
  })

  routes.put('/passkey/key', async (c) => {
    const { session } = await requireSession(c)
    const body = await jsonBody(c, z.object({ credentialId: b64url, address, ciphertext }))
    const credential = await store.credential(body.credentialId)
    if (!credential || credential.walletId !== session.walletId)
      throw new ApiError('NOT_FOUND', 'No such passkey for this wallet')
    if (credential.ciphertext !== null)
      throw new ApiError('CONFLICT', 'This passkey already holds the wallet key')
    if (!(await store.setKey(session.walletId, credential.id, body.address, body.ciphertext)))
      throw new ApiError('CONFLICT', 'This wallet has another address')
    return c.json({ walletId: session.walletId, credentialId: credential.id, address: body.address })
  })

  routes.get('/passkey/credentials', async (c) => {
    const { session } = await requireSession(c)
    const credentials = await store.credentials(session.walletId)
    return c.json({
      walletId: session.walletId,
      address: session.address,
      current: session.credentialId,
      credentials: credentials.map((e) => ({
        id: e.id,
        provider: providerOf(e.aaguid),
        createdAt: e.createdAt,
        lastUsedAt: e.lastUsedAt,
        backedUp: e.backedUp,
        hasKey: e.ciphertext !== null,
      })),
    })
  })

  routes.delete('/passkey/credentials/:id', async (c) => {
    const { session } = await requireSession(c)
    const id = parseWith(b64url, c.req.param('id'), 'passkey id')
    requireVerifiedFor(session, 'delete')
    const remaining = await store.deleteCredential(session.walletId, id)
    if (remaining === null) throw new ApiError('NOT_FOUND', 'No such passkey for this wallet')
    return c.json({ deleted: id, remaining, lastAuthenticator: remaining === 0 })
  })

  routes.post('/passkey/signout', async (c) => {
    const token = bearer(c)
    if (!token || !(await store.endSession(token))) throw new ApiError('UNAUTHORIZED', 'Not signed in')
    return c.json({ signedOut: true })
  })

  return { name: 'passkey', routes }
}

/** The module's settings from the API's configuration (its rate limit and verification time included). */
export function passkeySettings(
  config: Pick<
    ApiConfig,
    | 'OXBOW_WEB_ORIGINS'
    | 'OXBOW_PASSKEY_RP_ID'
    | 'OXBOW_PASSKEY_PER_MINUTE'
    | 'OXBOW_PASSKEY_VERIFIED_SECONDS'
  >,
): Pick<PasskeyModuleOptions, 'rpId' | 'origins' | 'perMinute' | 'verifiedTtlMs'> {
  return {
    rpId: passkeyRpId(config),
    origins: config.OXBOW_WEB_ORIGINS,
    perMinute: config.OXBOW_PASSKEY_PER_MINUTE,
    verifiedTtlMs: config.OXBOW_PASSKEY_VERIFIED_SECONDS * 1000,
  }
}

/** The relying party id: the configured one, else the host name of the first web origin. */
export function passkeyRpId(config: Pick<ApiConfig, 'OXBOW_WEB_ORIGINS' | 'OXBOW_PASSKEY_RP_ID'>): string {
  if (config.OXBOW_PASSKEY_RP_ID) return config.OXBOW_PASSKEY_RP_ID
  const first = config.OXBOW_WEB_ORIGINS[0]
  return first ? new URL(first).hostname : 'localhost'
}
