/**
 * Username profiles on embedded PGlite and on a PostgreSQL server, through the real app with real
 * EIP-191 signatures (viem local accounts): claim, look up by name and by address, edit, change the
 * name twice and be refused a third time, never reclaim a name held before, delete, the device
 * limit, the avatar round trip; and every refusal: replayed, mis-signed, expired and future
 * signatures, each name rule with the spec's message, bio, Twitter handle, a non-image avatar and
 * one over 100 KB; avatar links (https, ipfs://) and the schemes refused. A refused request stores
 * nothing.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  parseAvatarUrl,
  parseTwitterHandle,
  profileSignText,
  type SignedProfileFields,
  USERNAME_AVATAR_MAX_BYTES,
} from '@oxbow/core'
import type { Hono } from 'hono'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import type { Database } from '../src/db/index.ts'
import { createUsernameModule } from '../src/usernames/index.ts'
import { dropTestDatabase, fileDatabases } from './databaseKit.ts'
import { testApp } from './kit.ts'

const ORIGIN = 'http://localhost:5173'
const silent = { info: () => {}, error: () => {} }
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
  8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
])

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field by the assertions
type Json = any

const databases = fileDatabases()

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const sha256 = async (bytes: Uint8Array) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', bytes.slice().buffer as ArrayBuffer)).toString('hex')

for (const [index, database] of databases.entries()) {
  describe(`usernames on ${database.name}`, () => {
    let db: Database
    let app: Hono
    let clock = Date.now()
    const device = `device-${index}-${'a'.repeat(16)}`

    before(async () => {
      db = await database.open(`usernames_test_${index}_${process.pid}`)
      const module = await createUsernameModule({
        db,
        log: silent,
        clientKey: () => 'test',
        perMinute: 100_000,
        deviceLimit: 3,
        now: () => clock,
        eager: true,
      })
      app = testApp([module], undefined, { webOrigins: [ORIGIN], log: silent })
    })
    after(() => dropTestDatabase(db))

    const call = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const response = await app.request(path, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const type = response.headers.get('content-type') ?? ''
      return {
        status: response.status,
        headers: response.headers,
        body: (type.includes('json')
          ? await response.json()
          : new Uint8Array(await response.arrayBuffer())) as Json,
      }
    }
    /** Signs and sends a claim or edit; `tamper` changes the body after signing. */
    const save = async (
      account: PrivateKeyAccount,
      action: 'claim' | 'edit',
      fields: {
        username: string
        bio?: string
        twitter?: string
        avatar?: Uint8Array | null
        keepAvatar?: string
      },
      options: {
        issuedAt?: string
        device?: string
        tamper?: (body: Json) => void
        signer?: PrivateKeyAccount
      } = {},
    ) => {
      clock += 1000
      const issuedAt = options.issuedAt ?? new Date(clock).toISOString()
      const avatarSha256 =
        fields.avatar === undefined
          ? (fields.keepAvatar ?? null)
          : fields.avatar
            ? await sha256(fields.avatar)
            : null
      const signed: SignedProfileFields = {
        action,
        address: account.address,
        username: fields.username,
        avatarSha256,
        bio: fields.bio ?? '',
        // the web app signs the handle as the API stores it (a link or '@name' becomes 'name')
        twitter: parseTwitterHandle(fields.twitter ?? '') ?? fields.twitter ?? '',
        issuedAt,
      }
      const signature = await (options.signer ?? account).signMessage({ message: profileSignText(signed) })
      const body: Json = {
        action,
        address: account.address,
        username: fields.username,
        bio: fields.bio ?? '',
        twitter: fields.twitter ?? '',
        ...(fields.avatar === undefined ? {} : { avatar: fields.avatar ? b64(fields.avatar) : null }),
        issuedAt,
        signature,
      }
      options.tamper?.(body)
      return call('POST', '/v1/usernames/profile', body, { 'x-device-id': options.device ?? device })
    }
    const remove = async (account: PrivateKeyAccount, username: string, issuedAt?: string) => {
      clock += 1000
      const at = issuedAt ?? new Date(clock).toISOString()
      const signature = await account.signMessage({
        message: profileSignText({ action: 'delete', address: account.address, username, issuedAt: at }),
      })
      return call('POST', '/v1/usernames/delete', {
        address: account.address,
        username,
        issuedAt: at,
        signature,
      })
    }
    const counts = async () => {
      const [row] = await db.query<{ p: string; n: string }>(
        'SELECT (SELECT count(*) FROM username_profiles) AS p, (SELECT count(*) FROM username_names) AS n',
      )
      return { profiles: Number(row?.p), names: Number(row?.n) }
    }

    const alice = privateKeyToAccount(generatePrivateKey())
    const bob = privateKeyToAccount(generatePrivateKey())

    test('behavior: claim, then look up by name and by address', async () => {
      const claimed = await save(alice, 'claim', { username: 'alice', bio: 'Swapper', twitter: '@alice_x' })
      assert.equal(claimed.status, 200, JSON.stringify(claimed.body))
      const expected = {
        address: alice.address.toLowerCase(),
        username: 'alice',
        bio: 'Swapper',
        twitter: 'alice_x',
        avatarSha256: null,
        avatarUrl: null,
      }
      assert.deepEqual(claimed.body, expected)
      assert.deepEqual((await call('GET', '/v1/usernames/name/alice')).body, { profile: expected })
      assert.deepEqual((await call('GET', `/v1/usernames/address/${alice.address}`)).body, {
        profile: expected,
      })
      assert.deepEqual((await call('GET', '/v1/usernames/name/nobody')).body, { profile: null })
      assert.deepEqual((await call('GET', `/v1/usernames/address/${bob.address}`)).body, { profile: null })
      assert.deepEqual((await call('GET', '/v1/usernames/available/alice')).body, {
        available: false,
        problem: 'UNAVAILABLE',
        message: 'Unavailable',
      })
      assert.deepEqual((await call('GET', '/v1/usernames/available/fresh1')).body, { available: true })
      assert.equal((await call('GET', '/v1/usernames/available/Fresh')).body.problem, 'LOWERCASE')
    })

    test('error: a taken name is unavailable to another address; a second claim is a conflict', async () => {
      const before = await counts()
      const taken = await save(bob, 'claim', { username: 'alice' })
      assert.equal(taken.status, 409)
      assert.deepEqual(taken.body.error.code, 'USERNAME_UNAVAILABLE')
      assert.equal(taken.body.error.message, 'Unavailable')
      const again = await save(alice, 'claim', { username: 'alice2' })
      assert.equal(again.body.error.code, 'CONFLICT')
      assert.deepEqual(await counts(), before)
    })

    test('error: replayed, mis-signed, tampered, expired and future signatures are refused', async () => {
      const before = await counts()
      // replay: the exact body of an accepted edit, sent again
      let accepted: Json
      const first = await save(
        alice,
        'edit',
        { username: 'alice', bio: 'v2' },
        { tamper: (b) => (accepted = { ...b }) },
      )
      assert.equal(first.status, 200)
      const replay = await call('POST', '/v1/usernames/profile', accepted, { 'x-device-id': device })
      assert.equal(replay.status, 409)
      assert.equal(replay.body.error.code, 'SIGNATURE_REPLAYED')
      // an older text, still within five minutes, is a replay too
      const older = await save(
        alice,
        'edit',
        { username: 'alice', bio: 'v0' },
        {
          issuedAt: new Date(clock - 60_000).toISOString(),
        },
      )
      assert.equal(older.body.error.code, 'SIGNATURE_REPLAYED')
      const misSigned = await save(alice, 'edit', { username: 'alice', bio: 'v3' }, { signer: bob })
      assert.equal(misSigned.status, 401)
      assert.equal(misSigned.body.error.code, 'INVALID_SIGNATURE')
      const tampered = await save(
        alice,
        'edit',
        { username: 'alice', bio: 'v3' },
        { tamper: (b) => (b.bio = 'evil') },
      )
      assert.equal(tampered.body.error.code, 'INVALID_SIGNATURE')
      const garbage = await save(
        alice,
        'edit',
        { username: 'alice' },
        { tamper: (b) => (b.signature = `0x${'00'.repeat(65)}`) },
      )
      assert.equal(garbage.body.error.code, 'INVALID_SIGNATURE')
      const expired = await save(
        alice,
        'edit',
        { username: 'alice' },
        {
          issuedAt: new Date(clock - 5 * 60_000 - 1000).toISOString(),
        },
      )
      assert.equal(expired.status, 400)
      assert.equal(expired.body.error.code, 'SIGNATURE_EXPIRED')
      const future = await save(
        alice,
        'edit',
        { username: 'alice' },
        {
          issuedAt: new Date(clock + 10 * 60_000).toISOString(),
        },
      )
      assert.equal(future.body.error.code, 'SIGNATURE_EXPIRED')
      const unsigned = await save(alice, 'edit', { username: 'alice' }, { tamper: (b) => delete b.signature })
      assert.equal(unsigned.body.error.code, 'INVALID_INPUT')
      assert.deepEqual(await counts(), before)
      assert.equal((await call('GET', '/v1/usernames/name/alice')).body.profile.bio, 'v2')
    })

    test("error: each name rule answers the spec's message; bad bio and Twitter are refused", async () => {
      const cases: [string, string][] = [
        ['al_ice', 'Usernames can only contain letters and numbers'],
        ['ali ce', 'Usernames can only contain letters and numbers'],
        ['Alice', 'Usernames can only contain lowercase letters and numbers'],
        ['al', 'Usernames must be at least 3 characters'],
        ['a'.repeat(21), 'Usernames cannot be more than 20 characters'],
      ]
      for (const [name, message] of cases) {
        const answer = await save(bob, 'claim', { username: name })
        assert.equal(answer.status, 400, name)
        assert.equal(answer.body.error.code, 'USERNAME_INVALID')
        assert.equal(answer.body.error.message, message)
      }
      const longBio = await save(bob, 'claim', { username: 'bobby', bio: 'x'.repeat(161) })
      assert.equal(longBio.body.error.code, 'INVALID_INPUT')
      const controlBio = await save(bob, 'claim', { username: 'bobby', bio: 'a\nb' })
      assert.equal(controlBio.body.error.details[0].path, 'bio')
      const twitter = await save(bob, 'claim', { username: 'bobby', twitter: 'https://evil.example/bob' })
      assert.equal(twitter.body.error.details[0].path, 'twitter')
      const noDevice = await save(bob, 'claim', { username: 'bobby' }, { device: 'short' })
      assert.equal(noDevice.body.error.code, 'INVALID_INPUT')
      assert.deepEqual((await call('GET', `/v1/usernames/address/${bob.address}`)).body, { profile: null })
    })

    test('behavior: the avatar round trip; error: a non-image and an image over 100 KB are an avatar failure', async () => {
      const withAvatar = await save(bob, 'claim', {
        username: 'bob',
        avatar: PNG,
        twitter: 'https://x.com/bob',
      })
      assert.equal(withAvatar.status, 200, JSON.stringify(withAvatar.body))
      assert.match(withAvatar.body.avatarUrl, /^\/v1\/usernames\/avatar\/0x[0-9a-f]{40}\?v=[0-9a-f]{16}$/)
      const image = await call('GET', withAvatar.body.avatarUrl)
      assert.equal(image.status, 200)
      assert.equal(image.headers.get('content-type'), 'image/png')
      assert.equal(image.headers.get('x-content-type-options'), 'nosniff')
      assert.equal(image.headers.get('cross-origin-resource-policy'), 'cross-origin')
      assert.equal(
        (await call('GET', `/v1/usernames/address/${bob.address}`)).headers.get(
          'cross-origin-resource-policy',
        ),
        'same-site',
      )
      assert.deepEqual(image.body, PNG)
      // an edit without an avatar keeps it; null removes it
      const kept = await save(bob, 'edit', { username: 'bob', bio: 'hi', keepAvatar: await sha256(PNG) })
      assert.equal(kept.body.avatarUrl, withAvatar.body.avatarUrl)
      const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
      const notImage = await save(bob, 'edit', { username: 'bob', avatar: html, keepAvatar: 'x' })
      assert.equal(notImage.status, 400)
      assert.equal(notImage.body.error.code, 'AVATAR_INVALID')
      assert.equal(notImage.body.error.message, 'Avatar failure')
      const big = new Uint8Array(USERNAME_AVATAR_MAX_BYTES + 1)
      big.set(PNG)
      const tooBig = await save(bob, 'edit', { username: 'bob', avatar: big })
      assert.equal(tooBig.body.error.code, 'AVATAR_INVALID')
      const maxSize = await save(bob, 'edit', {
        username: 'bob',
        avatar: big.subarray(0, USERNAME_AVATAR_MAX_BYTES),
      })
      assert.equal(maxSize.status, 200, JSON.stringify(maxSize.body))
      const removed = await save(bob, 'edit', { username: 'bob', avatar: null })
      assert.equal(removed.body.avatarUrl, null)
      assert.equal((await call('GET', `/v1/usernames/avatar/${bob.address}`)).status, 404)
    })

    test('behavior: two changes, then the third is refused; a name held before is never reclaimed', async () => {
      const first = await save(alice, 'edit', { username: 'alicenew' })
      assert.equal(first.status, 200)
      assert.equal((await call('GET', '/v1/usernames/name/alice')).body.profile, null)
      assert.equal(
        (await call('GET', `/v1/usernames/address/${alice.address}`)).body.profile.username,
        'alicenew',
      )
      // nobody, not even the former holder, gets the old name back
      const byOther = await save(bob, 'edit', { username: 'alice' })
      assert.equal(byOther.body.error.code, 'USERNAME_UNAVAILABLE')
      assert.equal((await call('GET', '/v1/usernames/available/alice')).body.available, false)
      const second = await save(alice, 'edit', { username: 'alice3' })
      assert.equal(second.status, 200)
      const before = await counts()
      const third = await save(alice, 'edit', { username: 'alice4' })
      assert.equal(third.status, 409)
      assert.equal(third.body.error.code, 'USERNAME_CHANGE_LIMIT')
      assert.equal(third.body.error.message, 'Address change limit reached')
      // the profile's other fields still change
      const bio = await save(alice, 'edit', { username: 'alice3', bio: 'still here' })
      assert.equal(bio.status, 200)
      assert.deepEqual(await counts(), before)
      assert.equal((await call('GET', '/v1/usernames/available/alice4')).body.available, true)
    })

    test('behavior: delete retires the name; a claim after it counts as a change', async () => {
      const carol = privateKeyToAccount(generatePrivateKey())
      assert.equal(
        (await save(carol, 'claim', { username: 'carol' }, { device: `other-${device}` })).status,
        200,
      )
      const wrongName = await remove(carol, 'somebody')
      assert.equal(wrongName.status, 404)
      const misSigned = await call('POST', '/v1/usernames/delete', {
        address: carol.address,
        username: 'carol',
        issuedAt: new Date(clock).toISOString(),
        signature: await bob.signMessage({ message: 'x' }),
      })
      assert.equal(misSigned.body.error.code, 'INVALID_SIGNATURE')
      const deleted = await remove(carol, 'carol')
      assert.deepEqual(deleted.body, { deleted: true })
      assert.equal((await call('GET', '/v1/usernames/name/carol')).body.profile, null)
      const reclaim = await save(carol, 'claim', { username: 'carol' }, { device: `other-${device}` })
      assert.equal(reclaim.body.error.code, 'USERNAME_UNAVAILABLE')
      assert.equal(
        (await save(carol, 'claim', { username: 'carol2' }, { device: `other-${device}` })).status,
        200,
      )
    })

    test('error: signed writes have the module own rate limit per client; lookups do not', async () => {
      const limited = testApp(
        [await createUsernameModule({ db, log: silent, clientKey: () => 'one', perMinute: 3 })],
        undefined,
        { webOrigins: [ORIGIN], log: silent },
      )
      // Lookups (asked on every page and keystroke) are left to the API's general limit.
      for (let i = 0; i < 5; i++) {
        assert.equal((await limited.request('/v1/usernames/available/abcd')).status, 200)
      }
      // Writes: 3 per minute, a burst of 1: the second at once is refused before it is read.
      const write = () =>
        limited.request('/v1/usernames/delete', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      assert.notEqual((await write()).status, 429)
      const refused = await write()
      assert.equal(refused.status, 429)
      assert.equal(((await refused.json()) as Json).error.code, 'RATE_LIMIT_EXCEEDED')
    })

    test('error: a device claims for at most 3 addresses', async () => {
      const shared = `shared-${device}`
      for (let i = 0; i < 3; i++) {
        const who = privateKeyToAccount(generatePrivateKey())
        assert.equal(
          (await save(who, 'claim', { username: `dev${index}x${i}` }, { device: shared })).status,
          200,
        )
      }
      const fourth = await save(
        privateKeyToAccount(generatePrivateKey()),
        'claim',
        { username: `dev${index}x3` },
        {
          device: shared,
        },
      )
      assert.equal(fourth.status, 409)
      assert.equal(fourth.body.error.code, 'USERNAME_DEVICE_LIMIT')
      assert.equal(fourth.body.error.message, 'Device limit reached')
      assert.equal((await call('GET', `/v1/usernames/available/dev${index}x3`)).body.available, true)
    })
    test('behavior: an avatar link (https or ipfs://) is signed, stored and served as given; other schemes are AVATAR_INVALID and store nothing', async () => {
      const me = privateKeyToAccount(generatePrivateKey())
      const name = `link${index}`
      const cid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'
      /** A claim or edit whose avatar is `link` (undefined: the signed text keeps `kept`). */
      const saveLink = async (
        action: 'claim' | 'edit',
        link: string | null | undefined,
        kept: { sha?: string | null; url?: string | null } = {},
        extra: Json = {},
      ) => {
        clock += 1000
        const issuedAt = new Date(clock).toISOString()
        const signed = {
          action,
          address: me.address,
          username: name,
          avatarSha256: link === undefined ? (kept.sha ?? null) : null,
          // signed as the API stores it (core's normalised link), as the web app does
          avatarUrl: link === undefined ? (kept.url ?? null) : link && (parseAvatarUrl(link) ?? link),
          bio: '',
          twitter: '',
          issuedAt,
        }
        const signature = await me.signMessage({ message: profileSignText(signed) })
        const body = {
          action,
          address: me.address,
          username: name,
          bio: '',
          twitter: '',
          ...(link === undefined ? {} : { avatarUrl: link }),
          ...extra,
          issuedAt,
          signature,
        }
        return call('POST', '/v1/usernames/profile', body, { 'x-device-id': `link-${device}` })
      }
      const claimed = await saveLink('claim', `ipfs://${cid}`)
      assert.equal(claimed.status, 200, JSON.stringify(claimed.body))
      assert.equal(claimed.body.avatarUrl, `ipfs://${cid}`)
      assert.equal(claimed.body.avatarSha256, null)
      assert.equal((await call('GET', `/v1/usernames/name/${name}`)).body.profile.avatarUrl, `ipfs://${cid}`)
      // An edit that names no avatar keeps the link, which its signed text names.
      const kept = await saveLink('edit', undefined, { url: `ipfs://${cid}` })
      assert.equal(kept.status, 200, JSON.stringify(kept.body))
      assert.equal(kept.body.avatarUrl, `ipfs://${cid}`)
      // https is normalised by the URL parser and stored as such.
      const https = await saveLink('edit', 'https://Example.com/me.png')
      assert.equal(https.status, 200)
      assert.equal(https.body.avatarUrl, 'https://example.com/me.png')
      for (const bad of [
        'javascript:alert(1)',
        `data:image/png;base64,${b64(PNG)}`,
        'http://example.com/me.png',
        'https://user:secret@example.com/me.png',
        'ipfs://not-a-cid',
        'vbscript:msgbox',
        '',
      ]) {
        const refused = await saveLink('edit', bad)
        assert.equal(refused.status, 400, bad)
        assert.equal(refused.body.error.code, 'AVATAR_INVALID', bad)
        assert.equal(refused.body.error.message, 'Avatar failure')
        assert.equal(refused.body.error.details[0].path, 'avatarUrl')
      }
      assert.equal(
        (await call('GET', `/v1/usernames/address/${me.address}`)).body.profile.avatarUrl,
        'https://example.com/me.png',
        'a refused link stores nothing',
      )
      const both = await saveLink('edit', `ipfs://${cid}`, {}, { avatar: b64(PNG) })
      assert.equal(both.status, 400)
      assert.equal(both.body.error.code, 'INVALID_INPUT')
      // Uploaded bytes replace the link; null removes the avatar.
      const uploaded = await save(me, 'edit', { username: name, avatar: PNG }, { device: `link-${device}` })
      assert.equal(uploaded.status, 200)
      assert.match(uploaded.body.avatarUrl, /^\/v1\/usernames\/avatar\//)
      const none = await saveLink('edit', null)
      assert.equal(none.status, 200)
      assert.equal(none.body.avatarUrl, null)
      assert.equal(none.body.avatarSha256, null)
    })
  })
}
