/**
 * Transaction toasts, testnet mode and the drawer's settings, in Chromium against the full local
 * stack: devnet (ethereum + base, port base 30700), the API (30787), the real indexer (30790) and
 * the built app (localhost:30773). Nothing of ours is mocked; every analytics session is sampled.
 *
 * Covered: a real send shows a pending toast (mining paused), which turns into 'Sent' / Confirmed
 * for the mined hash (checked on chain) and, the devnet having no explorer, opens Activity on that
 * transaction; testnet mode (modal, header indicator, drawer banner, the registry's testnets in the
 * network list, the devnet's missing test networks said plainly instead of mainnet balances) on,
 * across a reload, and off; hide unknown tokens and analytics surviving a reload, analytics off
 * sending no usage data to the API.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import type { Address, Hash } from 'viem'
import { type AnalyticsEventBody, recordAcceptedAnalytics } from './analyticsProbe.ts'
import { connectToSend, drawer, drawerSuite, idleTestnetRefusals, reviewSend } from './drawerKit.ts'
import { screenshot } from './support.ts'
import { ACCOUNT_0, accountButton, byTestId, connectWallet } from './swapKit.ts'

const PORTS = { devnetPortBase: 30700, apiPort: 30787, webPort: 30773, indexerPort: 30790 }
const LOCAL_WALLET = 'Local test wallet'

const suite = drawerSuite(PORTS, { analyticsSampleRate: 1 })

// testnet mode may reach for a testnet's node, which this devnet does not run
const withPage = (
  path: string,
  viewport: { width: number; height: number },
  run: (page: Page, context: BrowserContext) => Promise<void>,
) =>
  suite.withPage(path, run, {
    viewport,
    allow: idleTestnetRefusals(PORTS.devnetPortBase),
  })

const chain = () => devnetClients(suite.stack.manifest, 'ethereum', 0)
const toasts = (page: Page) => page.getByRole('list', { name: 'Transaction notifications' })

async function openSettings(page: Page): Promise<void> {
  await accountButton(page, ACCOUNT_0).click()
  await drawer(page).getByRole('button', { name: 'Settings' }).click()
}

describe('drawer: toasts, testnet mode, settings', { concurrency: false }, () => {
  test('a send toasts pending, then Sent for the mined hash; the toast opens Activity on it', async () => {
    const to = `0x${randomBytes(20).toString('hex')}` as Address
    await withPage('/send?chain=ethereum&inputCurrency=ETH', { width: 1280, height: 900 }, async (page) => {
      await connectToSend(page, LOCAL_WALLET, ACCOUNT_0)
      assert.equal(await toasts(page).count(), 0, 'no toast before a transaction')
      const { test: anvil } = chain()
      await anvil.setAutomine(false)
      await anvil.setIntervalMining({ interval: 0 })
      let hash: Hash
      try {
        await reviewSend(page, to, '0.0123')
        await page.getByTestId('send-review').getByTestId('send-confirm').click()

        const pending = toasts(page).locator('[data-testid="transaction-toast"][data-status="pending"]')
        await pending.waitFor()
        hash = (await pending.getAttribute('data-tx')) as Hash
        assert.match(hash, /^0x[0-9a-f]{64}$/i)
        const text = (await pending.textContent()) ?? ''
        assert.match(text, /Sending/)
        assert.match(text, /Ethereum · Pending/)
        assert.equal((await chain().public.getTransaction({ hash })).blockNumber, null, 'not mined yet')
        // Shown above the open review dialog (a popover in the top layer).
        assert.equal(await toasts(page).evaluate((el) => el.matches(':popover-open')), true)
        await screenshot(page, 'toast-pending-1280')
        await page.setViewportSize({ width: 390, height: 844 })
        await screenshot(page, 'toast-pending-390')
        await page.setViewportSize({ width: 1280, height: 900 })
      } finally {
        await anvil.setAutomine(true)
      }
      await chain().test.mine({ blocks: 1 })
      const done = toasts(page).locator(
        `[data-testid="transaction-toast"][data-status="success"][data-tx="${hash}"]`,
      )
      await done.waitFor({ timeout: 30_000 })
      assert.match((await done.textContent()) ?? '', /Sent/)
      assert.match((await done.textContent()) ?? '', /Confirmed/)
      assert.equal(
        await toasts(page).locator('[data-status="pending"]').count(),
        0,
        'the outcome replaced it',
      )
      const receipt = await chain().public.getTransactionReceipt({ hash })
      assert.equal(receipt.status, 'success')
      const sent = await chain().public.getTransaction({ hash })
      assert.equal(sent.to?.toLowerCase(), to.toLowerCase())
      assert.equal(await chain().public.getBalance({ address: to }), 12_300_000_000_000_000n)
      await screenshot(page, 'toast-success-1280')

      // The local devnet has no explorer: the toast opens the drawer on Activity.
      const close = page.getByTestId('send-review').getByTestId('send-review-close')
      if (await close.isVisible()) await close.click()
      await done.getByRole('button', { name: 'View in Activity' }).click()
      await drawer(page)
        .getByRole('tab', { name: /Activity/, selected: true })
        .waitFor()
      await drawer(page)
        .locator(`[data-testid="portfolio-activity"] li[data-tx="${hash}"]`)
        .first()
        .waitFor({ timeout: 30_000 })
      assert.equal(await done.count(), 0, 'the toast went once followed')
    })
  })

  test('testnet mode: the modal, the banner and indicator, the registry testnets listed, their absence said plainly; it survives a reload and turns off', async () => {
    await withPage('/swap', { width: 1280, height: 900 }, async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await accountButton(page, ACCOUNT_0).click()
      await drawer(page).getByTestId('portfolio-total').waitFor()
      assert.equal(await byTestId(page, 'testnet-indicator').count(), 0)
      await drawer(page).getByRole('button', { name: 'Settings' }).click()
      await drawer(page)
        .getByRole('switch', { name: /Testnet mode/ })
        .click()
      const modal = page.getByRole('dialog', { name: 'Testnet mode' })
      await modal.getByRole('button', { name: 'Cancel' }).click()
      assert.equal(
        await drawer(page)
          .getByRole('switch', { name: /Testnet mode/ })
          .isChecked(),
        false,
      )
      await drawer(page)
        .getByRole('switch', { name: /Testnet mode/ })
        .click()
      await modal.getByRole('button', { name: 'Turn on' }).click()
      assert.equal(
        await drawer(page)
          .getByRole('switch', { name: /Testnet mode/ })
          .isChecked(),
        true,
      )
      await byTestId(page, 'testnet-indicator').waitFor()
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await drawer(page).getByTestId('testnet-banner').waitFor()
      const unavailable = drawer(page).getByTestId('networks-unavailable')
      await unavailable.waitFor()
      assert.match(
        (await unavailable.textContent()) ?? '',
        /Sepolia and Unichain Sepolia are not available here/,
      )
      assert.equal(await drawer(page).getByTestId('portfolio-total').count(), 0, 'no mainnet total')
      assert.equal(await drawer(page).getByRole('button', { name: 'Buy' }).count(), 0)
      await drawer(page)
        .getByRole('tab', { name: /Activity/ })
        .click()
      await unavailable.waitFor()
      assert.equal(await drawer(page).getByTestId('portfolio-activity').count(), 0, 'no mainnet activity')
      await screenshot(page, 'testnet-drawer-1280')
      await page.keyboard.press('Escape')
      const swapNetwork = () => page.getByRole('combobox', { name: 'Network' }).first()
      const options = async () => swapNetwork().locator('option').allTextContents()
      // The swap form follows at once, without a reload: only the testnets, on the first of them.
      assert.deepEqual(await options(), ['Sepolia', 'Unichain Sepolia'])
      assert.equal(await swapNetwork().inputValue(), 'sepolia')
      assert.equal(new URL(page.url()).searchParams.get('chain'), 'sepolia')

      // Explore's tabs (one network or all) and the NFT collections list the testnets only and say
      // the devnet indexes none of them, instead of showing mainnet pools, tokens or collections.
      for (const path of [
        '/explore/pools',
        '/explore/tokens?networks=all',
        '/explore/transactions',
        '/nfts',
      ]) {
        await page.goto(suite.stack.webUrl + path)
        const notice = page.getByTestId('networks-unavailable')
        await notice.waitFor()
        assert.match((await notice.textContent()) ?? '', /Not available here: Sepolia/, path)
        const listed = await page
          .getByRole('combobox', { name: 'Network' })
          .first()
          .locator('option')
          .allTextContents()
        assert.deepEqual(listed, ['All networks', 'Sepolia', 'Unichain Sepolia'], path)
        for (const row of ['explore-pool-row', 'explore-token-row', 'nft-collection-card'])
          assert.equal(await page.getByTestId(row).count(), 0, `${path}: no mainnet ${row}`)
        if (path === '/explore/pools') await screenshot(page, 'testnet-explore-1280')
      }
      await page.goto(`${suite.stack.webUrl}/swap`)

      await page.reload()
      await byTestId(page, 'testnet-indicator').waitFor()
      // After the reload the swap form starts on the first testnet and lists only the testnets.
      const listed = await options()
      assert.deepEqual(listed, ['Sepolia', 'Unichain Sepolia'])
      await page.setViewportSize({ width: 390, height: 844 })
      await page.waitForTimeout(1500)
      await screenshot(page, 'testnet-swap-390')
      await accountButton(page, ACCOUNT_0).click()
      await drawer(page).getByTestId('networks-unavailable').waitFor()
      await screenshot(page, 'testnet-drawer-390')
      await page.keyboard.press('Escape')
      await page.setViewportSize({ width: 1280, height: 900 })
      assert.equal(
        await page.evaluate(() => JSON.parse(localStorage.getItem('oxbow.preferences') ?? '{}').testnetMode),
        true,
      )
      await openSettings(page)
      await drawer(page)
        .getByRole('switch', { name: /Testnet mode/ })
        .click()
      assert.equal(
        await drawer(page)
          .getByRole('switch', { name: /Testnet mode/ })
          .isChecked(),
        false,
      )
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await drawer(page).getByTestId('portfolio-total').waitFor()
      assert.equal(await drawer(page).getByTestId('testnet-banner').count(), 0)
      await byTestId(page, 'testnet-indicator').waitFor({ state: 'detached' })
      await page.keyboard.press('Escape')
      // Off again: the swap form is back on the mainnets at once.
      assert.equal(await swapNetwork().inputValue(), 'ethereum')
      assert.ok((await options()).includes('Base'))
      await page.goto(`${suite.stack.webUrl}/explore/pools`)
      await page.getByTestId('explore-pool-row').first().waitFor()
      assert.equal(await page.getByTestId('networks-unavailable').count(), 0)
      await page.goto(`${suite.stack.webUrl}/swap`)
      await page.getByRole('combobox', { name: 'Network' }).first().waitFor()
      const mainnets = await options()
      assert.ok(mainnets.includes('Base') && !mainnets.includes('Sepolia'), mainnets.join())
    })
  })

  test('hide unknown tokens and analytics survive a reload; analytics off sends no usage data', async () => {
    await withPage('/swap', { width: 1280, height: 900 }, async (page, context) => {
      const events: AnalyticsEventBody[] = []
      recordAcceptedAnalytics(context, suite.stack.apiUrl, events)
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await openSettings(page)
      // On by default: opening views is tracked (menu_opened), sent within the 5 s batch window.
      const deadline = Date.now() + 15_000
      while (!events.some((event) => event.name === 'menu_opened') && Date.now() < deadline)
        await page.waitForTimeout(250)
      assert.ok(
        events.some((event) => event.name === 'menu_opened'),
        'usage data reaches the API while allowed',
      )

      await drawer(page)
        .getByRole('switch', { name: /Allow analytics/ })
        .uncheck()
      await drawer(page)
        .getByRole('button', { name: /Small balances/ })
        .click()
      await drawer(page)
        .getByRole('switch', { name: /Hide unknown tokens/ })
        .uncheck()
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await page.keyboard.press('Escape')

      await page.reload()
      await openSettings(page)
      assert.equal(
        await drawer(page)
          .getByRole('switch', { name: /Allow analytics/ })
          .isChecked(),
        false,
      )
      await drawer(page)
        .getByRole('button', { name: /Small balances/ })
        .click()
      assert.equal(
        await drawer(page)
          .getByRole('switch', { name: /Hide unknown tokens/ })
          .isChecked(),
        false,
      )
      assert.equal(
        await drawer(page)
          .getByRole('switch', { name: /Hide small balances/ })
          .isChecked(),
        true,
      )
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('oxbow.preferences') ?? '{}'))
      assert.equal(stored.analytics, false)
      assert.equal(stored.hideSpam, false)
      // Views opened and pages visited after turning it off: nothing more is sent.
      const before = events.length
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await page.keyboard.press('Escape')
      await page.getByRole('link', { name: 'Explore' }).first().click()
      await page.waitForTimeout(7000)
      assert.deepEqual(
        events.slice(before).map((event) => event.name),
        [],
        'no usage data once analytics is off',
      )
    })
  })
})
