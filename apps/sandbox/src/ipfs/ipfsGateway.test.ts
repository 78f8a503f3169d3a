import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { directoryBlock, parseCid, rawBlock } from './cid.ts'
import { CHUNK_SIZE, createIpfsGateway, type IpfsGateway } from './ipfsGateway.ts'

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
)

let gateway: IpfsGateway
const traced: string[] = []
before(async () => {
  gateway = await createIpfsGateway({ port: 0, trace: (line) => traced.push(line) })
})
after(() => gateway.close())

async function addOverRpc(files: { name: string; bytes: Uint8Array; type?: string }[], query = '') {
  const form = new FormData()
  for (const file of files) form.append('file', new Blob([file.bytes], { type: file.type ?? '' }), file.name)
  return fetch(`${gateway.url}/api/v0/add${query}`, { method: 'POST', body: form })
}

test('behavior: CIDs are the ones `ipfs add --cid-version=1` computes (raw leaves, dag-pb directories)', () => {
  // Well-known: "hello world" as a raw leaf, and the empty UnixFS directory (its CIDv0 is
  // QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn).
  assert.equal(
    rawBlock(Buffer.from('hello world')).cid,
    'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e',
  )
  const empty = directoryBlock([])
  assert.equal(empty.cid, 'bafybeiczsscdsbs7ffqz55asqdf3smv6klcw3gofszvwlyarci47bgf354')
  assert.equal(parseCid('QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn')?.key, empty.key)
  assert.equal(parseCid('QmNotACid'), null)
  assert.equal(parseCid('bafy!'), null)
})

test('behavior: a file added over the RPC is served at /ipfs/<cid> with its sniffed type and a gateway’s headers', async () => {
  const response = await addOverRpc([{ name: 'avatar.bin', bytes: PNG, type: 'application/octet-stream' }])
  assert.equal(response.status, 200)
  const [line] = (await response.text()).trim().split('\n')
  const added = JSON.parse(line ?? '') as { Name: string; Hash: string; Size: string }
  assert.deepEqual(added, { Name: 'avatar.bin', Hash: rawBlock(PNG).cid, Size: String(PNG.length) })

  const served = await fetch(`${gateway.gatewayUrl}${added.Hash}`, {
    headers: { referer: 'http://app.test/' },
  })
  assert.equal(served.status, 200)
  assert.equal(served.headers.get('content-type'), 'image/png')
  assert.equal(served.headers.get('content-length'), String(PNG.length))
  assert.equal(served.headers.get('access-control-allow-origin'), '*')
  assert.equal(served.headers.get('etag'), `"${added.Hash}"`)
  assert.equal(served.headers.get('cache-control'), 'public, max-age=29030400, immutable')
  assert.equal(served.headers.get('x-ipfs-path'), `/ipfs/${added.Hash}`)
  assert.equal(served.headers.get('x-ipfs-roots'), added.Hash)
  assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
  assert.deepEqual(Buffer.from(await served.arrayBuffer()), PNG)
  assert.ok(traced.includes(`GET /ipfs/${added.Hash} 200 referer=http://app.test/`), traced.join('\n'))

  // Revalidation, HEAD and the CORS preflight, as a browser sends them.
  const again = await fetch(`${gateway.gatewayUrl}${added.Hash}`, {
    headers: { 'if-none-match': `"${added.Hash}"` },
  })
  assert.equal(again.status, 304)
  const head = await fetch(`${gateway.gatewayUrl}${added.Hash}`, { method: 'HEAD' })
  assert.equal(head.status, 200)
  assert.equal(head.headers.get('content-type'), 'image/png')
  const preflight = await fetch(`${gateway.gatewayUrl}${added.Hash}`, {
    method: 'OPTIONS',
    headers: { origin: 'http://app.test', 'access-control-request-method': 'GET' },
  })
  assert.equal(preflight.status, 200)
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /GET, HEAD, OPTIONS/)
  assert.equal((await fetch(`${gateway.gatewayUrl}${added.Hash}`, { method: 'POST' })).status, 405)
})

test('behavior: a wrapped directory resolves paths under its CID, the type from the content', async () => {
  const response = await addOverRpc(
    [
      { name: 'face.svg', bytes: SVG },
      { name: 'data.json', bytes: Buffer.from('{"a":1}') },
      { name: 'notes', bytes: Buffer.from('plain words') },
      { name: 'blob', bytes: Uint8Array.from([0, 1, 2, 3]) },
    ],
    '?wrap-with-directory=true&cid-version=1',
  )
  const lines = (await response.text())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { Name: string; Hash: string })
  assert.deepEqual(
    lines.map((l) => l.Name),
    ['face.svg', 'data.json', 'notes', 'blob', ''],
  )
  const root = lines.at(-1)?.Hash ?? ''
  assert.match(root, /^bafybei/)
  const typeOf = async (path: string) => {
    const r = await fetch(`${gateway.gatewayUrl}${path}`)
    await r.arrayBuffer()
    return r.headers.get('content-type')
  }
  assert.equal(await typeOf(`${root}/face.svg`), 'image/svg+xml')
  assert.equal(await typeOf(`${root}/data.json`), 'application/json')
  assert.equal(await typeOf(`${root}/notes`), 'text/plain; charset=utf-8')
  assert.equal(await typeOf(`${root}/blob`), 'application/octet-stream')
  const nested = await fetch(`${gateway.gatewayUrl}${root}/face.svg`)
  assert.equal(nested.headers.get('x-ipfs-roots'), `${root},${lines[0]?.Hash}`)
  assert.equal(await nested.text(), SVG.toString())
  // The listing of a directory without index.html names its entries.
  const listing = await fetch(`${gateway.gatewayUrl}${root}/`)
  assert.equal(listing.headers.get('content-type'), 'text/html; charset=utf-8')
  assert.match(await listing.text(), /<a href="face.svg">face.svg<\/a>/)
})

test('error: not a CID is 400, an unknown CID or path 404, a path under a file 404', async () => {
  const status = async (path: string) => {
    const r = await fetch(`${gateway.url}${path}`)
    await r.arrayBuffer()
    return [r.status, r.headers.get('access-control-allow-origin')]
  }
  const known = gateway.add([{ name: 'x', bytes: Buffer.from('x') }])[0]?.cid ?? ''
  const unknown = rawBlock(Buffer.from('never added')).cid
  assert.deepEqual(await status('/ipfs/not-a-cid'), [400, '*'])
  assert.deepEqual(await status(`/ipfs/${unknown}`), [404, '*'])
  assert.deepEqual(await status('/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'), [404, '*'])
  assert.deepEqual(await status(`/ipfs/${known}/inside`), [404, '*'])
  assert.deepEqual((await status('/elsewhere'))[0], 404)
})

test('error: the RPC refuses browser pages, files above one chunk and bodies that are not multipart', async () => {
  const fromPage = await fetch(`${gateway.url}/api/v0/add`, {
    method: 'POST',
    headers: { origin: 'http://app.test' },
    body: new FormData(),
  })
  assert.equal(fromPage.status, 403)
  const big = await addOverRpc([{ name: 'big', bytes: new Uint8Array(CHUNK_SIZE + 1) }])
  assert.equal(big.status, 413)
  const plain = await fetch(`${gateway.url}/api/v0/add`, { method: 'POST', body: 'x' })
  assert.equal(plain.status, 400)
  assert.equal((await fetch(`${gateway.url}/api/v0/add`)).status, 405)
})
