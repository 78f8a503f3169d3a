import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import {
  DEFAULT_APP_STORE_LINK,
  IN_APP_WALLET_BROWSERS,
} from '../src/modules/banners/services/appStoreLink.ts'
import { startWeb } from '../test/harness.ts'
import { webSuite, withWatchedPage } from './support.ts'

const valid = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const suite = webSuite()

const withPage = (
  path: string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
  options: BrowserContextOptions = {},
) => withWatchedPage(suite.browser, suite.web.url + path, run, { context: options })

const htmlAttr = (page: Page, name: string) =>
  page.evaluate((n) => document.documentElement.getAttribute(n), name)
const session = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key)

describe('search', () => {
  test('behavior: "/" opens the search modal, Escape closes it, page scroll locked meanwhile', async () => {
    await withPage('/swap', async (page) => {
      await page.keyboard.press('/')
      const dialog = page.getByRole('dialog', { name: 'Search tokens, pools and wallets' })
      await dialog.waitFor()
      assert.equal(await htmlAttr(page, 'data-scroll-locked'), '')
      const box = await dialog.boundingBox()
      assert.ok(
        box && box.width <= 640 && box.height <= 520,
        `dialog within 640x520, got ${JSON.stringify(box)}`,
      )
      assert.ok(await dialog.getByRole('combobox', { name: 'Network filter' }).isVisible())
      assert.ok(await dialog.getByRole('tab', { name: 'Pools' }).isVisible(), 'pool search tabs')
      assert.ok(await dialog.getByRole('region', { name: 'Trending tokens' }).isVisible())
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      assert.equal(await htmlAttr(page, 'data-scroll-locked'), null)
    })
  })

  test('behavior: "/" typed in an input does not open search; the header entry opens it on click', async () => {
    await withPage('/swap', async (page) => {
      await page.getByRole('textbox', { name: 'Amount' }).click()
      await page.keyboard.press('/')
      assert.equal(await page.getByRole('dialog').count(), 0)
      await page.getByRole('button', { name: 'Search tokens and pools' }).click()
      await page.getByRole('dialog', { name: 'Search tokens, pools and wallets' }).waitFor()
    })
  })
})

describe('preferences', () => {
  test('behavior: theme, language and currency change and survive a reload; closing resets to the first view', async () => {
    await withPage('/explore', async (page) => {
      const open = () => page.getByRole('button', { name: /^(Preferences|Préférences)$/ }).click()
      await open()
      await page.getByRole('radio', { name: 'Dark' }).click()
      assert.equal(await htmlAttr(page, 'data-theme'), 'dark')
      // Currency sub-view, choose EUR: the cur parameter is set on the current route.
      await page.getByRole('button', { name: /^Currency/ }).click()
      await page.getByRole('radio', { name: /^EUR/ }).click()
      await page.waitForURL(/[?&]cur=EUR/)
      await page.getByRole('button', { name: 'Back' }).click()
      assert.match((await page.getByRole('button', { name: /^Currency/ }).textContent()) ?? '', /EUR/)
      // Language sub-view; leaving it open then closing the menu resets to the first view.
      await page.getByRole('button', { name: /^Language/ }).click()
      await page.keyboard.press('Escape')
      await open()
      await page.getByRole('button', { name: /^Language/ }).waitFor()
      await page.getByRole('button', { name: /^Language/ }).click()
      await page.getByRole('radio', { name: /Français/ }).click()
      await page.waitForFunction(() => document.documentElement.lang.startsWith('fr'))

      await page.goto(`${suite.web.url}/explore`)
      await page.locator('main h1').waitFor()
      await page.waitForFunction(() => document.documentElement.lang.startsWith('fr'))
      assert.equal(await htmlAttr(page, 'data-theme'), 'dark')
      await open()
      assert.match(
        (await page.locator('[role=dialog] button', { hasText: 'EUR' }).textContent()) ?? '',
        /EUR/,
      )
    })
  })

  test('behavior: auto theme follows the system colour scheme', async () => {
    await withPage('/swap', async (page) => assert.equal(await htmlAttr(page, 'data-theme'), 'dark'), {
      colorScheme: 'dark',
    })
  })
})

