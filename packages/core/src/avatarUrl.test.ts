import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { avatarImageSrc, parseAvatarUrl, profileSignText } from './index.ts'

const CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'
const CID1 = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'

describe('avatar links', () => {
  test('behavior: https and ipfs:// links are kept (https normalised)', () => {
    assert.equal(parseAvatarUrl('https://example.com/a.png'), 'https://example.com/a.png')
    assert.equal(parseAvatarUrl('https://Example.COM/a b.png'), 'https://example.com/a%20b.png')
    assert.equal(parseAvatarUrl(`ipfs://${CID}`), `ipfs://${CID}`)
    assert.equal(parseAvatarUrl(`ipfs://${CID1}/avatar.png`), `ipfs://${CID1}/avatar.png`)
  })
  test('error: other schemes, credentials, bad cids and long links are refused', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'http://example.com/a.png',
      'https://user:pass@example.com/a.png',
      'ipfs://not-a-cid',
      `ipfs://${CID}/../x`,
      `ipfs://${CID}/a?y`,
      'ftp://example.com/a.png',
      '//example.com/a.png',
      `https://example.com/${'a'.repeat(2048)}`,
    ]) {
      assert.equal(parseAvatarUrl(bad), null, bad)
    }
  })
  test('behavior: ipfs links load through the gateway; refused links load nothing', () => {
    assert.equal(avatarImageSrc(`ipfs://${CID}`, 'https://ipfs.io/ipfs/'), `https://ipfs.io/ipfs/${CID}`)
    assert.equal(
      avatarImageSrc('https://example.com/a.png', 'https://ipfs.io/ipfs/'),
      'https://example.com/a.png',
    )
    assert.equal(avatarImageSrc('javascript:alert(1)', 'https://ipfs.io/ipfs/'), null)
  })
  test('behavior: the signed text names the link only when there is one', () => {
    const base = {
      action: 'edit',
      address: '0xab',
      username: 'alice',
      bio: '',
      twitter: '',
      issuedAt: 'T',
    } as const
    assert.doesNotMatch(profileSignText(base), /Avatar URL/)
    assert.match(
      profileSignText({ ...base, avatarUrl: `ipfs://${CID}` }),
      new RegExp(`\\nAvatar URL: ipfs://${CID}\\n`),
    )
  })
})
