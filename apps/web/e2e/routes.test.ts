import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { distDir } from '../server/build.ts'
import { defaultRuntimeConfig } from '../src/modules/config/index.ts'
import { startWeb, TEST_API_URL } from '../test/harness.ts'
import {
  cspViolations,
  installCspListener,
  interceptExternalSites,
  type PageProblems,
  watchProblems,
  webSuite,
} from './support.ts'

const I = 'Oxbow Interface'
const gov = defaultRuntimeConfig.governanceUrl
const profile = defaultRuntimeConfig.walletProfileUrl
const token = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

/** [path, final URL (path+search, or absolute for external exits), title or null for external]. */
const table: [string, string, string | null][] = [
  ['/', '/', I],
  ['/#/swap', '/swap', `Swap tokens | ${I}`],
  ['/swap', '/swap', `Swap tokens | ${I}`],
  ['/buy', '/buy', `Buy crypto | ${I}`],
  ['/sell', '/sell', `Sell crypto | ${I}`],
  ['/send', '/send', `Send tokens | ${I}`],
  ['/limit', '/limit', `Limit order | ${I}`],
  ['/limits', '/limit', `Limit order | ${I}`],
  ['/explore', '/explore', `Explore top tokens on Ethereum | ${I}`],
  ['/explore/pools', '/explore/pools', `Explore top pools on Ethereum | ${I}`],
  ['/explore/transactions', '/explore/transactions', `Explore transactions on Ethereum | ${I}`],
  ['/explore/base', '/explore/base', `Explore top tokens on Base | ${I}`],
  ['/explore/pools/arbitrum', '/explore/pools/arbitrum', `Explore top pools on Arbitrum | ${I}`],
  ['/explore/nonsense', '/not-found', `Page not found | ${I}`],
  [
    `/explore/tokens/ethereum/${token}`,
    `/explore/tokens/ethereum/${token}`,
    `Token 0xA0b8…eB48 on Ethereum | ${I}`,
  ],
  [
    '/explore/pools/base/0x1234567890abcdef1234567890abcdef12345678',
    '/explore/pools/base/0x1234567890abcdef1234567890abcdef12345678',
    `Pool 0x1234…5678 on Base | ${I}`,
  ],
  // A malformed pool id is the page's not-found state, and its title says so.
  [
    '/explore/pools/base/0x1234567890abcdef',
    '/explore/pools/base/0x1234567890abcdef',
    `Page not found | ${I}`,
  ],
  ['/tokens', '/explore/tokens', `Explore top tokens on Ethereum | ${I}`],
  ['/tokens/base', '/explore/tokens/base', `Explore top tokens on Base | ${I}`],
  [`/tokens/ethereum/${token}`, `/explore/tokens/ethereum/${token}`, `Token 0xA0b8…eB48 on Ethereum | ${I}`],
  ['/vote/proposals/12', `${gov}/proposals/12`, null],
  ['/create-proposal', `${gov}/create-proposal`, null],
  ['/positions', '/positions', `Your liquidity positions | ${I}`],
  ['/positions/create', '/positions/create', `Create a v4 position | ${I}`],
  ['/positions/create/v3', '/positions/create/v3', `Create a v3 position | ${I}`],
  ['/positions/v2/ethereum/0xpair', '/positions/v2/ethereum/0xpair', `v2 position on Ethereum | ${I}`],
  ['/positions/v3/base/123', '/positions/v3/base/123', `v3 position on Base | ${I}`],
  ['/positions/v4/unichain/7', '/positions/v4/unichain/7', `v4 position on Unichain | ${I}`],
  ['/migrate/v2', '/migrate/v2', `Migrate v2 liquidity | ${I}`],
  ['/migrate/v2/0xabc', '/migrate/v2/0xabc', `Migrate v2 liquidity | ${I}`],
  ['/migrate/v2/ethereum/0xpair', '/migrate/v2/ethereum/0xpair', `Migrate v2 liquidity | ${I}`],
  ['/migrate/v3/ethereum/5', '/migrate/v3/ethereum/5', `Migrate v3 liquidity | ${I}`],
  ['/pool', '/positions', `Your liquidity positions | ${I}`],
  ['/pool/v2', '/positions', `Your liquidity positions | ${I}`],
  ['/pool/v2/find', '/positions/create/v2', `Create a v2 position | ${I}`],
  ['/pool/42', '/positions/v3/ethereum/42', `v3 position on Ethereum | ${I}`],
  ['/pools', '/positions', `Your liquidity positions | ${I}`],
  ['/pools/v2/find', '/positions/create/v2', `Create a v2 position | ${I}`],
  ['/pools/42', '/positions/v3/ethereum/42', `v3 position on Ethereum | ${I}`],
  ['/add/v2', '/add/v2', `Add v2 liquidity | ${I}`],
  ['/add/v2/ETH', '/add/v2/ETH', `Add v2 liquidity | ${I}`],
  ['/add/v2/ETH/0xdai', '/add/v2/ETH/0xdai', `Add v2 liquidity | ${I}`],
  ['/add/ETH', '/add/ETH', `Add v3 liquidity | ${I}`],
  ['/add/ETH/0xdai', '/add/ETH/0xdai', `Add v3 liquidity | ${I}`],
  ['/add/ETH/0xdai/3000', '/add/ETH/0xdai/3000', `Add v3 liquidity | ${I}`],
  ['/add/ETH/0xdai/3000/55', '/add/ETH/0xdai/3000/55', `Add v3 liquidity | ${I}`],
  ['/remove/v2/ETH/0xdai', '/remove/v2/ETH/0xdai', `Remove v2 liquidity | ${I}`],
  ['/remove/55', '/remove/55', `Remove v3 liquidity | ${I}`],
  ['/auth/passkey/extension', '/auth/passkey/extension', `Log in with a passkey | ${I}`],
  // Only with the embedded-wallet flag (off by default): otherwise an unknown route.
  [`/manage/passkey/${token}`, '/not-found', `Page not found | ${I}`],
  [
    `/manage/passkey/${token}?featureFlagOverride=embeddedWallet`,
    `/manage/passkey/${token}?featureFlagOverride=embeddedWallet`,
    `Manage passkeys | ${I}`,
  ],
  ['/extension/uninstall', '/extension/uninstall', `Sorry to see you go | ${I}`],
  ['/nfts', '/nfts', `NFTs | ${I}`],
  [`/address/${token}`, `${profile}/address/${token}`, null],
  ['/not-found', '/not-found', `Page not found | ${I}`],
  ['/definitely/not/a/route', '/not-found', `Page not found | ${I}`],
]

