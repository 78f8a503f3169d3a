import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseCollections, parseNftPage, safeImageSrc } from './nftData.ts'

const A = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D'
const SVG = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`

test('security: only https and base64 data:image sources reach <img>', () => {
  assert.equal(safeImageSrc(SVG), SVG)
  assert.equal(safeImageSrc('https://example.com/a.png'), 'https://example.com/a.png')
  for (const bad of [
    'javascript:alert(1)',
    'http://example.com/a.png',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'https://user:secret@example.com/a.png',
    '//example.com/a.png',
    '',
    null,
    undefined,
  ])
    assert.equal(safeImageSrc(bad), null, String(bad))
})

test('behavior: a hostile or malformed item is dropped, the others stay, text is kept as text', () => {
  const page = parseNftPage({
    data: {
      collectionNfts: {
        nodes: [
          {
            tokenId: '1',
            owner: A,
            name: '<img src=x onerror=alert(1)>',
            description: null,
            imageUrl: SVG,
            attributes: [],
          },
          { tokenId: '-1', owner: A, name: 'bad id', description: null, imageUrl: null, attributes: [] },
          {
            tokenId: '2',
            owner: '0x12',
            name: 'bad owner',
            description: null,
            imageUrl: null,
            attributes: [],
          },
          {
            tokenId: '3',
            owner: A,
            name: 'x'.repeat(201),
            description: null,
            imageUrl: null,
            attributes: [],
          },
        ],
        pageInfo: { hasNextPage: false, endCursor: null },
      },
    },
  })
  assert.deepEqual(
    page.items.map((item) => [item.tokenId, item.name]),
    [['1', '<img src=x onerror=alert(1)>']],
  )
  assert.throws(() => parseNftPage({ data: null }), /Unexpected answer/)
})

test('behavior: collections on networks this app does not know are left out', () => {
  const base = {
    address: A,
    name: 'Otters',
    symbol: 'OTTER',
    totalSupply: 3,
    transferCount: 3,
    ownerCount: 2,
    imageUrl: null,
  }
  const list = parseCollections(
    {
      data: {
        nftCollections: [
          { ...base, network: 'ethereum' },
          { ...base, network: 'nowhere' },
        ],
      },
    },
    (slug) => slug === 'ethereum',
  )
  assert.deepEqual(
    list.map((c) => c.network),
    ['ethereum'],
  )
})

test('behavior: marketplace links only on mainnet networks OpenSea lists', async () => {
  const { marketplaceUrl } = await import('./marketplace.ts')
  assert.equal(marketplaceUrl('mainnet', 'polygon', A, '7'), `https://opensea.io/assets/matic/${A}/7`)
  assert.equal(marketplaceUrl('local', 'ethereum', A, '7'), null)
  assert.equal(marketplaceUrl('mainnet', 'sepolia', A, '7'), null)
})
