/**
 * The passkey module on embedded PGlite and on a PostgreSQL server, driven through the real app
 * with a software authenticator that signs real WebAuthn ceremonies: register a wallet, store its
 * key ciphertext, sign in, add and delete passkeys; and every refusal: a replayed or expired
 * challenge, a wrong origin or RP id, a counter that goes backwards, no user verification, add or
 * delete without a fresh verification made for that action (one for 'add' never deletes, one for
 * 'delete' never adds), malformed bodies, and the rate limit (OXBOW_PASSKEY_PER_MINUTE as the API
 * reads it). Nothing is stored by a refused request.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Hono } from 'hono'
import { readConfig } from '../src/config.ts'
import type { Database } from '../src/db/index.ts'
import {
  CHALLENGE_TTL_MS,
  createPasskeyModule,
  PASSKEY_ERROR_MESSAGE,
  passkeySettings,
  providerOf,
  VERIFIED_TTL_MS,
} from '../src/passkey/index.ts'
import { dropTestDatabase, fileDatabases } from './databaseKit.ts'
import { testApp } from './kit.ts'
import { createSoftAuthenticator, type SoftCredential } from './softAuthenticator.ts'

const ORIGIN = 'http://localhost:5173'
const RP_ID = 'localhost'
const ADDRESS = '0x1111111111111111111111111111111111111111'
const CIPHERTEXT = `v1.${'A'.repeat(16)}.${'B'.repeat(64)}`
const silent = { info: () => {}, error: () => {} }

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field by the assertions
type Json = any

const databases = fileDatabases()

for (const [index, database] of databases.entries()) {
  describe(`passkeys on ${database.name}`, () => {
    let db: Database
    let app: Hono
    let clock = Date.now()
    const authenticator = createSoftAuthenticator({ origin: ORIGIN, rpId: RP_ID })

    before(async () => {
      db = await database.open(`passkey_test_${index}_${process.pid}`)
      const module = await createPasskeyModule({
        db,
        rpId: RP_ID,
        origins: [ORIGIN],
        log: silent,
        clientKey: (c) => c.req.header('x-test-client') ?? 'test',
        perMinute: 60,
        now: () => clock,
        eager: true,
      })
      app = testApp([module], undefined, { webOrigins: [ORIGIN], log: silent })
    })
    after(() => dropTestDatabase(db))

    let clients = 0
    // Each call is its own client unless it names one (the rate-limit test floods one).
    async function call(
      method: string,
      path: string,
      body?: unknown,
      token?: string,
      client = `c${clients++}`,
    ) {
      const response = await app.request(`/v1/passkey${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-test-client': client,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: response.status, body: (await response.json()) as Json }
    }
    const credentialCount = async () =>
      Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM passkey_credentials'))[0]?.n)

    async function registerWallet() {
      const { body } = await call('POST', '/registration/options', { username: 'alice' })
      const { credential, response } = authenticator.register(body.options)
      const verified = await call('POST', '/registration/verify', { response })
      assert.equal(verified.status, 201, JSON.stringify(verified.body))
      return {
        credential,
        session: verified.body.session as string,
        walletId: verified.body.walletId as string,
      }
    }
    async function signIn(credential: SoftCredential, overrides = {}) {
      const { body } = await call('POST', '/authentication/options', { purpose: 'signin' })
      return call('POST', '/authentication/verify', {
        response: authenticator.authenticate(credential, body.options, overrides),
      })
    }
    /** A verification before adding or deleting a passkey: for `action`, or (null) for none. */
    async function verify(credential: SoftCredential, session: string, action: 'add' | 'delete' | null) {
      const { body } = await call(
        'POST',
        '/authentication/options',
        { purpose: 'verify', ...(action ? { action } : {}) },
        session,
      )
      const response = authenticator.authenticate(credential, body.options)
      return call('POST', '/authentication/verify', { response }, session)
    }

    test('registration: user verification required, a resident key, the username numbered; a session', async () => {
      const options = await call('POST', '/registration/options', { username: 'alice' })
      assert.equal(options.status, 200)
      assert.equal(options.body.options.rp.id, RP_ID)
      assert.equal(options.body.options.user.name, 'alice (1)')
      assert.equal(options.body.options.authenticatorSelection.userVerification, 'required')
      assert.equal(options.body.options.authenticatorSelection.residentKey, 'required')
      const before = await credentialCount()
      const { response } = authenticator.register(options.body.options)
      const verified = await call('POST', '/registration/verify', { response })
      assert.equal(verified.status, 201)
      assert.match(verified.body.session, /^[A-Za-z0-9_-]{43}$/)
      assert.equal(verified.body.walletId, options.body.options.user.id)
      assert.equal(verified.body.provider, 'Other')
      assert.equal(await credentialCount(), before + 1)
    })

    test('the key ciphertext is stored once per passkey and comes back on sign-in with the address', async () => {
      const { credential, session } = await registerWallet()
      const credentialId = Buffer.from(credential.id).toString('base64url')
      const bad = await call(
        'PUT',
        '/key',
        { credentialId, address: ADDRESS, ciphertext: 'plaintext-key' },
        session,
      )
      assert.equal(bad.status, 400)
      assert.equal(bad.body.error.code, 'INVALID_INPUT')
      const put = await call(
        'PUT',
        '/key',
        { credentialId, address: ADDRESS, ciphertext: CIPHERTEXT },
        session,
      )
      assert.equal(put.status, 200, JSON.stringify(put.body))
      const again = await call(
        'PUT',
        '/key',
        { credentialId, address: ADDRESS, ciphertext: CIPHERTEXT },
        session,
      )
      assert.equal(again.status, 409)
      const signedIn = await signIn(credential)
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body))
      assert.equal(signedIn.body.address, ADDRESS)
      assert.equal(signedIn.body.ciphertext, CIPHERTEXT)
      assert.equal(signedIn.body.credentialId, credentialId)
      assert.notEqual(signedIn.body.session, session)
      const [row] = await db.query<{ counter: string }>(
        'SELECT counter FROM passkey_credentials WHERE id = $1',
        [credentialId],
      )
      assert.equal(Number(row?.counter), credential.counter)
    })

    test('a replayed registration or sign-in is refused: each challenge is taken once', async () => {
      const { body } = await call('POST', '/registration/options', {})
      const { response } = authenticator.register(body.options)
      assert.equal((await call('POST', '/registration/verify', { response })).status, 201)
      const count = await credentialCount()
      const replay = await call('POST', '/registration/verify', { response })
      assert.equal(replay.status, 400)
      assert.equal(replay.body.error.code, 'CHALLENGE_INVALID')
      assert.equal(replay.body.error.message, PASSKEY_ERROR_MESSAGE)
      assert.equal(await credentialCount(), count)

      const { credential } = await registerWallet()
      const options = await call('POST', '/authentication/options', { purpose: 'signin' })
      const assertion = authenticator.authenticate(credential, options.body.options)
      assert.equal((await call('POST', '/authentication/verify', { response: assertion })).status, 200)
      const replayed = await call('POST', '/authentication/verify', { response: assertion })
      assert.equal(replayed.status, 400)
      assert.equal(replayed.body.error.code, 'CHALLENGE_INVALID')
    })

    test('an expired challenge is refused, and a challenge the server never issued', async () => {
      const { credential } = await registerWallet()
      const options = await call('POST', '/authentication/options', { purpose: 'signin' })
      clock += CHALLENGE_TTL_MS + 1
      const late = await call('POST', '/authentication/verify', {
        response: authenticator.authenticate(credential, options.body.options),
      })
      assert.equal(late.status, 400)
      assert.equal(late.body.error.code, 'CHALLENGE_INVALID')
      const forged = await call('POST', '/authentication/verify', {
        response: authenticator.authenticate(credential, { challenge: 'A'.repeat(43) }),
      })
      assert.equal(forged.body.error.code, 'CHALLENGE_INVALID')
      const reg = await call('POST', '/registration/options', {})
      clock += CHALLENGE_TTL_MS + 1
      const count = await credentialCount()
      const { response } = authenticator.register(reg.body.options)
      assert.equal(
        (await call('POST', '/registration/verify', { response })).body.error.code,
        'CHALLENGE_INVALID',
      )
      assert.equal(await credentialCount(), count)
    })

    test('a wrong origin, a wrong RP id or no user verification is refused and stores nothing', async () => {
      for (const overrides of [
        { origin: 'https://evil.example' },
        { rpId: 'evil.example' },
        { userVerified: false },
      ]) {
        const { body } = await call('POST', '/registration/options', {})
        const count = await credentialCount()
        const { response } = authenticator.register(body.options, overrides)
        const refused = await call('POST', '/registration/verify', { response })
        assert.equal(refused.status, 400, JSON.stringify(overrides))
        assert.equal(refused.body.error.code, 'PASSKEY_INVALID')
        assert.equal(refused.body.error.message, PASSKEY_ERROR_MESSAGE)
        assert.equal(await credentialCount(), count)
      }
      const { credential } = await registerWallet()
      for (const overrides of [
        { origin: 'https://evil.example' },
        { rpId: 'evil.example' },
        { userVerified: false },
      ]) {
        const refused = await signIn(credential, overrides)
        assert.equal(refused.status, 400, JSON.stringify(overrides))
        assert.equal(refused.body.error.code, 'PASSKEY_INVALID')
        assert.equal(refused.body.session, undefined)
      }
    })

    test('a counter that goes backwards (a cloned authenticator) is refused and the stored counter stays', async () => {
      const { credential } = await registerWallet()
      assert.equal((await signIn(credential, { counter: 7 })).status, 200)
      const back = await signIn(credential, { counter: 3 })
      assert.equal(back.status, 400)
      assert.equal(back.body.error.code, 'PASSKEY_INVALID')
      assert.match(back.body.error.details.reason, /counter/)
      const same = await signIn(credential, { counter: 7 })
      assert.equal(same.body.error.code, 'PASSKEY_INVALID')
      const id = Buffer.from(credential.id).toString('base64url')
      const [row] = await db.query<{ counter: string }>(
        'SELECT counter FROM passkey_credentials WHERE id = $1',
        [id],
      )
      assert.equal(Number(row?.counter), 7)
      assert.equal((await signIn(credential, { counter: 8 })).status, 200)
    })

    test('a verification older than its time is refused for a delete, and the passkey stays', async () => {
      const { credential, session } = await registerWallet()
      assert.equal((await verify(credential, session, 'delete')).status, 200)
      clock += VERIFIED_TTL_MS + 1
      const id = Buffer.from(credential.id).toString('base64url')
      const stale = await call('DELETE', `/credentials/${id}`, undefined, session)
      assert.equal(stale.status, 403)
      assert.equal(stale.body.error.code, 'VERIFICATION_REQUIRED')
      const list = await call('GET', '/credentials', undefined, session)
      assert.deepEqual(
        list.body.credentials.map((e: Json) => e.id),
        [id],
      )
    })

    test('add and delete need a fresh verification; deleting the last passkey signs out', async () => {
      const { credential, session } = await registerWallet()
      const unverified = await call('POST', '/registration/options', { username: 'alice' }, session)
      assert.equal(unverified.status, 403)
      assert.equal(unverified.body.error.code, 'VERIFICATION_REQUIRED')
      const firstId = Buffer.from(credential.id).toString('base64url')
      const deleteUnverified = await call('DELETE', `/credentials/${firstId}`, undefined, session)
      assert.equal(deleteUnverified.status, 403)

      assert.equal((await verify(credential, session, 'add')).status, 200)
      const options = await call('POST', '/registration/options', { username: 'alice' }, session)
      assert.equal(options.status, 200)
      assert.equal(options.body.options.user.name, 'alice (2)')
      assert.deepEqual(
        options.body.options.excludeCredentials.map((e: Json) => e.id),
        [firstId],
      )
      const second = authenticator.register(options.body.options)
      const added = await call('POST', '/registration/verify', { response: second.response })
      assert.equal(added.status, 201)
      assert.equal(added.body.session, undefined)
      const list = await call('GET', '/credentials', undefined, session)
      assert.equal(list.status, 200)
      assert.deepEqual(
        list.body.credentials.map((e: Json) => e.id),
        [firstId, added.body.credentialId],
      )
      assert.equal(list.body.credentials[0].provider, 'Other')

      // Another wallet's passkey cannot verify this session, nor be deleted through it.
      const other = await registerWallet()
      const opts = await call('POST', '/authentication/options', { purpose: 'verify' }, session)
      const foreign = await call(
        'POST',
        '/authentication/verify',
        { response: authenticator.authenticate(other.credential, opts.body.options) },
        session,
      )
      assert.equal(foreign.body.error.code, 'PASSKEY_INVALID')
      const otherId = Buffer.from(other.credential.id).toString('base64url')
      assert.equal((await verify(credential, session, 'delete')).status, 200)
      assert.equal((await call('DELETE', `/credentials/${otherId}`, undefined, session)).status, 404)

      const removed = await call('DELETE', `/credentials/${added.body.credentialId}`, undefined, session)
      assert.deepEqual(removed.body, {
        deleted: added.body.credentialId,
        remaining: 1,
        lastAuthenticator: false,
      })
      const last = await call('DELETE', `/credentials/${firstId}`, undefined, session)
      assert.deepEqual(last.body, { deleted: firstId, remaining: 0, lastAuthenticator: true })
      const after = await call('GET', '/credentials', undefined, session)
      assert.equal(after.status, 401)
      assert.equal(after.body.error.code, 'UNAUTHORIZED')
      assert.equal((await signIn(credential)).body.error.code, 'PASSKEY_INVALID')
    })

    test("a verification is bound to its action: one for 'add' deletes nothing, one for 'delete' adds nothing, one for none allows neither", async () => {
      const { credential, session } = await registerWallet()
      const id = Buffer.from(credential.id).toString('base64url')
      const challenges = async () =>
        Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM passkey_challenges'))[0]?.n)
      const listed = async () =>
        (await call('GET', '/credentials', undefined, session)).body.credentials.map((e: Json) => e.id)

      // Verified to add: a delete is refused (typed 403), the passkey stays; adding works.
      const forAdd = await verify(credential, session, 'add')
      assert.equal(forAdd.status, 200, JSON.stringify(forAdd.body))
      assert.equal(forAdd.body.action, 'add')
      const deleteWithAdd = await call('DELETE', `/credentials/${id}`, undefined, session)
      assert.equal(deleteWithAdd.status, 403)
      assert.equal(deleteWithAdd.body.error.code, 'VERIFICATION_REQUIRED')
      assert.deepEqual(
        {
          verifiedFor: deleteWithAdd.body.error.details.verifiedFor,
          action: deleteWithAdd.body.error.details.action,
        },
        { verifiedFor: 'add', action: 'delete' },
      )
      assert.deepEqual(await listed(), [id])
      assert.equal((await call('POST', '/registration/options', {}, session)).status, 200)

      // Verified to delete (it replaces the one to add): adding is refused, no challenge stored.
      assert.equal((await verify(credential, session, 'delete')).status, 200)
      const before = await challenges()
      const addWithDelete = await call('POST', '/registration/options', { username: 'alice' }, session)
      assert.equal(addWithDelete.status, 403)
      assert.equal(addWithDelete.body.error.code, 'VERIFICATION_REQUIRED')
      assert.equal(addWithDelete.body.error.details.verifiedFor, 'delete')
      assert.equal(await challenges(), before, 'no registration challenge stored')

      // A verification for no action (a confirmation) allows neither, and ends neither's refusal.
      const other = await registerWallet()
      const plain = await verify(other.credential, other.session, null)
      assert.equal(plain.status, 200)
      assert.equal(plain.body.action, null)
      const otherId = Buffer.from(other.credential.id).toString('base64url')
      assert.equal(
        (await call('DELETE', `/credentials/${otherId}`, undefined, other.session)).body.error.code,
        'VERIFICATION_REQUIRED',
      )
      assert.equal(
        (await call('POST', '/registration/options', {}, other.session)).body.error.code,
        'VERIFICATION_REQUIRED',
      )
      // An action belongs to a verification: a sign-in asking for one is malformed.
      const signinAction = await call('POST', '/authentication/options', { purpose: 'signin', action: 'add' })
      assert.equal(signinAction.status, 400)
      assert.equal(signinAction.body.error.code, 'INVALID_INPUT')
      const unknownAction = await call(
        'POST',
        '/authentication/options',
        { purpose: 'verify', action: 'all' },
        session,
      )
      assert.equal(unknownAction.body.error.code, 'INVALID_INPUT')

      // Verified to delete: the delete goes through.
      assert.equal((await call('DELETE', `/credentials/${id}`, undefined, session)).status, 200)
    })

    test('OXBOW_PASSKEY_PER_MINUTE as the API reads it: past it a 429 RATE_LIMIT_EXCEEDED with Retry-After, nothing stored', async () => {
      const config = readConfig({ OXBOW_PASSKEY_PER_MINUTE: '6', OXBOW_WEB_ORIGINS: ORIGIN })
      const limited = testApp(
        [
          await createPasskeyModule({
            db,
            ...passkeySettings(config),
            log: silent,
            clientKey: (c) => c.req.header('x-test-client') ?? 'test',
            now: () => clock,
          }),
        ],
        undefined,
        { webOrigins: [ORIGIN], log: silent },
      )
      const send = (path: string, body: unknown, client: string) =>
        limited.request(`/v1/passkey${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-test-client': client },
          body: JSON.stringify(body),
        })
      const challenges = async () =>
        Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM passkey_challenges'))[0]?.n)
      // 6 a minute: a burst of 2, then refused.
      const first = await send('/registration/options', {}, 'per-minute')
      assert.equal(first.status, 200)
      const { options } = (await first.json()) as Json
      assert.equal((await send('/registration/options', {}, 'per-minute')).status, 200)
      const [challengesBefore, credentialsBefore] = [await challenges(), await credentialCount()]
      const refused = await send('/registration/options', {}, 'per-minute')
      assert.equal(refused.status, 429)
      assert.equal(((await refused.json()) as Json).error.code, 'RATE_LIMIT_EXCEEDED')
      assert.ok(Number(refused.headers.get('retry-after')) >= 1, 'Retry-After in seconds')
      // A registration the limit refuses stores nothing: no challenge, no credential, no wallet.
      const { response } = authenticator.register(options)
      const verifyRefused = await send('/registration/verify', { response }, 'per-minute')
      assert.equal(verifyRefused.status, 429)
      assert.equal(((await verifyRefused.json()) as Json).error.code, 'RATE_LIMIT_EXCEEDED')
      assert.equal(await challenges(), challengesBefore)
      assert.equal(await credentialCount(), credentialsBefore)
      // Another client is not limited; and the refused registration's challenge is still unused.
      const otherClient = await send('/registration/verify', { response }, 'another')
      assert.equal(otherClient.status, 201)
      assert.equal(await credentialCount(), credentialsBefore + 1)
    })

    test('sign-out ends the session; malformed input gets a typed 400, no session a 401', async () => {
      const { session } = await registerWallet()
      assert.equal((await call('GET', '/credentials', undefined, session)).status, 200)
      assert.equal((await call('POST', '/signout', {}, session)).status, 200)
      assert.equal((await call('GET', '/credentials', undefined, session)).status, 401)
      assert.equal((await call('POST', '/signout', {}, session)).status, 401)
      const noBody = await call('POST', '/registration/verify', { response: { id: 'x' } })
      assert.equal(noBody.status, 400)
      assert.equal(noBody.body.error.code, 'INVALID_INPUT')
      const garbage = await call('POST', '/authentication/verify', {
        response: {
          id: 'abc',
          rawId: 'abc',
          type: 'public-key',
          response: { clientDataJSON: 'bm90IGpzb24', authenticatorData: 'AA', signature: 'AA' },
        },
      })
      assert.equal(garbage.status, 400)
      assert.equal(garbage.body.error.code, 'PASSKEY_INVALID')
      const purpose = await call('POST', '/authentication/options', { purpose: 'admin' })
      assert.equal(purpose.body.error.code, 'INVALID_INPUT')
      const verifyWithout = await call('POST', '/authentication/options', { purpose: 'verify' })
      assert.equal(verifyWithout.status, 401)
      const label = await call('POST', '/registration/options', { username: 'a\u0000b' })
      assert.equal(label.body.error.code, 'INVALID_INPUT')
    })

    test('rate limited per client', async () => {
      let status = 200
      for (let i = 0; i < 40 && status !== 429; i++)
        status = (await call('POST', '/authentication/options', { purpose: 'signin' }, undefined, 'flood'))
          .status
      assert.equal(status, 429)
      assert.equal((await call('POST', '/authentication/options', { purpose: 'signin' })).status, 200)
    })

    test('a credential registered again (for a new wallet) is refused and stores nothing, not even the wallet', async () => {
      const { credential } = await registerWallet()
      const wallets = async () =>
        Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM passkey_wallets'))[0]?.n)
      const [walletsBefore, credentialsBefore] = [await wallets(), await credentialCount()]
      const { body } = await call('POST', '/registration/options', {})
      const { response } = authenticator.register(body.options, { credentialId: credential.id })
      const refused = await call('POST', '/registration/verify', { response })
      assert.equal(refused.status, 400)
      assert.equal(refused.body.error.code, 'PASSKEY_INVALID')
      assert.equal(refused.body.error.message, PASSKEY_ERROR_MESSAGE)
      assert.equal(refused.body.session, undefined)
      assert.equal(await wallets(), walletsBefore)
      assert.equal(await credentialCount(), credentialsBefore)
    })

    test("the provider comes from the authenticator's AAGUID: registered with iCloud Keychain's, listed as iCloud", async () => {
      const { body } = await call('POST', '/registration/options', { username: 'bob' })
      const icloud = Uint8Array.from(Buffer.from('fbfc3007154e4ecc8c0b6e020557d7bd', 'hex'))
      const { response } = authenticator.register(body.options, { aaguid: icloud })
      const verified = await call('POST', '/registration/verify', { response })
      assert.equal(verified.status, 201, JSON.stringify(verified.body))
      assert.equal(verified.body.provider, 'iCloud')
      const listed = await call('GET', '/credentials', undefined, verified.body.session)
      assert.equal(listed.status, 200)
      assert.deepEqual(
        listed.body.credentials.map((c: Json) => c.provider),
        ['iCloud'],
      )
    })
  })
}

test("the spec's provider mapping: password manager -> Android, browser on Mac -> Chrome, both iCloud Keychains -> iCloud, Windows Hello -> Windows, others -> Other", () => {
  const cases: [string, string][] = [
    ['ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4', 'Android'],
    ['adce0002-35bc-c60a-648b-0b25f1f05503', 'Chrome'],
    ['fbfc3007-154e-4ecc-8c0b-6e020557d7bd', 'iCloud'],
    ['dd4ec289-e01d-41c9-bb89-70fa845d4bf2', 'iCloud'],
    ['08987058-cadc-4b81-b6e1-30de50dcbe96', 'Windows'],
    ['9ddd1817-af5a-4672-a2b9-3e3dd95000a9', 'Windows'],
    ['6028b017-b1d4-4c02-b4b3-afcdafc96bb2', 'Windows'],
    ['FBFC3007-154E-4ECC-8C0B-6E020557D7BD', 'iCloud'],
    ['00000000-0000-0000-0000-000000000000', 'Other'],
    ['cb69481e-8ff7-4039-93ec-0a2729a154a8', 'Other'],
  ]
  for (const [aaguid, provider] of cases) assert.equal(providerOf(aaguid), provider, aaguid)
})
