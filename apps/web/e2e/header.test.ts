/**
 * The header's popovers and menus in Chromium, at the widths where their flaws showed (390 px and
 * 1280 px) and in a right-to-left locale (issue #19): every popover inside the viewport, the company
 * "···" menu behaving as a menu, the environment badge on small screens, the company menu's links,
 * and the intro parameter on a client-side navigation. No devnet: the wallet is the test-mode mock
 * connector (it needs no network). App on localhost:26573.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { defaultRuntimeConfig, siteLinks } from '../src/modules/config/index.ts'
import { webSuite, withWatchedPage } from './support.ts'

const HEADER_TEST_PORT = 26573
const MOCK_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NARROW = { width: 390, height: 800 }
const WIDE = { width: 1280, height: 800 }

const suite = webSuite({ port: HEADER_TEST_PORT })

/** No devnet runs here: once the mock wallet connects, the page's balance reads to its RPC are refused. */
const RPC_DOWN =
  /^console: Failed to load resource: net::ERR_CONNECTION_REFUSED \(http:\/\/127\.0\.0\.1:\d+\/\)$/

const withPage = (
  path: string,
  viewport: { width: number; height: number },
  run: (page: Page, context: BrowserContext) => Promise<void>,
) =>
  withWatchedPage(suite.browser, suite.web.url + path, run, {
    context: { viewport },
    expected: (error) => RPC_DOWN.test(error),
  })

interface Box {
  readonly left: number
  readonly right: number
  readonly top: number
  readonly bottom: number
}

async function box(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom }
  })
}

/** Asserts that what `locator` shows lies fully inside the viewport's width. */
async function assertInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  await locator.waitFor()
  // Where it comes to rest: a panel sliding in (the account drawer's 250 ms) passes the edge on its way.
  await locator.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  )
  const width = await page.evaluate(() => document.documentElement.clientWidth)
  const { left, right } = await box(locator)
  assert.ok(
    left >= 0 && right <= width,
    `${what}: left ${Math.round(left)}, right ${Math.round(right)}, viewport ${width}`,
  )
}

/** The header's buttons in visual order are named by aria-label; these are the English and Arabic names. */
const names = {
  en: { preferences: 'Preferences', more: 'More', menu: 'Menu', connect: 'Connect', language: /^Language/ },
  ar: { preferences: 'التفضيلات', more: 'المزيد', menu: 'القائمة', connect: 'ربط', language: /^اللغة/ },
} as const

async function connectMock(page: Page, lng: keyof typeof names): Promise<void> {
  await page.locator('header').getByRole('button', { name: names[lng].connect, exact: true }).click()
  await page.locator('dialog[open] [data-wallet-kind="mock"]').click()
  await page
    .locator('header')
    .getByRole('button', { name: new RegExp(MOCK_ACCOUNT.slice(0, 8)) })
    .waitFor()
}

