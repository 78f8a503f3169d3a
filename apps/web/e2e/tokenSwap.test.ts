/**
 * The token page's swap box in Chromium against the full local stack (devnet ethereum + base on
 * port base 27800, the indexer on 27889, the API on 27887, the built web on localhost:27875): the
 * real swap form embedded in /explore/tokens/:chainName/:tokenAddress, prefilled with the token as
 * what is bought and ETH as what is sold, quotes, reviews and swaps on the page itself (no move to
 * /swap, nothing written to the URL). The balances are read back from the chain with viem; the
 * page's own stats and transactions must show the swap.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { devnetClients } from '@oxbow/devnet'
import type { Address } from 'viem'
import { stackForFile } from './fileStack.ts'
import { screenshot, withCheckedPage } from './support.ts'
import {
  ACCOUNT_0,
  balanceOf,
  byTestId,
  connectWallet,
  reviewAndConfirm,
  swapBox,
  toBaseUnits,
  transactionsFrom,
  waitForQuote,
} from './swapKit.ts'

const PORTS = { devnetPortBase: 27800, apiPort: 27887, webPort: 27875, indexerPort: 27889 }

const file = stackForFile(PORTS)

/** "$3,212.45" -> 3212.45 */
const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''))

test('behavior: the token page swaps ETH for its token in its own swap box; the chain, the stats and the transactions show it', async () => {
  const usdc = file.stack.manifest.networks.ethereum?.tokens.find(
    (t) => t.symbol === 'USDC' && t.kind === 'stablecoin',
  )
  assert.ok(usdc, 'the devnet seeds USDC')
  const tokenAddress = usdc.address as Address
  const client = devnetClients(file.stack.manifest, 'ethereum', 0).public
  const path = `/explore/tokens/ethereum/${tokenAddress}`

  await withCheckedPage(
    file.browser,
    file.stack,
    path,
    async (page) => {
      await page.getByTestId('token-name').waitFor()
      const box = swapBox(page)
      await box.waitFor()
      // Prefilled: ETH sold for the page's token, on the page's network.
      // (the output's symbol shows once the token list is in, as on /swap)
      await page.waitForFunction(
        () => document.querySelector('[data-testid=swap-output-token]')?.textContent?.trim() === 'USDC',
      )
      assert.equal((await byTestId(page, 'swap-input-token').textContent())?.trim(), 'ETH')
      assert.equal(await box.getByRole('combobox', { name: 'Network' }).inputValue(), 'ethereum')
      await page.waitForFunction(() =>
        /\$/.test(document.querySelector('[data-testid=token-volume]')?.textContent ?? ''),
      )
      const volumeBefore = money(await page.getByTestId('token-volume').textContent())

      await connectWallet(page, 'Local test wallet', ACCOUNT_0)
      const amount = '2'
      const field = byTestId(page, 'swap-input-amount')
      await field.click()
      await field.pressSequentially(amount)
      const shown = await waitForQuote(page, { side: 'in', amount: toBaseUnits(amount, 18) })
      await screenshot(page, 'token-page-swap-quote')

      const startBlock = await client.getBlockNumber()
      const ethBefore = await balanceOf(client, NATIVE_CURRENCY_ADDRESS, ACCOUNT_0)
      const usdcBefore = await balanceOf(client, tokenAddress, ACCOUNT_0)
      const result = await reviewAndConfirm(page)
      assert.equal(result.state, 'confirmed', `swap failed: ${result.message}`)
      await screenshot(page, 'token-page-swap-confirmed')

      const sent = await transactionsFrom(client, ACCOUNT_0, startBlock, await client.getBlockNumber())
      assert.equal(sent.length, 1, 'one transaction: ETH needs no approval')
      const [swap] = sent
      assert.ok(swap && swap.status === 'success', 'the swap succeeded')
      const received = (await balanceOf(client, tokenAddress, ACCOUNT_0)) - usdcBefore
      const spent = ethBefore - (await balanceOf(client, NATIVE_CURRENCY_ADDRESS, ACCOUNT_0)) - swap.gasCost
      assert.equal(received, shown.amountOut, 'received exactly the promised USDC')
      assert.equal(spent, shown.amountIn, 'spent exactly the promised ETH')

      // Still the token page, and the form wrote nothing to its URL (its state is the page's own).
      assert.equal(new URL(page.url()).pathname, path)
      assert.equal(new URL(page.url()).search, '')
      await page.keyboard.press('Escape')
      await byTestId(page, 'swap-status').waitFor({ state: 'detached' })

      // The page's transactions and 1D volume show the swap once the indexer has it.
      await page
        .locator(`[data-testid=explore-transaction-row][data-tx="${swap.hash}"]`)
        // one row per pool the route went through
        .first()
        .waitFor({ timeout: 20_000 })
      await page.waitForFunction(
        (b) =>
          Number(
            (document.querySelector('[data-testid=token-volume]')?.textContent ?? '').replace(/[^0-9.]/g, ''),
          ) > b,
        volumeBefore,
        { timeout: 20_000 },
      )
      await screenshot(page, 'token-page-swap-after')
    },
    {
      viewport: { width: 1400, height: 1000 },
      timeout: 15_000,
      apiRefusalsExpected: false,
      onFailure: () => console.log(`API output (last 2000 characters):\n${file.stack.apiLog().slice(-2000)}`),
    },
  )
})

