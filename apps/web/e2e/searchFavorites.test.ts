/**
 * The search modal's favorites in Chromium against the real stack (devnet ethereum, port base
 * 31500; indexer on 31590; app on localhost:31575): a token favorited from its row survives a reload
 * (the preferences store), a wallet long-pressed for 600 ms joins Favorite wallets without opening
 * its profile, a second long-press removes it, the keyboard toggles the same favorite, explore mode
 * has no token favorite, and corrupt stored favorites read as none (issue #11).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import type { RunningWeb } from '../test/harness.ts'
import { startedForFile } from './fileStack.ts'
import { searchDialog as dialog, openSearch, searchRegion as region, startIndexedWeb } from './searchKit.ts'
import { watchProblems } from './support.ts'

const WEB_PORT = 31575
const DEVNET_PORT_BASE = 31500
const INDEXER_PORT = 31590
const WALLET = '0x000000000000000000000000000000000000dEaD'
const SHOTS = process.env.SHOTS_DIR

let web: RunningWeb
let browser: Browser
startedForFile(
  () => startIndexedWeb({ devnetPortBase: DEVNET_PORT_BASE, indexerPort: INDEXER_PORT, webPort: WEB_PORT }),
  (stack) => {
    ;({ web, browser } = stack)
  },
)

async function openSearchOn(page: Page, path: string): Promise<void> {
  await openSearch(page, new URL(path, web.url).href)
  await dialog(page).waitFor()
}
const storedFavorites = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('oxbow.preferences') ?? '{}').favorites ?? [])

/** Holds the pointer on `row` for `ms`, then releases it. */
async function press(page: Page, row: ReturnType<Page['locator']>, ms: number): Promise<void> {
  const box = await row.boundingBox()
  assert.ok(box)
  await page.mouse.move(box.x + 10, box.y + box.height / 2)
  await page.mouse.down()
  await page.waitForTimeout(ms)
  await page.mouse.up()
}

describe('search favorites', () => {
  test('behavior: a favorited token stays favorited after a reload; explore mode has no favorite', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchProblems(page)
    try {
      await openSearchOn(page, '/swap')
      const tokens = region(page, 'Trending tokens')
      const first = tokens.locator('li').first()
      await first.locator('a[data-result]').waitFor()
      const favorite = first.getByRole('button', { name: 'Favorite', exact: true })
      assert.equal(await favorite.getAttribute('aria-pressed'), 'false')
      await first.getByRole('button', { name: 'Receive' }).waitFor()
      await favorite.click()
      assert.equal(await favorite.getAttribute('aria-pressed'), 'true')
      const stored = await storedFavorites(page)
      assert.ok(
        Array.isArray(stored) && stored.length === 1 && /^token:ethereum:0x[0-9a-f]{40}$/.test(stored[0]),
      )

      await page.reload()
      await page.locator('main h1').first().waitFor()
      await page.getByRole('button', { name: 'Search tokens and pools' }).click()
      const again = region(page, 'Trending tokens').locator('li').first()
      await again.locator('a[data-result]').waitFor()
      assert.equal(
        await again.getByRole('button', { name: 'Favorite', exact: true }).getAttribute('aria-pressed'),
        'true',
      )
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-favorite-token.png` })

      // Explore mode: the token rows have no favorite action (the others stay).
      await openSearchOn(page, '/explore')
      const exploreRow = region(page, 'Trending tokens').locator('li').first()
      await exploreRow.getByRole('link', { name: 'Swap' }).waitFor()
      assert.equal(await exploreRow.getByRole('button', { name: 'Favorite', exact: true }).count(), 0)
      // Receive with no wallet connected: the account drawer's connect view, the search closed.
      await exploreRow.getByRole('button', { name: 'Receive' }).click()
      await page.getByRole('dialog', { name: 'Connect a wallet' }).waitFor()
      assert.equal(await dialog(page).count(), 0)
      assert.deepEqual(problems.errors, [], 'no console errors')
    } finally {
      await context.close()
    }
  })

  test('behavior: a 600 ms long-press favorites a wallet into Favorite wallets; another removes it; a short press opens the profile', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchProblems(page)
    const opened: string[] = []
    context.on('page', (other) => opened.push(other.url()))
    try {
      await openSearchOn(page, '/swap')
      await dialog(page).getByRole('searchbox').fill(WALLET)
      const row = region(page, 'Wallets').getByRole('link', { name: new RegExp(WALLET) })
      await row.waitFor()
      // 300 ms is no long-press: nothing is favorited (the release's click opens the profile).
      await press(page, row, 300)
      await page.waitForTimeout(200)
      assert.deepEqual(await storedFavorites(page), [])
      assert.equal(opened.length, 1, 'a short press opens the profile')
      await press(page, row, 700)
      await page.waitForTimeout(200)
      assert.deepEqual(await storedFavorites(page), [`wallet:${WALLET.toLowerCase()}`])
      assert.equal(opened.length, 1, 'the long-press opened no profile')

      await dialog(page).getByRole('searchbox').fill('')
      const favorites = region(page, 'Favorite wallets')
      const favoriteRow = favorites.getByRole('link', { name: new RegExp(WALLET, 'i') })
      await favoriteRow.waitFor()
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-favorite-wallets.png` })
      await press(page, favoriteRow, 700)
      await favorites.waitFor({ state: 'detached' })
      assert.deepEqual(await storedFavorites(page), [])
      assert.equal(opened.length, 1)
      assert.deepEqual(problems.errors, [], 'no console errors')
    } finally {
      await context.close()
    }
  })

  test("behavior: keyboard only, Tab to the wallet row's Favorite toggle and Space favorites and unfavorites it", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await page.goto(new URL('/swap', web.url).href)
      await page.locator('main h1').first().waitFor()
      await page.keyboard.press('/')
      await dialog(page).waitFor()
      await page.keyboard.type(WALLET)
      const toggle = region(page, 'Wallets').getByRole('button', { name: 'Favorite', exact: true })
      await toggle.waitFor()
      for (let i = 0; i < 20 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('Tab')
      }
      await page.keyboard.press('Space')
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true')
      await page.keyboard.press('Shift+Tab')
      while (
        !(await dialog(page)
          .getByRole('searchbox')
          .evaluate((el) => el === document.activeElement))
      ) {
        await page.keyboard.press('Shift+Tab')
      }
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.press('Backspace')
      const favoriteToggle = region(page, 'Favorite wallets').getByRole('button', {
        name: 'Favorite',
        exact: true,
      })
      await favoriteToggle.waitFor()
      await favoriteToggle.focus()
      await page.keyboard.press('Enter')
      await region(page, 'Favorite wallets').waitFor({ state: 'detached' })
      assert.deepEqual(await storedFavorites(page), [])
    } finally {
      await context.close()
    }
  })

  test('security: corrupt stored favorites read as none, with the other preferences kept', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchProblems(page)
    try {
      await page.goto(new URL('/swap', web.url).href)
      await page.evaluate(() =>
        localStorage.setItem(
          'oxbow.preferences',
          JSON.stringify({ theme: 'dark', favorites: ['wallet:<img src=x onerror=alert(1)>', 42] }),
        ),
      )
      await openSearchOn(page, '/swap')
      await region(page, 'Trending tokens').locator('a[data-result]').first().waitFor()
      assert.equal(await region(page, 'Favorite wallets').count(), 0)
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark')
      assert.deepEqual(problems.errors, [], 'no console errors')
    } finally {
      await context.close()
    }
  })
})
