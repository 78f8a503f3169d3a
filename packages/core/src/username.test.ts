import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  avatarDigest,
  checkAvatar,
  isValidBio,
  parseTwitterHandle,
  profileSignText,
  sniffAvatarType,
  USERNAME_AVATAR_MAX_BYTES,
  validateUsername,
} from './index.ts'

describe('username rules', () => {
  it('accepts lowercase letters and numbers from 3 to 20 characters', () => {
    for (const name of ['abc', 'alice42', 'a'.repeat(20), '007']) assert.equal(validateUsername(name), null)
  })
  it("gives the spec's message for each broken rule", () => {
    assert.equal(validateUsername('al ice')?.message, 'Usernames can only contain letters and numbers')
    assert.equal(validateUsername('al_ice')?.problem, 'LETTERS_AND_NUMBERS')
    assert.equal(validateUsername('ålice')?.problem, 'LETTERS_AND_NUMBERS')
    assert.equal(
      validateUsername('Alice')?.message,
      'Usernames can only contain lowercase letters and numbers',
    )
    assert.deepEqual(validateUsername('al'), {
      problem: 'TOO_SHORT',
      number: 3,
      message: 'Usernames must be at least 3 characters',
    })
    assert.equal(validateUsername('a'.repeat(21))?.message, 'Usernames cannot be more than 20 characters')
    assert.equal(validateUsername('')?.problem, 'TOO_SHORT')
  })
})

describe('profile fields', () => {
  it('bio: at most 160 characters, no control characters', () => {
    assert.equal(isValidBio(''), true)
    assert.equal(isValidBio('é'.repeat(160)), true)
    assert.equal(isValidBio('x'.repeat(161)), false)
    assert.equal(isValidBio('line\nbreak'), false)
    assert.equal(isValidBio('bell\u0007'), false)
  })
  it('twitter: a handle, @handle or profile link; anything else refused', () => {
    assert.equal(parseTwitterHandle('alice_1'), 'alice_1')
    assert.equal(parseTwitterHandle(' @alice '), 'alice')
    assert.equal(parseTwitterHandle('https://twitter.com/alice'), 'alice')
    assert.equal(parseTwitterHandle('x.com/@alice/'), 'alice')
    assert.equal(parseTwitterHandle(''), '')
    assert.equal(parseTwitterHandle('a'.repeat(16)), null)
    assert.equal(parseTwitterHandle('https://evil.example/alice'), null)
    assert.equal(parseTwitterHandle('al ice'), null)
  })
  it('avatar: PNG, JPEG, WebP and GIF by magic number, at most 100 KB', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])
    assert.equal(sniffAvatarType(png), 'image/png')
    assert.equal(sniffAvatarType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg')
    assert.equal(sniffAvatarType(new TextEncoder().encode('GIF89a....')), 'image/gif')
    assert.equal(sniffAvatarType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ')), 'image/webp')
    assert.equal(sniffAvatarType(new TextEncoder().encode('<svg xmlns=')), null)
    assert.equal(checkAvatar(new TextEncoder().encode('<html>')), 'NOT_AN_IMAGE')
    const big = new Uint8Array(USERNAME_AVATAR_MAX_BYTES + 1)
    big.set(png)
    assert.equal(checkAvatar(big), 'TOO_LARGE')
    assert.equal(checkAvatar(big.subarray(0, USERNAME_AVATAR_MAX_BYTES)), null)
  })
  it('avatar digest is SHA-256 hex', async () => {
    assert.equal(
      await avatarDigest(new TextEncoder().encode('abc')),
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })
})

describe('profile sign text', () => {
  it('names action, address, name, profile fields and issued-at; no chain', () => {
    const text = profileSignText({
      action: 'claim',
      address: '0xABCDEF0000000000000000000000000000000001',
      username: 'alice',
      avatarSha256: null,
      bio: 'hi',
      twitter: 'alice',
      issuedAt: '2026-11-27T08:00:00.000Z',
    })
    assert.equal(
      text,
      [
        'Oxbow username profile: claim',
        'Address: 0xabcdef0000000000000000000000000000000001',
        'Username: alice',
        'Avatar SHA-256: none',
        'Bio: hi',
        'Twitter: alice',
        'Issued at: 2026-11-27T08:00:00.000Z',
      ].join('\n'),
    )
    const del = profileSignText({
      action: 'delete',
      address: '0x1',
      username: 'alice',
      issuedAt: '2026-11-27T08:00:00.000Z',
    })
    assert.equal(del.split('\n').length, 4)
  })
})