test("behavior: the tokens table and the token page show the list's logos (a letter where it has none); a blocked token's page has the blocked banner and no swap box, and /swap refuses it; a malicious token warns", async () => {
  const tokens = file.stack.manifest.networks.ethereum?.tokens ?? []
  const blocked = tokens.find((t) => t.safety === 'blocked')
  const malicious = tokens.find((t) => t.safety === 'malicious')
  const usdc = tokens.find((t) => t.symbol === 'USDC' && t.kind === 'stablecoin')
  assert.ok(blocked && malicious && usdc, 'the devnet seeds a blocked and a malicious token, and USDC')
  const options = { viewport: { width: 1400, height: 1000 }, timeout: 15_000 }
  const loaded = (img: Element | null) =>
    img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0

  await withCheckedPage(
    file.browser,
    file.stack,
    '/explore/tokens/ethereum',
    async (page) => {
      const row = (symbol: string) =>
        page.getByTestId('explore-token-row').filter({ has: page.getByText(symbol, { exact: true }) })
      await row('USDC').first().waitFor()
      const logo = row('USDC').first().locator('img[data-token-logo]')
      assert.equal(await logo.getAttribute('src'), '/token-logos/usdc.svg')
      await page.waitForFunction(loaded, await logo.elementHandle())
      // No logo in the list: the letter, never a broken image.
      await row(blocked.symbol).locator('[data-token-letter]').waitFor()
      assert.equal(await row(blocked.symbol).locator('img').count(), 0)
    },
    options,
  )

  await withCheckedPage(
    file.browser,
    file.stack,
    `/explore/tokens/ethereum/${usdc.address}`,
    async (page) => {
      const logo = page.locator('h1 img[data-token-logo]')
      await logo.waitFor()
      await page.waitForFunction(loaded, await logo.elementHandle())
      await swapBox(page).waitFor()
    },
    options,
  )

  await withCheckedPage(
    file.browser,
    file.stack,
    `/explore/tokens/ethereum/${blocked.address}`,
    async (page) => {
      await page.getByTestId('token-name').waitFor()
      assert.equal(
        await page.getByTestId('token-safety').textContent(),
        'This token is blocked: it cannot be traded here.',
      )
      assert.equal(await page.getByTestId('token-swap').count(), 0, 'no swap box')
      assert.equal(await swapBox(page).count(), 0)
      await page.locator('h1 [data-token-letter]').waitFor()
    },
    options,
  )

  await withCheckedPage(
    file.browser,
    file.stack,
    `/explore/tokens/ethereum/${malicious.address}`,
    async (page) => {
      await page.getByTestId('token-name').waitFor()
      assert.equal(
        await page.getByTestId('token-safety').textContent(),
        'Warning: this token is reported as malicious.',
      )
    },
    options,
  )

  // Named by the URL, the blocked token is not taken: the box says why; the selector cannot pick it.
  await withCheckedPage(
    file.browser,
    file.stack,
    `/swap?chain=ethereum&outputCurrency=${blocked.address}`,
    async (page) => {
      const box = swapBox(page)
      await box.getByText('This token is blocked and cannot be traded.').first().waitFor()
      assert.notEqual((await byTestId(page, 'swap-output-token').textContent())?.trim(), blocked.symbol)
      await byTestId(page, 'swap-output-token').click()
      const dialog = page.locator('[role="dialog"][data-testid="token-selector"]')
      await dialog.locator('[data-testid="token-search"]').fill(blocked.symbol)
      const option = dialog.locator(
        `[data-testid="token-option"][data-address="${blocked.address.toLowerCase()}"]`,
      )
      assert.equal(await option.getAttribute('aria-disabled'), 'true')
      // (forced: the option is aria-disabled, which Playwright would otherwise wait out)
      await option.click({ force: true })
      assert.ok(await dialog.isVisible(), 'choosing it does nothing: the selector stays open')
      assert.equal(await option.getAttribute('aria-disabled'), 'true')
    },
    options,
  )
})