describe('URL parameters', () => {
  test('behavior: theme, lng and cur apply; invalid values are ignored', async () => {
    await withPage('/swap?theme=dark&lng=fr&cur=JPY', async (page) => {
      assert.equal(await htmlAttr(page, 'data-theme'), 'dark')
      await page.waitForFunction(() => document.documentElement.lang.startsWith('fr'))
      await page.getByRole('button', { name: /Preferences|Préférences/ }).click()
      assert.ok((await page.locator('[role=dialog]').textContent())?.includes('JPY'))
    })
    await withPage('/swap?theme=purple&lng=zz-ZZ&cur=XYZ', async (page) => {
      assert.equal(await htmlAttr(page, 'data-theme'), 'light')
      assert.equal(await htmlAttr(page, 'lang'), 'en-US')
      await page.getByRole('button', { name: 'Preferences' }).click()
      assert.ok((await page.locator('[role=dialog]').textContent())?.includes('USD'))
    })
  })

  test('behavior: disableNFTs=true hides NFT routes for the session; other values are ignored', async () => {
    await withPage('/swap?disableNFTs=maybe', async (page) => {
      assert.equal(await session(page, 'shouldDisableNFTRoutes'), null)
      await page.goto(`${suite.web.url}/nfts`)
      await page.waitForFunction(() => document.title.startsWith('NFTs'))
    })
    await withPage('/swap?disableNFTs=true', async (page) => {
      assert.equal(await session(page, 'shouldDisableNFTRoutes'), 'true')
      await page.goto(`${suite.web.url}/nfts`)
      await page.waitForURL(`${suite.web.url}/not-found`)
    })
  })

  test('behavior: intro=true asks the wallet layer to disconnect, and wins over eagerlyConnect', async () => {
    // Connecting eagerly (as eagerlyConnectAddress when valid) is tested against a devnet: e2e/wallet.test.ts.
    await withPage(`/swap?eagerlyConnect=true&eagerlyConnectAddress=${valid}&intro=true`, async (page) => {
      assert.match((await session(page, 'oxbow.walletIntent')) ?? '', /"disconnectRequested":true/)
      await page.waitForTimeout(500)
      assert.equal(
        await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).count(),
        1,
      )
    })
  })

  test('behavior: flag, experiment and layer overrides apply (unknown and malformed ignored)', async () => {
    const query =
      '?featureFlagOverride=embeddedWallet,noSuchFlag&featureFlagOverrideOff=limits' +
      '&experimentOverride=heroCopy:b,broken&layerOverride=swapLayer:v2&layerOverrideOff=oldLayer'
    await withPage(`/swap${query}`, async (page) => {
      const stored = JSON.parse((await session(page, 'oxbow.overrides')) ?? '{}')
      assert.deepEqual(stored, {
        flagsOn: ['embeddedWallet'],
        flagsOff: ['limits'],
        experiments: { heroCopy: 'b' },
        layers: { swapLayer: 'v2' },
        layersOff: ['oldLayer'],
      })
      await page.getByRole('link', { name: 'Limit', exact: true }).first().click()
      await page.waitForURL(`${suite.web.url}/not-found`)
      await page.goto(`${suite.web.url}/manage/passkey/${valid}`)
      await page.waitForFunction(() => document.title.startsWith('Manage passkeys'))
    })
  })

  test('behavior: every override is ignored on the production hostname', async () => {
    const production = await startWeb({ port: 23574, config: { productionHostname: 'localhost' } })
    const context = await suite.browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${production.url}/manage/passkey/${valid}?featureFlagOverride=embeddedWallet`)
      await page.waitForURL(`${production.url}/not-found`)
      assert.equal(await session(page, 'oxbow.overrides'), null)
    } finally {
      await context.close()
      await production.close()
    }
  })

  test('behavior: choosing a chain clears inputCurrency, outputCurrency, value and field and sets chain', async () => {
    await withPage(
      '/swap?inputCurrency=ETH&outputCurrency=0xabc&value=1.5&field=INPUT&keep=1',
      async (page) => {
        await page.getByRole('combobox', { name: 'Network' }).selectOption('base')
        await page.waitForURL(/chain=base/)
        const params = new URL(page.url()).searchParams
        assert.deepEqual([...params.keys()].sort(), ['chain', 'keep'])
      },
    )
  })
})

describe('landing', () => {
  test('behavior: typing in the hero swap box continues on /swap with value, field and chain', async () => {
    await withPage('/', async (page) => {
      await page.getByRole('combobox', { name: 'Network' }).selectOption('base')
      await page.getByRole('textbox', { name: 'Amount' }).fill('1.5')
      await page.waitForURL(/\/swap\?/)
      const params = new URL(page.url()).searchParams
      assert.deepEqual(Object.fromEntries(params), { chain: 'base', value: '1.5', field: 'INPUT' })
      assert.equal(await page.getByRole('textbox', { name: 'Amount' }).inputValue(), '1.5')
    })
  })

  test('behavior: every keystroke typed in the hero reaches /swap, typed at human speed or at once, wide and narrow', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 800 },
    ]) {
      for (const delay of [150, 0]) {
        await withPage(
          '/',
          async (page) => {
            await page.getByRole('textbox', { name: 'Amount' }).click()
            // One key at a time (keydown, input, keyup), as a person types: the first one starts the hand-off.
            await page.keyboard.type('12.5', { delay })
            await page.waitForURL(/\/swap\?/)
            // The swap screen (with the app chrome) has taken over.
            await page.locator('header').waitFor()
            const amount = page.getByTestId('swap-input-amount')
            const where = `${viewport.width} px, ${delay} ms between keys`
            assert.equal(
              await amount.inputValue(),
              '12.5',
              `the swap screen shows all that was typed (${where})`,
            )
            await page.waitForURL((url) => url.searchParams.get('value') === '12.5', { timeout: 5_000 })
            // The caret stays in the field: typing on continues the same amount.
            await page.keyboard.type('1', { delay })
            assert.equal(await amount.inputValue(), '12.51', `typing continues in the field (${where})`)
            // One history entry for the hand-off: Back returns to the landing.
            await page.goBack()
            await page.waitForURL(`${suite.web.url}/`)
          },
          { viewport },
        )
      }
    }
  })
})

describe('languages and layout', () => {
  test('behavior: without a parameter or saved choice the browser language is used', async () => {
    await withPage('/swap', async (page) => assert.equal(await htmlAttr(page, 'lang'), 'de-DE'), {
      locale: 'de-DE',
    })
  })

  test('behavior: the testnet indicator shows for a testnet chain', async () => {
    await withPage('/swap?chain=sepolia', async (page) => {
      await page.getByRole('status').filter({ hasText: 'Testnet' }).waitFor()
    })
  })

  test('behavior: a right-to-left locale lays out mirrored', async () => {
    await withPage('/swap?lng=ar', async (page) => {
      await page.waitForFunction(() => document.documentElement.dir === 'rtl')
      const logo = await page.getByRole('link', { name: /Oxbow/ }).first().boundingBox()
      const connect = await page
        .locator('header button', { hasText: /./ })
        .filter({ visible: true })
        .last()
        .boundingBox()
      assert.ok(logo && connect, 'logo and header end are laid out')
      assert.ok(logo.x > 640, `logo on the right in RTL (x=${logo.x})`)
      assert.ok(connect.x < logo.x, 'header end is on the left')
    })
  })
})

describe('header and banners', () => {
  test('behavior: logo links home with intro=true; nav dropdowns close on route change', async () => {
    await withPage('/swap', async (page) => {
      assert.equal(await page.getByRole('link', { name: 'Oxbow home' }).getAttribute('href'), '/?intro=true')
      await page.getByRole('link', { name: 'Explore', exact: true }).hover()
      const dropdown = page.getByTestId('nav-dropdown-explore')
      await dropdown.waitFor()
      await dropdown.getByRole('link', { name: 'Pools' }).click()
      await page.waitForURL(/\/explore\/pools/)
      await dropdown.waitFor({ state: 'detached' })
    })
  })

  test('behavior: holiday logo in December and on 1-7 January only', async () => {
    for (const [date, expected] of [
      ['2026-12-24T12:00:00', 1],
      ['2027-01-07T12:00:00', 1],
      ['2027-01-08T12:00:00', 0],
    ] as const) {
      const context = await suite.browser.newContext()
      const page = await context.newPage()
      await page.clock.setFixedTime(new Date(date))
      await page.goto(`${suite.web.url}/swap`)
      await page.locator('main h1').waitFor()
      assert.equal(await page.getByTestId('holiday-logo').count(), expected, date)
      await context.close()
    }
  })

  test('behavior: company menu is a hover dropdown when wide and a sectioned drawer when small', async () => {
    await withPage('/swap', async (page) => {
      await page.getByRole('button', { name: 'More' }).hover()
      await page.getByTestId('company-dropdown').waitFor()
    })
    await withPage(
      '/swap',
      async (page) => {
        await page.getByRole('button', { name: 'Menu' }).click()
        const drawer = page.getByRole('dialog', { name: 'Menu' })
        for (const name of ['App', 'Products', 'Protocol and company', 'Settings']) {
          await drawer.getByRole('button', { name }).waitFor()
        }
        await drawer.getByRole('button', { name: 'Settings' }).click()
        assert.equal(
          await drawer.getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded'),
          'true',
        )
        await page.keyboard.press('Escape')
        await page.waitForTimeout(350)
        await page.getByRole('button', { name: 'Menu' }).click()
        assert.equal(
          await drawer.getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded'),
          'false',
        )
      },
      { viewport: { width: 390, height: 800 } },
    )
  })

  test('behavior: mobile-app promo on mobile (56 px), dismissal kept in session and local storage', async () => {
    const ua =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36'
    await withPage(
      '/swap',
      async (page) => {
        const banner = page.getByTestId('mobile-app-promo')
        assert.equal((await banner.boundingBox())?.height, 56)
        await banner.getByRole('button', { name: 'Dismiss' }).click()
        await banner.waitFor({ state: 'detached' })
        assert.equal(await session(page, 'hideMobileAppPromoBanner'), 'true')
        await page.reload()
        await page.locator('main h1').waitFor()
        assert.equal(await banner.count(), 0)
        await page.evaluate(() => sessionStorage.clear())
        await page.reload()
        await banner.waitFor()
        // The app store (answered here, never fetched): the default link outside wallet browsers.
        await page.context().route(`${DEFAULT_APP_STORE_LINK}**`, (route) =>
          route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: '<!doctype html><title>store</title>',
          }),
        )
        await banner.getByRole('link', { name: 'Get the app' }).click()
        await page.waitForURL(DEFAULT_APP_STORE_LINK)
        // Back in the app (a new session would do the same): following the link hides it for good.
        await page.goBack()
        await page.locator('main h1').waitFor()
        assert.equal(
          await page.evaluate(() => localStorage.getItem('persistHideMobileAppPromoBanner')),
          'true',
        )
        assert.equal(await banner.count(), 0)
      },
      { userAgent: ua, viewport: { width: 390, height: 800 } },
    )
    await withPage('/swap', async (page) =>
      assert.equal(await page.getByTestId('mobile-app-promo').count(), 0),
    )
  })

  test("behavior: the promo links to the app store, a wallet's in-app browser to its own link (spec)", async () => {
    const inApp = {
      MetaMask:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WebView MetaMaskMobile',
      'Coinbase Wallet':
        'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0 Mobile Safari/537.36 CoinbaseWallet/29.12.0',
    }
    const browsers: [string, string, string | undefined][] = [
      [
        'mobile Safari',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        DEFAULT_APP_STORE_LINK,
      ],
      ...Object.entries(inApp).map(([name, userAgent]): [string, string, string | undefined] => [
        name,
        userAgent,
        IN_APP_WALLET_BROWSERS.find((browser) => browser.name === name)?.appStoreLink,
      ]),
    ]
    const seen = new Set<string>()
    for (const [name, userAgent, expected] of browsers) {
      assert.ok(expected, name)
      await withPage(
        '/swap',
        async (page) => {
          const link = page.getByTestId('mobile-app-promo').getByRole('link', { name: 'Get the app' })
          assert.equal(await link.getAttribute('href'), expected, name)
          seen.add(expected)
          await page.context().route(`${DEFAULT_APP_STORE_LINK}**`, (route) =>
            route.fulfill({
              status: 200,
              contentType: 'text/html',
              body: '<!doctype html><title>store</title>',
            }),
          )
          await link.click()
          await page.waitForURL(expected)
        },
        { userAgent, viewport: { width: 390, height: 800 } },
      )
    }
    assert.equal(seen.size, 3, 'each browser its own link')
  })

  test('behavior: the UK notice with its read-more link shows when the origin country is GB', async () => {
    const uk = await startWeb({ port: 23574, config: { originCountry: 'GB' } })
    const context = await suite.browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${uk.url}/swap`)
      const notice = page.getByTestId('uk-notice')
      await notice.waitFor()
      assert.ok(await notice.getByRole('link', { name: 'Read more' }).isVisible())
      await notice.getByRole('button', { name: 'Dismiss' }).click()
      await notice.waitFor({ state: 'detached' })
    } finally {
      await context.close()
      await uk.close()
    }
    await withPage('/swap', async (page) => assert.equal(await page.getByTestId('uk-notice').count(), 0))
  })
})

describe('serving', () => {
  test('behavior: strict CSP and security headers on the app and its assets', async () => {
    const response = await fetch(`${suite.web.url}/explore`)
    const csp = response.headers.get('content-security-policy') ?? ''
    assert.match(csp, /script-src 'self'(;|$)/)
    assert.match(csp, /frame-ancestors 'none'/)
    assert.match(csp, /base-uri 'self'/)
    assert.match(csp, /object-src 'none'/)
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/)
    assert.equal(response.headers.get('x-frame-options'), 'DENY')
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(response.headers.get('strict-transport-security'), null, 'no HSTS over plain HTTP')
    const html = await response.text()
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script')
  })
})
