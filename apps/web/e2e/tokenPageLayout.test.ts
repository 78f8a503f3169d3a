/**
 * The token page at a desktop and a phone width, in Chromium against the full local stack (devnet
 * ethereum + base on port base 32500, the indexer on 32589, the API on 32587, the built web on
 * localhost:32575): its stats are whole numbers on one line each (never cut in the middle), the
 * embedded swap box's amounts fit their fields (the font shrinks, as on /swap) and nothing overflows
 * the page; then a swap made in that box moves "Your balances" to the chain's new balance without a
 * reload. OXBOW_E2E_SCREENSHOTS=<dir> keeps a screenshot of each width.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatTokenAmount, NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { devnetClients } from '@oxbow/devnet'
import type { Page } from 'playwright-core'
import type { Address } from 'viem'
import { stackForFile } from './fileStack.ts'
import { screenshot } from './support.ts'
import {
  ACCOUNT_0,
  balanceOf,
  byTestId,
  connectWallet,
  reviewAndConfirm,
  toBaseUnits,
  waitForQuote,
} from './swapKit.ts'

const PORTS = { devnetPortBase: 32500, apiPort: 32587, webPort: 32575, indexerPort: 32589 }

const file = stackForFile(PORTS)

/**
 * What does not fit: stats whose figure takes more than one line or overflows its cell, amount
 * fields whose text is wider than the field, and a page wider than the viewport.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    for (const dd of document.querySelectorAll<HTMLElement>('[data-testid=token-stats] dd')) {
      const range = document.createRange()
      range.selectNodeContents(dd)
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
      if (lines.size > 1) problems.push(`stat "${dd.textContent}" on ${lines.size} lines`)
      if (dd.scrollWidth > dd.clientWidth + 1)
        problems.push(`stat "${dd.textContent}" overflows (${dd.scrollWidth} > ${dd.clientWidth})`)
    }
    const canvas = document.createElement('canvas').getContext('2d')
    for (const input of document.querySelectorAll<HTMLInputElement>(
      '[data-testid=token-swap] input[data-testid$=-amount]',
    )) {
      if (!canvas || !input.value) continue
      const style = getComputedStyle(input)
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const width = canvas.measureText(input.value).width
      if (width > input.clientWidth + 1)
        problems.push(
          `${input.dataset.testid} "${input.value}" clipped (${Math.ceil(width)} px in ${input.clientWidth} px at ${style.fontSize})`,
        )
    }
    const box = document.querySelector<HTMLElement>('[data-testid=token-swap]')
    if (box && box.scrollWidth > box.clientWidth + 1)
      problems.push(`swap box overflows (${box.scrollWidth} > ${box.clientWidth})`)
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`page wider than the viewport (${document.documentElement.scrollWidth})`)
    return problems
  })
}

/**
 * Waits until "Your balances" shows `want` for `token` on ethereum (refreshed every 4 s, after the
 * indexer has the block); the error names what it shows instead.
 */
async function waitForShownBalance(page: Page, token: string, want: string): Promise<void> {
  const selector = `[data-testid=token-balances] > div[data-network=ethereum][data-address="${token}" i] [data-testid=token-balance-amount]`
  await page
    .waitForFunction(
      ([selector, want]) => document.querySelector(selector)?.textContent?.trim() === want,
      [selector, want] as const,
      { timeout: 12_000 },
    )
    .catch(async (error) => {
      const shown = await page
        .locator(selector)
        .textContent()
        .catch(() => null)
      throw new Error(`"Your balances" shows ${shown} for ${token}, the chain ${want}: ${error}`)
    })
}