describe('popovers and menus', () => {
  for (const viewport of [NARROW, WIDE]) {
    for (const lng of ['en', 'ar'] as const) {
      test(`behavior: every header popover and menu lies inside the viewport at ${viewport.width} px (${lng})`, async () => {
        await withPage(`/swap?lng=${lng}&testMode=1`, viewport, async (page) => {
          const header = page.locator('header')
          const n = names[lng]
          if (lng === 'ar') await page.waitForFunction(() => document.documentElement.dir === 'rtl')
          const preferences = async (state: string) => {
            await header.getByRole('button', { name: n.preferences }).click()
            const panel = header.getByRole('dialog', { name: n.preferences })
            await assertInViewport(page, panel, `preferences (${state})`)
            await panel.getByRole('button', { name: n.language }).click()
            await assertInViewport(page, panel, `preferences, language view (${state})`)
            await page.keyboard.press('Escape')
            await panel.waitFor({ state: 'detached' })
          }
          await preferences('disconnected')
          if (viewport.width > 900) {
            await header.getByRole('button', { name: n.more }).click()
            await assertInViewport(page, page.getByTestId('company-dropdown'), 'company menu')
            await page.keyboard.press('Escape')
            for (const [index, tab] of ['trade', 'explore', 'pool'].entries()) {
              await header.locator('nav a[aria-haspopup]').nth(index).hover()
              await assertInViewport(page, page.getByTestId(`nav-dropdown-${tab}`), `${tab} dropdown`)
            }
          } else {
            await header.getByRole('button', { name: n.menu }).click()
            const drawer = page.getByRole('dialog', { name: n.menu })
            await assertInViewport(page, drawer, 'menu drawer')
            await page.keyboard.press('Escape')
            await drawer.waitFor({ state: 'detached' })
          }
          await header.getByRole('button', { name: n.connect, exact: true }).click()
          await assertInViewport(page, page.locator('dialog[open]'), 'connect drawer')
          await page.locator('dialog[open] [data-wallet-kind="mock"]').click()
          const account = header.getByRole('button', { name: new RegExp(MOCK_ACCOUNT.slice(0, 8)) })
          await account.click()
          await assertInViewport(page, header.getByTestId('wallet-address').locator('..'), 'account popover')
          await page.keyboard.press('Escape')
          await preferences('connected')
        })
      })
    }
  }

  test('behavior: at 390 px the header controls and the environment badge fit side by side, nothing overlapping', async () => {
    for (const lng of ['en', 'ar'] as const) {
      await withPage(`/swap?lng=${lng}&testMode=1`, NARROW, async (page) => {
        for (const state of ['disconnected', 'connected']) {
          if (state === 'connected') await connectMock(page, lng)
          const items = page
            .locator('header')
            .locator('a, button, [data-testid="environment-badge"]')
            .filter({ visible: true })
          const boxes = await items.evaluateAll((elements) =>
            elements.map((element) => {
              const rect = element.getBoundingClientRect()
              const name = element.getAttribute('aria-label') ?? element.textContent ?? ''
              return { name, left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom }
            }),
          )
          assert.ok(boxes.length >= 5, `header items: ${boxes.map((b) => b.name).join(', ')}`)
          for (const [i, a] of boxes.entries()) {
            assert.ok(
              a.left >= 0 && a.right <= 390,
              `${lng} ${state}: ${a.name} inside (${a.left}-${a.right})`,
            )
            for (const b of boxes.slice(i + 1)) {
              const overlap =
                Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
                Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5
              assert.ok(!overlap, `${lng} ${state}: "${a.name}" overlaps "${b.name}"`)
            }
          }
        }
      })
    }
  })
})

