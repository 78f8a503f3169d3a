import assert from 'node:assert/strict'
import { test } from 'node:test'
import { nftImageSrc } from './nftImage.ts'

const LOCAL = 'http://127.0.0.1:8792/ipfs/'
const CID = 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e'

test("behavior: an NFT's ipfs:// image loads through the configured gateway, not a public one", () => {
  assert.equal(nftImageSrc(`ipfs://${CID}/1.png`, LOCAL), `${LOCAL}${CID}/1.png`)
  assert.equal(nftImageSrc(`ipfs://${CID}`, 'https://ipfs.io/ipfs/'), `https://ipfs.io/ipfs/${CID}`)
  assert.equal(nftImageSrc('https://example.com/a.png', LOCAL), 'https://example.com/a.png')
  assert.equal(nftImageSrc(`ipfs://${CID}`, undefined), null, 'no gateway configured')
  assert.equal(nftImageSrc(`ipfs://${CID}/../../v1/x`, LOCAL), null)
  assert.equal(nftImageSrc('ipfs://not-a-cid', LOCAL), null)
  assert.equal(nftImageSrc(`${LOCAL}${CID}`, LOCAL), null, 'an http URL is not taken from the indexer')
})
