/**
 * The passkey embedded wallet (own chunk, with the wallet runtime): WebAuthn ceremonies through
 * @simplewebauthn/browser against the API's /v1/passkey, and the wallet key. The key is created
 * here (viem's generatePrivateKey), encrypted with AES-GCM under a key derived (HKDF-SHA-256) from
 * the passkey's PRF output and the wallet address, and only that ciphertext is sent to the API.
 * The PRF output never leaves this page; the key lives only in memory while the wallet is unlocked.
 */
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser'
import type { Address, Hex, LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import * as z from 'zod/mini'
import { getRuntimeConfig } from '../../config/index.ts'
import { embeddedWalletStore, PASSKEY_WALLET_ID, setEmbeddedAddress } from '../state/embeddedWallet.ts'
import type { PageAccountSource } from './localWallet.ts'
import { PasskeyError } from './passkeyError.ts'
import { decryptKey, encryptKey } from './walletKeyCipher.ts'

/** The PRF input every passkey evaluates for the wallet key (fixed: the same passkey gives the same key). */
export const PRF_INPUT = 'oxbow.wallet-key.prf.v1'
const PRF_SALT = new TextEncoder().encode(PRF_INPUT)

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) })

async function api<S extends z.ZodMiniType>(
  method: string,
  path: string,
  schema: S,
  body?: unknown,
  token?: string | null,
): Promise<z.infer<S>> {
  let response: Response
  try {
    response = await fetch(`${getRuntimeConfig().apiUrl}/v1/passkey${path}`, {
      method,
      credentials: 'omit',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch (cause) {
    throw new PasskeyError('NETWORK', cause instanceof Error ? cause.message : 'network error')
  }
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const parsed = errorSchema.safeParse(json)
    if (parsed.success) throw new PasskeyError(parsed.data.error.code, parsed.data.error.message)
    throw new PasskeyError('INVALID_RESPONSE', `status ${response.status}`)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new PasskeyError('INVALID_RESPONSE', 'unexpected answer')
  return parsed.data
}

type PrfOutputs = { prf?: { enabled?: boolean; results?: { first?: ArrayBuffer | ArrayBufferView } } }

/** The PRF output of a ceremony; it is removed from the answer before the answer goes to the API. */
function takePrf<R extends { clientExtensionResults: unknown }>(response: R): ArrayBuffer | null {
  const results = response.clientExtensionResults as PrfOutputs
  const first = results.prf?.results?.first
  response.clientExtensionResults = {}
  if (!first) return null
  return first instanceof ArrayBuffer
    ? first
    : (new Uint8Array(first.buffer, first.byteOffset, first.byteLength).slice().buffer as ArrayBuffer)
}

const optionsAnswer = z.object({ options: z.record(z.string(), z.unknown()) })
const prfExtension = { prf: { eval: { first: PRF_SALT } } }

async function register(username: string | undefined, token: string | null) {
  const { options } = await api(
    'POST',
    '/registration/options',
    optionsAnswer,
    username ? { username } : {},
    token,
  )
  const optionsJSON = {
    ...(options as unknown as PublicKeyCredentialCreationOptionsJSON),
    extensions: prfExtension,
  } as unknown as PublicKeyCredentialCreationOptionsJSON
  const response: RegistrationResponseJSON = await startRegistration({ optionsJSON })
  const prf = takePrf(response)
  const answer = await api(
    'POST',
    '/registration/verify',
    z.object({ walletId: z.string(), credentialId: z.string(), session: z.optional(z.string()) }),
    { response },
    token,
  )
  return { ...answer, prf }
}

/** What a verification before adding or deleting a passkey allows: that action only (the API's rule). */
export type PasskeyAction = 'add' | 'delete'

async function authenticate(
  purpose: 'signin' | 'verify',
  token: string | null,
  only?: string,
  action?: PasskeyAction,
) {
  const { options } = await api(
    'POST',
    '/authentication/options',
    optionsAnswer,
    { purpose, ...(action ? { action } : {}) },
    token,
  )
  const request = options as unknown as PublicKeyCredentialRequestOptionsJSON
  const optionsJSON = {
    ...request,
    ...(only ? { allowCredentials: (request.allowCredentials ?? []).filter((c) => c.id === only) } : {}),
    extensions: prfExtension,
  } as unknown as PublicKeyCredentialRequestOptionsJSON
  const response: AuthenticationResponseJSON = await startAuthentication({ optionsJSON })
  const prf = takePrf(response)
  const answer = await api(
    'POST',
    '/authentication/verify',
    z.object({
      walletId: z.string(),
      credentialId: z.string(),
      address: z.nullable(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
      ciphertext: z.nullable(z.string()),
      session: z.optional(z.string()),
    }),
    { response },
    token,
  )
  return { ...answer, prf }
}

/** Unlocked: the wallet's account and its API session, in memory only. */
let unlocked: {
  account: LocalAccount
  privateKey: Hex
  session: string
  credentialId: string
  ciphertext: string
} | null = null

function setUnlocked(
  privateKey: Hex,
  session: string,
  credentialId: string,
  ciphertext: string,
): LocalAccount {
  const account = privateKeyToAccount(privateKey)
  unlocked = { account, privateKey, session, credentialId, ciphertext }
  setEmbeddedAddress(account.address)
  embeddedWalletStore.set((state) => ({ ...state, unlocked: true }))
  return account
}

/** Creates a wallet: a new passkey, a new key in this page, the key's ciphertext stored under it. */
export async function createPasskeyWallet(username?: string): Promise<LocalAccount> {
  const created = await register(username, null)
  if (!created.session) throw new PasskeyError('PASSKEY_INVALID', 'No session')
  // Some authenticators give the PRF output only on a get: ask once more with the new passkey.
  const prf =
    created.prf ?? (await authenticate('verify', created.session, created.credentialId).then((a) => a.prf))
  if (!prf) throw new PasskeyError('PRF_UNSUPPORTED', 'This passkey cannot protect a wallet key (no PRF)')
  const privateKey = generatePrivateKey()
  const account = privateKeyToAccount(privateKey)
  const ciphertext = await encryptKey(privateKey, prf, account.address)
  await api(
    'PUT',
    '/key',
    z.object({ address: z.string() }),
    { credentialId: created.credentialId, address: account.address, ciphertext },
    created.session,
  )
  return setUnlocked(privateKey, created.session, created.credentialId, ciphertext)
}

/** Unlocks the wallet of the passkey the user picks: sign-in, then the key decrypted here. */
export async function unlockPasskeyWallet(): Promise<LocalAccount> {
  const signedIn = await authenticate('signin', null)
  if (!signedIn.session) throw new PasskeyError('PASSKEY_INVALID', 'No session')
  if (!signedIn.address || !signedIn.ciphertext)
    throw new PasskeyError('NO_WALLET_KEY', 'This passkey holds no wallet key')
  if (!signedIn.prf)
    throw new PasskeyError('PRF_UNSUPPORTED', 'This passkey cannot unlock a wallet key (no PRF)')
  const address = signedIn.address as Address
  const privateKey = await decryptKey(signedIn.ciphertext, signedIn.prf, address)
  if (privateKeyToAccount(privateKey).address.toLowerCase() !== address.toLowerCase())
    throw new PasskeyError('PASSKEY_INVALID', 'The key does not match the wallet')
  return setUnlocked(privateKey, signedIn.session, signedIn.credentialId, signedIn.ciphertext)
}

const requireUnlocked = () => {
  if (!unlocked) throw new PasskeyError('LOCKED', 'Unlock the wallet with your passkey first')
  return unlocked
}

/** What a backup holds: the unlocking passkey's id and the key's ciphertext under it (never the key). */
export function passkeyBackupMaterial(): { address: Address; credentialId: string; ciphertext: string } {
  const { account, credentialId, ciphertext } = requireUnlocked()
  return { address: account.address, credentialId, ciphertext }
}

export interface PasskeyInfo {
  readonly id: string
  readonly provider: 'Chrome' | 'iCloud' | 'Windows' | 'Android' | 'Other'
  readonly createdAt: string
  readonly lastUsedAt: string | null
  readonly current: boolean
}

export async function listPasskeys(): Promise<{ address: string | null; passkeys: PasskeyInfo[] }> {
  const { session } = requireUnlocked()
  const answer = await api(
    'GET',
    '/credentials',
    z.object({
      address: z.nullable(z.string()),
      current: z.string(),
      credentials: z.array(
        z.object({
          id: z.string(),
          provider: z.enum(['Chrome', 'iCloud', 'Windows', 'Android', 'Other']),
          createdAt: z.string(),
          lastUsedAt: z.nullable(z.string()),
        }),
      ),
    }),
    undefined,
    session,
  )
  const passkeys = answer.credentials
    .map((c) => ({ ...c, current: c.id === answer.current }))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
  return { address: answer.address, passkeys }
}

/**
 * A verification with one of the wallet's passkeys: before adding or deleting a passkey, for that
 * action (a verification for one never allows the other); without an action, a confirmation only.
 */
export async function verifyPasskey(action?: PasskeyAction): Promise<void> {
  await authenticate('verify', requireUnlocked().session, undefined, action)
}

/** Adds a passkey (after `verifyPasskey('add')`); the wallet key is stored under it too. */
export async function addPasskey(
  attachment: 'platform' | 'cross-platform',
  username = 'Oxbow Wallet',
): Promise<void> {
  const { session, account, privateKey } = requireUnlocked()
  const { options } = await api(
    'POST',
    '/registration/options',
    optionsAnswer,
    { username, attachment },
    session,
  )
  const optionsJSON = {
    ...(options as unknown as PublicKeyCredentialCreationOptionsJSON),
    extensions: prfExtension,
  } as unknown as PublicKeyCredentialCreationOptionsJSON
  const response = await startRegistration({ optionsJSON })
  const createdPrf = takePrf(response)
  const added = await api(
    'POST',
    '/registration/verify',
    z.object({ credentialId: z.string() }),
    { response },
    session,
  )
  const prf =
    createdPrf ?? (await authenticate('verify', session, added.credentialId).then((answer) => answer.prf))
  if (!prf) throw new PasskeyError('PRF_UNSUPPORTED', 'This passkey cannot protect a wallet key (no PRF)')
  await api(
    'PUT',
    '/key',
    z.object({ address: z.string() }),
    {
      credentialId: added.credentialId,
      address: account.address,
      ciphertext: await encryptKey(privateKey, prf, account.address),
    },
    session,
  )
}

/** Deletes a passkey (after `verifyPasskey('delete')`); the last one signs out. */
export async function deletePasskey(id: string): Promise<{ lastAuthenticator: boolean }> {
  const { session } = requireUnlocked()
  const answer = await api(
    'DELETE',
    `/credentials/${encodeURIComponent(id)}`,
    z.object({ remaining: z.number(), lastAuthenticator: z.boolean() }),
    undefined,
    session,
  )
  if (answer.lastAuthenticator || id === unlocked?.credentialId) lock()
  return answer
}

/** Signs out: the session ends at the API and the key leaves memory. Errors go to `onError`. */
export async function signOutPasskey(onError?: (error: unknown) => void): Promise<void> {
  const session = unlocked?.session
  lock()
  if (!session) return
  try {
    await api('POST', '/signout', z.object({ signedOut: z.boolean() }), {}, session)
  } catch (error) {
    console.warn('passkey sign-out failed', error instanceof Error ? error.message : error)
    onError?.(error)
  }
}

function lock() {
  unlocked = null
  embeddedWalletStore.set((state) => ({ ...state, unlocked: false }))
}

/** What the page-wallet connector asks: create or unlock, as the connect view chose. */
export function passkeyAccountSource(intent: () => 'create' | 'unlock'): PageAccountSource {
  return {
    id: PASSKEY_WALLET_ID,
    name: 'Passkey',
    type: 'embedded',
    async connect(isReconnecting) {
      if (unlocked) return unlocked.account
      if (isReconnecting) throw new PasskeyError('LOCKED', 'Unlock the wallet with your passkey first')
      return intent() === 'create' ? createPasskeyWallet() : unlockPasskeyWallet()
    },
    async disconnect() {
      // Disconnecting the embedded wallet also signs out of it (the spec).
      await signOutPasskey()
    },
    async isAuthorized() {
      return unlocked !== null
    },
  }
}