describe('company menu', () => {
  test('behavior: on desktop the "···" button toggles the menu, clicks inside keep it open, a link acts and closes it, outside press and Escape close it', async () => {
    await withPage('/swap', WIDE, async (page) => {
      const button = page.getByRole('button', { name: 'More' })
      const menu = page.getByTestId('company-dropdown')
      await button.click()
      await menu.waitFor()
      // Still open once the click is over and the pointer moves on into the menu.
      await page.waitForTimeout(300)
      assert.equal(await menu.isVisible(), true, 'a click opens the menu (it closed)')
      assert.equal(await button.getAttribute('aria-expanded'), 'true')
      await menu.getByRole('heading').first().click()
      await page.waitForTimeout(100)
      assert.equal(await menu.isVisible(), true, 'a click on the menu itself keeps it open')
      // Opened by a click, it stays open when the pointer leaves it.
      await page.mouse.move(5, 700)
      await page.waitForTimeout(100)
      assert.equal(await menu.isVisible(), true, 'a clicked-open menu survives the pointer leaving')
      await button.click()
      await menu.waitFor({ state: 'detached' })
      assert.equal(await button.getAttribute('aria-expanded'), 'false')

      await button.click()
      await menu.waitFor()
      await page.mouse.click(5, 700)
      await menu.waitFor({ state: 'detached' })

      await button.click()
      await menu.waitFor()
      await page.keyboard.press('Escape')
      await menu.waitFor({ state: 'detached' })
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'More')

      // Hovering still opens it, and leaving closes it (the spec's hover dropdown on wide screens).
      await page.mouse.move(5, 700)
      await button.hover()
      await menu.waitFor()
      await page.mouse.move(5, 700)
      await menu.waitFor({ state: 'detached' })

      await button.click()
      await menu.getByRole('link', { name: 'Explore' }).click()
      await page.waitForURL(/\/explore/)
      await menu.waitFor({ state: 'detached' })
    })
  })

  const expected: readonly (readonly [string, string])[] = [
    ['Swap', '/swap'],
    ['Explore', '/explore'],
    ['Pool', '/positions'],
    ['Wallet app', siteLinks.walletApp],
    ['Browser extension', siteLinks.browserExtension],
    ['Trading API', siteLinks.tradingApi],
    ['Governance', '/vote'],
    ['Developers', siteLinks.developers],
    ['About', siteLinks.about],
  ]

  test('behavior: each company-menu link goes where its label says (dropdown and drawer); outside pages open in a new tab', async () => {
    for (const viewport of [WIDE, NARROW]) {
      await withPage('/swap', viewport, async (page) => {
        let container: Locator
        if (viewport.width > 900) {
          await page.getByRole('button', { name: 'More' }).click()
          container = page.getByTestId('company-dropdown')
        } else {
          await page.getByRole('button', { name: 'Menu' }).click()
          container = page.getByRole('dialog', { name: 'Menu' })
          for (const section of ['Products', 'Protocol and company']) {
            await container.getByRole('button', { name: section }).click()
          }
        }
        const links = await container.getByRole('link').evaluateAll((nodes) =>
          nodes.map((node) => ({
            label: node.textContent ?? '',
            href: node.getAttribute('href') ?? '',
            target: node.getAttribute('target'),
          })),
        )
        assert.deepEqual(
          links.map(({ label, href }) => [label, href]),
          expected,
          `${viewport.width} px`,
        )
        for (const link of links) {
          const external = link.href.startsWith('https://')
          assert.equal(
            link.target,
            external ? '_blank' : null,
            `${link.label} opens ${external ? 'apart' : 'here'}`,
          )
        }
      })
    }
    // The in-app ones land on the screen they name; Governance leaves for the governance site.
    await withPage('/swap', WIDE, async (page, context) => {
      await context.route(`${defaultRuntimeConfig.governanceUrl}/**`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>governance</title>' }),
      )
      for (const [label, path, title] of [
        ['Explore', '/explore', /^Explore/],
        ['Pool', '/positions', /positions/i],
        ['Swap', '/swap', /^Swap/],
      ] as const) {
        await page.getByRole('button', { name: 'More' }).click()
        await page.getByTestId('company-dropdown').getByRole('link', { name: label, exact: true }).click()
        await page.waitForURL(`${suite.web.url}${path}`)
        await page.waitForFunction((pattern) => new RegExp(pattern, 'i').test(document.title), title.source)
      }
      await page.getByRole('button', { name: 'More' }).click()
      await page.getByTestId('company-dropdown').getByRole('link', { name: 'Governance' }).click()
      await page.waitForURL(`${defaultRuntimeConfig.governanceUrl}/`)
    })
  })
})

describe('environment', () => {
  test('behavior: the "Local devnet" badge shows at 390 px (compact) as at 1280 px, in both directions', async () => {
    for (const viewport of [NARROW, WIDE]) {
      for (const lng of ['en', 'ar'] as const) {
        await withPage(`/swap?lng=${lng}`, viewport, async (page) => {
          const badge = page.locator('header').getByTestId('environment-badge')
          assert.equal(await badge.isVisible(), true, `badge visible at ${viewport.width} px (${lng})`)
          await assertInViewport(page, badge, `badge at ${viewport.width} px (${lng})`)
          if (lng === 'en') assert.equal(await badge.textContent(), 'Local devnet')
          const header = await box(page.locator('header'))
          const { top, bottom } = await box(badge)
          assert.ok(top >= header.top && bottom <= header.bottom, 'inside the header')
        })
      }
    }
  })
})

