import assert from 'node:assert/strict'
import { test } from 'node:test'
import { installMemoryStorage } from '../../../../test/memoryStorage.ts'
import { accountLabel, isShowableAvatar, isValidEnsName, parseAccountNames } from './accountNames.ts'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const KEY = ACCOUNT.toLowerCase()

test('behavior: the label is the username, else the ENS name, else the shortened address', () => {
  assert.equal(accountLabel(ACCOUNT, { username: 'alice', ensName: 'alice.eth' }), 'alice')
  assert.equal(accountLabel(ACCOUNT, { username: null, ensName: 'alice.eth' }), 'alice.eth')
  assert.equal(accountLabel(ACCOUNT, { username: null, ensName: null }), '0xf39Fd6…b92266')
  assert.equal(accountLabel(ACCOUNT, null), '0xf39Fd6…b92266')
})

test('error: persisted names are validated on read; malformed entries or JSON are dropped', () => {
  const good = { username: null, ensName: 'vitalik.eth', avatar: null, checkedAt: 5 }
  assert.deepEqual(parseAccountNames(JSON.stringify({ [KEY]: good })), { [KEY]: good })
  // An entry kept before avatars were: read with none.
  assert.deepEqual(parseAccountNames(JSON.stringify({ [KEY]: { ...good, avatar: undefined } })), {
    [KEY]: good,
  })
  assert.deepEqual(parseAccountNames('{not json'), {})
  assert.deepEqual(parseAccountNames(JSON.stringify([good])), {})
  assert.deepEqual(parseAccountNames(null), {})
  // Not a lowercase address key, a markup name, an upper-case username, no time: each dropped.
  assert.deepEqual(parseAccountNames(JSON.stringify({ [ACCOUNT]: good })), {})
  assert.deepEqual(parseAccountNames(JSON.stringify({ [KEY]: { ...good, ensName: '<img src=x>.eth' } })), {})
  assert.deepEqual(parseAccountNames(JSON.stringify({ [KEY]: { ...good, username: 'Alice' } })), {})
  assert.deepEqual(parseAccountNames(JSON.stringify({ [KEY]: { ...good, checkedAt: 'yesterday' } })), {})
})

test("error: a persisted avatar is drawn only when it is the API's, https or a base64 image", () => {
  const good = { username: null, ensName: 'alice.eth', avatar: null, checkedAt: 5 }
  for (const avatar of [
    'http://127.0.0.1:8787/v1/usernames/avatar/0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266?v=0123456789abcdef',
    'https://example.com/a.png',
    'data:image/svg+xml;base64,PHN2Zy8+',
  ]) {
    const entry = { ...good, avatar }
    assert.deepEqual(parseAccountNames(JSON.stringify({ [KEY]: entry })), { [KEY]: entry }, avatar)
    assert.ok(isShowableAvatar(avatar), avatar)
  }
  for (const avatar of [
    'javascript:alert(1)',
    'http://evil.example/a.png',
    'data:text/html;base64,PHNjcmlwdD4=',
    'https://user:pw@example.com/a.png',
    'ipfs://Qm',
    42,
  ]) {
    assert.deepEqual(parseAccountNames(JSON.stringify({ [KEY]: { ...good, avatar } })), {}, String(avatar))
    assert.ok(!isShowableAvatar(avatar), String(avatar))
  }
})

test('behavior: ENS names are dotted labels without whitespace, control or markup characters', () => {
  for (const name of ['vitalik.eth', 'sub.name.eth', 'émoji😀.eth', 'a-b_c.xyz'])
    assert.ok(isValidEnsName(name), name)
  for (const name of [
    'eth',
    '.eth',
    'a..eth',
    'a b.eth',
    'a\u0000.eth',
    'x"y.eth',
    `${'a'.repeat(252)}.eth`,
    42,
  ])
    assert.ok(!isValidEnsName(name), String(name))
})

/** A new instance of the module (as after a page reload): it reads the store from storage again. */
const freshModule = (tag: string): Promise<typeof import('./accountNames.ts')> =>
  import(new URL(`./accountNames.ts?${tag}`, import.meta.url).href)

test('behavior: saved names survive a reload (a new module instance reads them back); at most 20 addresses kept', async () => {
  installMemoryStorage()
  const first = await freshModule('first')
  first.saveAccountNames(ACCOUNT, { username: null, ensName: 'alice.eth' }, 1000)
  for (let i = 0; i < 25; i++)
    first.saveAccountNames(
      `0x${i.toString(16).padStart(40, '0')}`,
      { username: null, ensName: null },
      2000 + i,
    )
  first.saveAccountNames(ACCOUNT, { username: null, ensName: 'alice.eth' }, 9000)
  const reloaded = await freshModule('reloaded')
  const all = reloaded.accountNamesStore.get()
  assert.equal(Object.keys(all).length, 20)
  assert.deepEqual(all[KEY], { username: null, ensName: 'alice.eth', avatar: null, checkedAt: 9000 })
  assert.equal(all[`0x${'0'.repeat(40)}`], undefined, 'the oldest addresses went first')
})
