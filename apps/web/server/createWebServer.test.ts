import assert from 'node:assert/strict'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { defaultRuntimeConfig } from '../src/modules/config/index.ts'
import { acceptedLanguages } from './bootShell.ts'
import { createWebServer } from './createWebServer.ts'

let dist: string
const config = {
  ...defaultRuntimeConfig,
  apiUrl: 'http://127.0.0.1:8787',
  rpcUrls: { ethereum: 'http://127.0.0.1:8545', base: 'http://127.0.0.1:8547' },
  productionHostname: 'a"<b>',
}

before(async () => {
  dist = await mkdtemp(join(tmpdir(), 'oxbow-web-dist-'))
  await mkdir(join(dist, 'assets'))
  await writeFile(
    join(dist, 'index.html'),
    '<html><head><meta name="oxbow:config" content="" />\n<meta name="oxbow:blocked-paths" content="" />\n</head><body></body></html>',
  )
  await writeFile(join(dist, 'assets', 'app-123.js'), 'console.log(1)')
})
after(() => rm(dist, { recursive: true, force: true }))

const app = () => createWebServer({ distDir: dist, config, blockedPaths: ['/explore'] })

test('behavior: strict CSP with connect-src limited to API, indexer, RPC and WalletConnect relay origins', async () => {
  const response = await app().request('http://localhost/swap')
  const csp = response.headers.get('content-security-policy') ?? ''
  assert.match(
    csp,
    /connect-src 'self' http:\/\/127\.0\.0\.1:8787 http:\/\/127\.0\.0\.1:42069 http:\/\/127\.0\.0\.1:8545 http:\/\/127\.0\.0\.1:8547 ws:\/\/127\.0\.0\.1:8790;/,
  )
  assert.doesNotMatch(
    csp,
    /walletconnect\.(org|com)|reown|frame-src/,
    'no WalletConnect cloud host, no frames',
  )
  assert.doesNotMatch(csp, /unsafe/)
  // Images: the app's own, data URLs, https, and the API's origin (username avatars), no other http origin.
  assert.match(csp, /img-src 'self' data: https: http:\/\/127\.0\.0\.1:8787;/)
  assert.match(csp, /frame-ancestors 'none'/)
  assert.equal(response.headers.get('x-frame-options'), 'DENY')
  assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin')
  assert.equal(response.headers.get('strict-transport-security'), null)
})

test('behavior: HSTS only over TLS', async () => {
  const response = await app().request('https://oxbow.example/swap')
  assert.match(response.headers.get('strict-transport-security') ?? '', /max-age=31536000/)
})

test('behavior: SPA fallback fills config, blocked paths and canonical link, escaped', async () => {
  const response = await app().request('http://localhost/positions/v3/ethereum/1?x=1')
  assert.equal(response.status, 200)
  const html = await response.text()
  assert.match(html, /<meta name="oxbow:blocked-paths" content="\/explore" \/>/)
  assert.match(html, /<link rel="canonical" href="http:\/\/localhost\/positions\/v3\/ethereum\/1" \/>/)
  assert.match(html, /&quot;productionHostname&quot;:&quot;a\\&quot;&lt;b&gt;&quot;/)
  assert.doesNotMatch(html, /<b>/)
})

test('behavior: assets are served immutable; a missing asset is a 404, not the app', async () => {
  const asset = await app().request('http://localhost/assets/app-123.js')
  assert.equal(asset.status, 200)
  assert.match(asset.headers.get('cache-control') ?? '', /immutable/)
  assert.match(asset.headers.get('content-type') ?? '', /javascript/)
  assert.equal((await app().request('http://localhost/assets/gone-999.js')).status, 404)
  const traversal = await app().request('http://localhost/assets/..%2F..%2Fetc%2Fpasswd')
  assert.notEqual(await traversal.text(), 'root')
})

test('behavior: GET /config.json returns the runtime config', async () => {
  const response = await app().request('http://localhost/config.json')
  assert.deepEqual(await response.json(), config)
})