const suite = webSuite()

async function open(context: BrowserContext, path: string): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage()
  const problems = watchProblems(page)
  await page.goto(suite.web.url + path)
  return { page, problems }
}

describe('routes table', () => {
  test('behavior: every path lands where the spec says, with title, canonical link, no errors, no CSP violation', async () => {
    const context = await suite.browser.newContext()
    await installCspListener(context)
    await interceptExternalSites(context)
    const failures: string[] = []
    for (const [path, expected, title] of table) {
      const page = await context.newPage()
      const problems = watchProblems(page)
      await page.goto(suite.web.url + path)
      const want = expected.startsWith('http') ? expected : suite.web.url + expected
      try {
        await page.waitForURL(want, { timeout: 5000 })
        if (title !== null) {
          await page.waitForFunction((t) => document.title === t, title, { timeout: 5000 })
          const canonical = await page.locator('link[rel="canonical"]').last().getAttribute('href')
          const wantCanonical = new URL(want).origin + new URL(want).pathname
          if (canonical !== wantCanonical)
            failures.push(`${path}: canonical ${canonical} != ${wantCanonical}`)
          const violations = await cspViolations(page)
          if (violations.length) failures.push(`${path}: CSP ${violations.join(', ')}`)
          // Never a blank app: the page has a heading inside the frame.
          if ((await page.locator('main h1').count()) === 0) failures.push(`${path}: no page heading`)
        }
      } catch (error) {
        failures.push(
          `${path}: at ${page.url()} title "${await page.title()}" (${(error as Error).message.split('\n')[0]})`,
        )
      }
      if (problems.errors.length) failures.push(`${path}: ${problems.errors.join(' | ')}`)
      await page.close()
    }
    await context.close()
    assert.deepEqual(failures, [])
  })

  test('behavior: a blocked path redirects to /swap, /swap itself never', async () => {
    const blocked = await startWeb({ port: 23574, blockedPaths: ['/explore', '/swap'] })
    const context = await suite.browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${blocked.url}/explore/pools`)
      await page.waitForURL(`${blocked.url}/swap`)
      await page.goto(`${blocked.url}/positions`)
      await page.waitForFunction(() => document.title.startsWith('Your liquidity positions'))
      assert.equal(new URL(page.url()).pathname, '/positions')
      await page.goto(`${blocked.url}/swap`)
      await page.waitForFunction(() => document.title.startsWith('Swap tokens'))
      assert.equal(new URL(page.url()).pathname, '/swap')
    } finally {
      await context.close()
      await blocked.close()
    }
  })

  test('behavior: scroll resets to the top on page change', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 300 } })
    const { page } = await open(context, '/explore')
    await page.locator('main h1').waitFor()
    await page.evaluate(() => window.scrollTo(0, 400))
    assert.ok((await page.evaluate(() => window.scrollY)) > 0)
    await page.evaluate(() => window.scrollTo(0, 400))
    await page.getByRole('link', { name: 'Pools', exact: true }).first().click()
    await page.waitForURL(/\/explore\/pools/)
    await page.waitForFunction(() => window.scrollY === 0)
    await context.close()
  })

  test('error: a failed lazy chunk is logged and recovered, never a blank app', async () => {
    // A deployment whose explore chunk is gone (as after a release replaced the files): a copy of
    // the build without it, served by the real server on the second port, which answers 404.
    const dir = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'oxbow-e2e-dist-'))
    await cp(distDir, dir, { recursive: true })
    const chunk = (await readdir(join(dir, 'assets'))).find((name) => /^ExplorePage-[^/]+\.js$/.test(name))
    assert.ok(chunk, 'the build has a lazy explore chunk')
    await rm(join(dir, 'assets', chunk))
    const broken = await startWeb({ port: 23574, distDir: dir })
    const context = await suite.browser.newContext()
    try {
      const page = await context.newPage()
      const logged: string[] = []
      page.on('console', (message) => logged.push(message.text()))
      const missing: number[] = []
      page.on('response', (response) => {
        if (response.url().endsWith(`/assets/${chunk}`)) missing.push(response.status())
      })
      await page.goto(`${broken.url}/swap`)
      await page.locator('main h1').waitFor()
      await page.getByRole('link', { name: 'Explore', exact: true }).first().click()
      // First failure reloads once for a fresh build; the second shows the retry screen in the frame.
      await page.getByRole('heading', { name: 'This page could not load' }).waitFor({ timeout: 10_000 })
      assert.ok(logged.some((text) => text.includes('Vite preload error: Dynamic import failed to load')))
      assert.equal(await page.locator('header').count(), 1, 'the header stays')
      assert.ok(
        missing.length > 0 && missing.every((status) => status === 404),
        `the chunk was a 404 (${missing})`,
      )
    } finally {
      await context.close()
      await broken.close()
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('error: a page that throws shows the crash page with the id of the error report the browser sent', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } })
    // The fault: this browser's number formatting fails on /swap (as when its locale data is
    // broken), so the swap screen throws while rendering its amount fields in the locale's digits.
    // (react-intl's own formatting swallows such errors; core's digit conversion does not.)
    // (A string: the test runner's transform would add helpers to a function that the page lacks.)
    await context.addInitScript({
      content: `{
        const failing = (options) => location.pathname.startsWith('/swap') && options?.useGrouping === false
        const fault = () => new RangeError('Incorrect locale information provided')
        Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
          construct(target, args) {
            if (failing(args[1])) throw fault()
            return Reflect.construct(target, args)
          },
          apply(target, self, args) {
            if (failing(args[1])) throw fault()
            return Reflect.apply(target, self, args)
          },
        })
      }`,
    })
    const page = await context.newPage()
    // The report as the browser sends it (the API is not running: the request itself is the evidence).
    const sent: { name: string; properties: Record<string, unknown> }[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url() === `${TEST_API_URL}/v1/analytics`)
        sent.push(...(request.postDataJSON() as { events: typeof sent }).events)
    })
    await page.goto(`${suite.web.url}/swap`)
    await page.getByRole('heading', { name: 'Oops! Something went wrong.' }).waitFor()
    assert.ok(
      await page
        .getByText('If you contact support, please quote this error ID so we can find what happened.')
        .isVisible(),
    )
    const shown = (await page.getByTestId('error-id').textContent()) ?? ''
    const id = /^Error ID: ([0-9a-f]{32})$/.exec(shown)?.[1]
    assert.ok(id, `an error id is shown (${shown})`)
    assert.equal(await page.locator('header').count(), 1, 'the header stays')
    const deadline = Date.now() + 5000
    while (!sent.some((event) => event.name === 'app_error') && Date.now() < deadline)
      await page.waitForTimeout(100)
    const reports = sent.filter((event) => event.name === 'app_error')
    assert.equal(reports.length, 1, 'one report')
    assert.deepEqual(reports[0]?.properties, {
      errorId: id,
      path: '/swap',
      errorName: 'RangeError',
      message: 'Incorrect locale information provided',
    })
    await context.close()
  })
})