describe('search field', () => {
  test('behavior: Enter, ArrowUp and ArrowDown do not do their default in the search field', async () => {
    await withPage('/swap', WIDE, async (page) => {
      await page.keyboard.press('/')
      const field = page.getByRole('searchbox', { name: 'Search tokens and pools' })
      await field.fill('usdc')
      const caret = () => field.evaluate((input: HTMLInputElement) => input.selectionStart)
      await field.evaluate((input: HTMLInputElement) => input.setSelectionRange(2, 2))
      await page.keyboard.press('ArrowDown')
      assert.equal(await caret(), 2, 'ArrowDown left the caret alone (its default moves it to the end)')
      await page.keyboard.press('ArrowUp')
      assert.equal(await caret(), 2, 'ArrowUp left the caret alone (its default moves it to the start)')
      const prevented = await field.evaluate((input: HTMLInputElement) => {
        const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
        input.dispatchEvent(event)
        return event.defaultPrevented
      })
      assert.equal(prevented, true, 'Enter prevented')
    })
  })
})

describe('URL parameters on client-side navigation', () => {
  test('behavior: the logo (/?intro=true) disconnects a connected wallet without a page load, once', async () => {
    await withPage('/swap?testMode=1', WIDE, async (page) => {
      await connectMock(page, 'en')
      await page.evaluate(() => {
        ;(window as unknown as { __samePage: boolean }).__samePage = true
      })
      await page.getByRole('link', { name: 'Oxbow home' }).click()
      const connect = page.getByRole('button', { name: 'Connect', exact: true })
      await connect.waitFor()
      assert.equal(await page.evaluate(() => localStorage.getItem('oxbow.wallet.connected')), null)
      assert.equal(
        await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
        true,
        'no page load happened',
      )
      // Acted on, intro leaves the URL: connecting from the landing moves on to /swap (carrying the
      // landing's query) and the wallet stays connected there, and after Back.
      await page.waitForURL(`${suite.web.url}/`)
      await connect.click()
      await page.locator('dialog[open] [data-wallet-kind="mock"]').click()
      await page.waitForURL(`${suite.web.url}/swap`)
      const account = page.getByRole('button', { name: /^Account 0xf39Fd6/ })
      await account.waitFor()
      await page.goBack()
      await page.waitForURL(`${suite.web.url}/`)
      await page.waitForTimeout(500)
      assert.equal(await account.count(), 1, 'still connected after Back')
    })
    await withPage('/swap?intro=true&keep=1', WIDE, async (page) => {
      assert.equal(new URL(page.url()).search, '?keep=1', 'intro leaves the URL on a full load too')
    })
  })

  test('behavior: disableNFTs on a client-side navigation turns NFT routes off (and back on) for the session', async () => {
    await withPage('/swap', WIDE, async (page) => {
      const navigate = (to: string) =>
        page.evaluate((path) => {
          history.pushState(null, '', path)
          dispatchEvent(new PopStateEvent('popstate'))
        }, to)
      await navigate('/explore?disableNFTs=true')
      await page.waitForFunction(() => sessionStorage.getItem('shouldDisableNFTRoutes') === 'true')
      await navigate('/nfts')
      await page.waitForURL(`${suite.web.url}/not-found`)
      await navigate('/explore?disableNFTs=false')
      await page.waitForFunction(() => sessionStorage.getItem('shouldDisableNFTRoutes') === null)
      await navigate('/nfts')
      await page.waitForFunction(() => document.title.startsWith('NFTs'))
    })
  })
})
