import assert from 'node:assert/strict'
import { test } from 'node:test'
import { safeAvatarSrc } from './imageSrc.ts'

const LOCAL = 'http://127.0.0.1:8792/ipfs/'
const CID = 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e'

test('behavior: an avatar through the configured IPFS gateway is drawn, http included (the local sandbox)', () => {
  assert.equal(safeAvatarSrc(`${LOCAL}${CID}`, LOCAL), `${LOCAL}${CID}`)
  assert.equal(safeAvatarSrc(`${LOCAL}${CID}/face.png`, LOCAL), `${LOCAL}${CID}/face.png`)
  assert.equal(safeAvatarSrc('https://example.com/a.png', LOCAL), 'https://example.com/a.png')
  assert.equal(safeAvatarSrc(`https://ipfs.io/ipfs/${CID}`, undefined), `https://ipfs.io/ipfs/${CID}`)
})

test("error: http elsewhere, or outside the gateway's path, is refused", () => {
  assert.equal(safeAvatarSrc(`${LOCAL}${CID}`, undefined), null, 'no gateway configured')
  assert.equal(safeAvatarSrc(`${LOCAL}${CID}`, 'https://ipfs.io/ipfs/'), null, 'another gateway')
  assert.equal(safeAvatarSrc(`${LOCAL}${CID}/../../../v1/x`, LOCAL), null, 'out of the gateway path')
  assert.equal(safeAvatarSrc(LOCAL, LOCAL), null, 'the gateway itself')
  assert.equal(safeAvatarSrc('http://127.0.0.1:8792@evil.example/ipfs/x', LOCAL), null)
  assert.equal(safeAvatarSrc('http://127.0.0.1:8792/other/a.png', LOCAL), null)
  assert.equal(safeAvatarSrc('javascript:alert(1)', LOCAL), null)
})