test('behavior: at 1280 and 390 px the token page keeps every stat on one line and the swap box amounts inside their fields; a swap there moves "Your balances"', async () => {
  const usdc = file.stack.manifest.networks.ethereum?.tokens.find(
    (t) => t.symbol === 'USDC' && t.kind === 'stablecoin',
  )
  assert.ok(usdc, 'the devnet seeds USDC')
  const tokenAddress = usdc.address as Address
  const client = devnetClients(file.stack.manifest, 'ethereum', 0).public
  const path = `/explore/tokens/ethereum/${tokenAddress}`
  const formatted = (decimals: number, amount: bigint) =>
    formatTokenAmount(amount, decimals, { locale: 'en-US', significantDigits: 6 })

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await file.browser.newContext({ viewport })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    try {
      await page.goto(file.stack.webUrl + path)
      await page.getByTestId('token-name').waitFor()
      await page.waitForFunction(() =>
        /\$/.test(document.querySelector('[data-testid=token-volume]')?.textContent ?? ''),
      )
      await page.waitForFunction(
        () => document.querySelector('[data-testid=swap-output-token]')?.textContent?.trim() === 'USDC',
      )
      await connectWallet(page, 'Local test wallet', ACCOUNT_0)
      await page.getByTestId('token-balances').waitFor()
      // A buy amount with many digits: 2 ETH buys thousands of USDC, to 6 decimals.
      const amount = '2'
      const field = byTestId(page, 'swap-input-amount')
      await field.click()
      await field.pressSequentially(amount)
      const quote = await waitForQuote(page, { side: 'in', amount: toBaseUnits(amount, 18) })
      assert.ok(quote.amountOut > 0n)
      await byTestId(page, 'swap-output-amount').scrollIntoViewIfNeeded()
      await screenshot(page, `token-page-layout-${viewport.width}`)
      assert.deepEqual(await layoutProblems(page), [], `layout at ${viewport.width} px`)

      if (viewport.width === 1280) {
        // The balance follows the swap without a reload.
        const before = await balanceOf(client, tokenAddress, ACCOUNT_0)
        await waitForShownBalance(page, tokenAddress, formatted(usdc.decimals, before))
        const result = await reviewAndConfirm(page)
        assert.equal(result.state, 'confirmed', `swap failed: ${result.message}`)
        const afterSwap = await balanceOf(client, tokenAddress, ACCOUNT_0)
        assert.equal(afterSwap - before, quote.amountOut, 'received the promised USDC')
        await page.keyboard.press('Escape')
        await waitForShownBalance(page, tokenAddress, formatted(usdc.decimals, afterSwap))
        await screenshot(page, 'token-page-balances-after-swap')

        // WETH's page: its box wraps ETH (no pool, a Deposit event), and both balances follow.
        const weth = file.stack.manifest.networks.ethereum?.tokens.find((t) => t.symbol === 'WETH')
        assert.ok(weth, 'the devnet seeds WETH')
        await page.goto(`${file.stack.webUrl}/explore/tokens/ethereum/${weth.address}`)
        await page.getByTestId('token-name').waitFor()
        await page.getByTestId('token-balances').waitFor()
        const wethBefore = await balanceOf(client, weth.address as Address, ACCOUNT_0)
        await waitForShownBalance(page, weth.address, formatted(18, wethBefore))
        const wrapField = byTestId(page, 'swap-input-amount')
        await wrapField.click()
        await wrapField.pressSequentially('0.75')
        await waitForQuote(page, { side: 'in', amount: toBaseUnits('0.75', 18) })
        const wrapped = await reviewAndConfirm(page, 30_000, 'Wrap')
        assert.equal(wrapped.state, 'confirmed', `wrap failed: ${wrapped.message}`)
        await page.keyboard.press('Escape')
        const wethAfter = await balanceOf(client, weth.address as Address, ACCOUNT_0)
        assert.equal(wethAfter - wethBefore, toBaseUnits('0.75', 18))
        await waitForShownBalance(page, weth.address, formatted(18, wethAfter))
        await waitForShownBalance(
          page,
          NATIVE_CURRENCY_ADDRESS,
          formatted(18, await balanceOf(client, NATIVE_CURRENCY_ADDRESS, ACCOUNT_0)),
        )
        await screenshot(page, 'token-page-balances-after-wrap')
      }
    } finally {
      await context.close()
    }
  }
})
