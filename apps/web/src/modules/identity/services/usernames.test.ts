import assert from 'node:assert/strict'
import { test } from 'node:test'
import { profileOf } from './usernames.ts'

const CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'
const base = {
  address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  username: 'alice',
  bio: '',
  twitter: '',
  avatarSha256: null,
}

test('behavior: an ipfs:// avatar link renders through the gateway; an https one as it is', () => {
  const ipfs = profileOf({ ...base, avatarUrl: `ipfs://${CID}` })
  assert.equal(ipfs.avatarUrl, `https://ipfs.io/ipfs/${CID}`)
  assert.equal(ipfs.avatarLink, `ipfs://${CID}`)
  const https = profileOf({ ...base, avatarUrl: 'https://example.com/a.png' })
  assert.equal(https.avatarUrl, 'https://example.com/a.png')
})

test('error: an avatar of another scheme is an unexpected answer, never an <img> source', () => {
  for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://example.com/a.png']) {
    assert.throws(() => profileOf({ ...base, avatarUrl: bad }), { name: 'UsernameApiError' }, bad)
  }
})