describe('the boot shell: the landing title paints with the HTML, in the visitor language', () => {
  let shellDist: string
  before(async () => {
    // The real index.html template, so the markers the server fills are the ones the build ships.
    shellDist = await mkdtemp(join(tmpdir(), 'oxbow-web-shell-'))
    await writeFile(
      join(shellDist, 'index.html'),
      await readFile(join(import.meta.dirname, '../index.html'), 'utf8'),
    )
  })
  after(() => rm(shellDist, { recursive: true, force: true }))
  const get = (path: string, headers: Record<string, string> = {}) =>
    createWebServer({ distDir: shellDist, config }).request(`http://localhost${path}`, { headers })

  test('behavior: / carries the hero title, language and direction from Accept-Language', async () => {
    const response = await get('/', { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' })
    const html = await response.text()
    const arabic = JSON.parse(
      await readFile(join(import.meta.dirname, '../../../packages/i18n/locales/ar-SA.json'), 'utf8'),
    )
    assert.match(html, /<html lang="ar-SA" dir="rtl">/)
    assert.ok(html.includes(`<h1 class="boot-title">${arabic['landing.title']}</h1>`), 'the Arabic title')
    assert.doesNotMatch(html, /class="boot-header"/)
    assert.match(response.headers.get('vary') ?? '', /\bAccept-Language\b/)
  })

  test('behavior: the lng parameter wins over the browser; no preference is English', async () => {
    assert.match(
      await (await get('/?lng=fr', { 'accept-language': 'de' })).text(),
      /<html lang="fr-FR" dir="ltr">/,
    )
    const english = await (await get('/')).text()
    assert.match(english, /<h1 class="boot-title">Swap anytime, anywhere\.<\/h1>/)
    assert.match(english, /<html lang="en-US" dir="ltr">/)
  })

  test('behavior: other routes keep the boot header; hostile headers change nothing but the language', async () => {
    const html = await (await get('/swap', { 'accept-language': '<script>,he;q=0.8' })).text()
    assert.match(html, /<div class="boot-header"><span class="boot-logo">Oxbow<\/span><\/div>/)
    assert.match(html, /<html lang="he-IL" dir="rtl">/)
    assert.doesNotMatch(html, /boot-title|<script>,/)
  })
})

test('behavior: Accept-Language is read by weight, then order; q=0 and * are dropped', () => {
  assert.deepEqual(acceptedLanguages('en;q=0.5, fr-CH, de;q=0.9, *;q=0.1, es;q=0'), ['fr-CH', 'de', 'en'])
  assert.deepEqual(acceptedLanguages(undefined), [])
  assert.deepEqual(acceptedLanguages('x;q=abc'), [])
})

test("behavior: an explore page's HTML preloads its own chunks (from Vite's manifest), not the entry's, and no other page's", async () => {
  const built = await mkdtemp(join(tmpdir(), 'oxbow-web-dist-'))
  try {
    await mkdir(join(built, '.vite'), { recursive: true })
    await writeFile(
      join(built, 'index.html'),
      '<html><head><meta name="oxbow:config" content="" />\n<meta name="oxbow:blocked-paths" content="" />\n</head><body></body></html>',
    )
    await writeFile(
      join(built, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/index-1.js',
          isEntry: true,
          imports: ['_ui.js'],
          css: ['assets/index-1.css'],
        },
        '_ui.js': { file: 'assets/ui-1.js' },
        'src/pages/ExplorePage.tsx': { file: 'assets/ExplorePage-1.js', imports: ['_explore.js', '_ui.js'] },
        '_explore.js': { file: 'assets/explore-1.js', imports: ['_ui.js'], css: ['assets/explore-1.css'] },
        'src/pages/TokenDetailsPage.tsx': { file: 'assets/TokenDetailsPage-1.js', imports: ['_explore.js'] },
        'src/modules/explore/components/PriceChart.tsx': { file: 'assets/PriceChart-1.js' },
      }),
    )
    const server = createWebServer({ distDir: built, config })
    const html = async (path: string) => (await server.request(`http://localhost${path}`)).text()
    const links = (page: string) =>
      [...page.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      )
    assert.deepEqual(links(await html('/explore/tokens/ethereum')), [
      'modulepreload /assets/ExplorePage-1.js',
      'modulepreload /assets/explore-1.js',
      'preload /assets/explore-1.css',
    ])
    assert.deepEqual(links(await html('/explore/tokens/ethereum/0xabc')), [
      'modulepreload /assets/TokenDetailsPage-1.js',
      'modulepreload /assets/explore-1.js',
      'modulepreload /assets/PriceChart-1.js',
      'preload /assets/explore-1.css',
    ])
    assert.deepEqual(links(await html('/swap')), [])
    assert.deepEqual(links(await html('/explore/tokens/ethereum/0xabc/extra')), [])
    const manifest = await server.request('http://localhost/.vite/manifest.json')
    assert.doesNotMatch(await manifest.text(), /ExplorePage/, 'the manifest is not served')
  } finally {
    await rm(built, { recursive: true, force: true })
  }
})

test('bad input: a path with a malformed percent-escape gets the app shell (its not-found page), not a 500', async () => {
  for (const path of ['/explore/pools/ethereum/%E0%A4%A', '/explore/%E0%A4%A', '/%ZZ']) {
    const response = await app().request(`http://localhost${path}`)
    assert.equal(response.status, 200, path)
    assert.match(response.headers.get('content-type') ?? '', /text\/html/, path)
  }
  assert.equal((await app().request('http://localhost/assets/%E0.js')).status, 404)
})
