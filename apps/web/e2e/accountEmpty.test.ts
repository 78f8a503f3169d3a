/**
 * The account drawer of a fresh, unfunded account in Chromium against the full local stack (devnet
 * on port base 36100, API 36187, app 36173, indexer 36190; issue #12): the header's Buy shows only at
 * a zero balance with testnet mode off and goes to /buy replacing the history entry (Back skips the
 * page it was pressed on); every mini-portfolio tab (Tokens, NFTs, Pools, Activity) shows the spec's
 * empty state with its home actions (buy crypto, receive crypto, from an exchange when providers
 * exist), each of which works. An account holding tokens (anvil's account 0) gets no Buy.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import type { Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { drawer, drawerSuite, idleTestnetRefusals } from './drawerKit.ts'
import { ACCOUNT_0, accountButton, byTestId, connectWallet, injectedTestWallet } from './swapKit.ts'

const PORTS = { devnetPortBase: 36100, apiPort: 36187, webPort: 36173, indexerPort: 36190 }
const FRESH_WALLET = 'Fresh Test Wallet'
const LOCAL_WALLET = 'Local test wallet'
/** Never funded, never used: no balance, NFT, position or transaction on any network. */
const FRESH: Address = privateKeyToAccount(generatePrivateKey()).address

const suite = drawerSuite(PORTS)

const withFreshPage = (path: string, run: (page: Page, context: BrowserContext) => Promise<void>) =>
  suite.withPage(path, run, {
    // testnet mode may reach for a testnet's node, which this devnet does not run
    allow: idleTestnetRefusals(PORTS.devnetPortBase),
    setup: (context) => {
      const ethereum = suite.stack.manifest.networks.ethereum
      assert.ok(ethereum)
      return context.addInitScript({
        content: injectedTestWallet({
          name: FRESH_WALLET,
          rdns: 'test.fresh',
          account: FRESH,
          chains: [[ethereum.chainId, ethereum.rpcUrl]],
        }),
      })
    },
  })

/** Connects the fresh wallet and opens the drawer on its (zero) total. */
async function openFreshDrawer(page: Page): Promise<void> {
  await connectWallet(page, FRESH_WALLET, FRESH)
  await accountButton(page, FRESH).click()
  await drawer(page).getByTestId('portfolio-total').waitFor()
}

const buyButton = (page: Page) => drawer(page).getByRole('button', { name: 'Buy', exact: true })
const panel = (page: Page) => drawer(page).getByRole('tabpanel')

describe('account drawer: an empty account', { concurrency: false }, () => {
  test('behavior: Buy shows at a zero balance and goes to /buy replacing the history entry (Back skips the page it was pressed on)', async () => {
    await withFreshPage('/swap', async (page) => {
      await connectWallet(page, FRESH_WALLET, FRESH)
      // An in-app move, so the history has /swap then /explore.
      await page.locator('header').getByRole('link', { name: 'Explore', exact: true }).first().click()
      await page.waitForURL(/\/explore/)
      await accountButton(page, FRESH).click()
      await drawer(page).getByTestId('portfolio-total').waitFor()
      assert.match((await drawer(page).getByTestId('portfolio-total').textContent()) ?? '', /\$0\.00/)
      await buyButton(page).click()
      await page.waitForURL((url) => url.pathname === '/buy')
      await page.goBack()
      await page.waitForURL((url) => url.pathname !== '/buy')
      assert.equal(new URL(page.url()).pathname, '/swap', 'Back returns before the page Buy was pressed on')
    })
  })

  test('behavior: Buy is hidden with testnet mode on', async () => {
    await withFreshPage('/swap', async (page) => {
      await openFreshDrawer(page)
      await buyButton(page).waitFor()
      await drawer(page).getByRole('button', { name: 'Settings' }).click()
      await drawer(page)
        .getByRole('switch', { name: /Testnet mode/ })
        .click()
      await page
        .getByRole('dialog', { name: 'Testnet mode' })
        .getByRole('button', { name: 'Turn on' })
        .click()
      await byTestId(page, 'testnet-indicator').waitFor()
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await drawer(page).getByTestId('testnet-banner').waitFor()
      assert.equal(await buyButton(page).count(), 0, 'no Buy in testnet mode')
    })
  })

  test('behavior: an account holding tokens gets no Buy', async () => {
    await suite.withPage('/swap', async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await accountButton(page, ACCOUNT_0).click()
      const total = drawer(page).getByTestId('portfolio-total')
      await page.waitForFunction(() =>
        /[1-9]/.test(document.querySelector('[data-testid="portfolio-total"]')?.textContent ?? ''),
      )
      assert.doesNotMatch((await total.textContent()) ?? '', /^\$0\.00$/)
      await drawer(page).getByRole('button', { name: 'Send', exact: true }).waitFor()
      assert.equal(await buyButton(page).count(), 0)
    })
  })

  for (const [tab, title] of [
    ['Tokens', 'No tokens yet'],
    ['NFTs', 'No NFTs yet'],
    ['Pools', 'No pools yet'],
    ['Activity', 'No activity yet'],
  ] as const) {
    test(`behavior: the empty ${tab} tab says "${title}" with the home actions, each working`, async () => {
      await withFreshPage('/swap', async (page) => {
        await openFreshDrawer(page)
        await drawer(page).getByRole('tab', { name: tab }).click()
        await panel(page).getByText(title, { exact: true }).waitFor()
        assert.match(
          (await panel(page).textContent()) ?? '',
          /Buy or transfer tokens to this wallet to get started\./,
        )
        // Receive crypto: the receive modal with this account's address.
        await panel(page).getByRole('button', { name: 'Receive crypto' }).click()
        const receive = page.getByRole('dialog', { name: 'Receive' })
        await receive.waitFor()
        assert.equal(
          ((await receive.getByTestId('receive-address').textContent()) ?? '').toLowerCase(),
          FRESH.toLowerCase(),
        )
        await page.keyboard.press('Escape')
        await receive.waitFor({ state: 'hidden' })
        if (!(await drawer(page).isVisible())) await accountButton(page, FRESH).click()
        // From an exchange (when the API serves exchange providers): the receive modal again.
        const exchange = panel(page).getByTestId('empty-from-exchange')
        if ((await exchange.count()) > 0) {
          await exchange.click()
          await receive.waitFor()
          await page.keyboard.press('Escape')
          await receive.waitFor({ state: 'hidden' })
          if (!(await drawer(page).isVisible())) await accountButton(page, FRESH).click()
        }
        // Buy crypto: the on-ramp.
        await panel(page).getByRole('link', { name: 'Buy crypto' }).click()
        await page.waitForURL((url) => url.pathname === '/buy')
      })
    })
  }
})
