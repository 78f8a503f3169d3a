/**
 * How the swap screen presents what it knows, in Chromium against the full local stack (devnet
 * ethereum + base on port base 26100, the API on 26787, the built web on localhost:26573): the
 * review's steps (approval, Permit2 signature) with their network cost and the status walking
 * through them, the transaction shown shortened with a copy button (and no explorer link on the
 * devnet), amount fields sized by the spec's 70 to 48 px rule, placeholders that never pass for
 * '$0.00', one digit system and translated warning reasons in Arabic, and a refused clipboard
 * write that says so (issue #19).
 *
 * Each test starts from the same chain state: both networks are reverted to a snapshot taken after
 * start-up, and the test waits until the API has followed the chain back.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { NetworkSlug } from '@oxbow/chains'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import type { Address, Hex } from 'viem'
import { stackForFile } from './fileStack.ts'
import { withCheckedPage } from './support.ts'
import {
  ACCOUNT_0,
  accountButton,
  byTestId,
  connectWallet,
  swapBox,
  toBaseUnits,
  waitForQuote,
} from './swapKit.ts'

const PORTS = { devnetPortBase: 26100, apiPort: 26787, webPort: 26573 }
const LOCAL_WALLET = 'Local test wallet'

const file = stackForFile(PORTS, { restoreEachTest: true })
const clients = (slug: NetworkSlug) => file.clients(slug)

function token(symbol: string, kind?: string): { address: Address; decimals: number } {
  const found = file.stack.manifest.networks.ethereum?.tokens.find(
    (t) => t.symbol === symbol && (kind ? t.kind === kind : t.kind !== 'impersonator'),
  )
  if (!found) throw new Error(`${symbol} not on ethereum`)
  return { address: found.address as Address, decimals: found.decimals }
}

/** A fresh context on `path`; afterwards no console error, page error or CSP violation may have happened. */
const withPage = (
  path: string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<void> =>
  withCheckedPage(file.browser, file.stack, path, run, {
    viewport: options.viewport ?? { width: 1280, height: 720 },
    timeout: 15_000,
    apiRefusalsExpected: false,
    ready: (page) => swapBox(page).or(page.locator('main h1')).first().waitFor(),
  })

async function typeAmount(page: Page, side: 'input' | 'output', amount: string): Promise<void> {
  const field = byTestId(page, `swap-${side}-amount`)
  await field.click()
  await field.fill('')
  await field.pressSequentially(amount)
}

const textOf = async (locator: Locator): Promise<string> => ((await locator.textContent()) ?? '').trim()

/** Each step's kind and state in the status dialog, e.g. `approve:active permit:pending swap:pending`. */
async function stepStates(page: Page): Promise<string> {
  const steps = byTestId(page, 'swap-status').locator('[data-testid="swap-step"]')
  const states: string[] = []
  for (const step of await steps.all())
    states.push(`${await step.getAttribute('data-step')}:${await step.getAttribute('data-state')}`)
  return states.join(' ')
}

async function waitForSteps(page: Page, expected: string, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout
  let seen = ''
  while (Date.now() < deadline) {
    seen = await stepStates(page)
    if (seen === expected) return
    await page.waitForTimeout(50)
  }
  assert.equal(seen, expected, 'steps in the status dialog')
}

/** The pending transaction of account 0 (automine off): waits until one is in the mempool. */
async function pendingTransaction(): Promise<Hex> {
  const client = clients('ethereum').public
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const block = await client.getBlock({ blockTag: 'pending', includeTransactions: true })
    const mine = block.transactions.find((tx) => tx.from.toLowerCase() === ACCOUNT_0.toLowerCase())
    if (mine) return mine.hash
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('the app never sent its transaction')
}

/** The transaction row of the status dialog: shortened hash (full in its title), copy button, no explorer link. */
async function checkShownTransaction(page: Page, hash: Hex): Promise<void> {
  const status = byTestId(page, 'swap-status')
  const shown = status.locator('[data-testid="swap-status-hash"]')
  await page.waitForFunction(
    (full) => document.querySelector('[data-testid="swap-status-hash"]')?.getAttribute('title') === full,
    hash,
  )
  assert.equal((await shown.textContent())?.trim(), `${hash.slice(0, 6)}…${hash.slice(-4)}`, 'shortened hash')
  await status.getByRole('button', { name: 'Copy transaction hash' }).click()
  await page.waitForFunction(async (full) => (await navigator.clipboard.readText()) === full, hash)
  assert.equal(
    await status.locator('[data-testid="swap-status-explorer"]').count(),
    0,
    'no explorer on the devnet',
  )
  assert.equal(await status.locator('a[href*="/tx/"]').count(), 0, 'no transaction link at all')
}

describe('swap screen presentation', () => {
  test('behavior: the review lists approval and Permit2 signature with their network cost; the status walks through them showing each transaction shortened with a copy button and no explorer link on the devnet', async () => {
    const usdc = token('USDC')
    const dai = token('DAI')
    const testClient = clients('ethereum').test
    await withPage(
      `/swap?chain=ethereum&inputCurrency=${usdc.address}&outputCurrency=${dai.address}`,
      async (page, context) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: file.stack.webUrl })
        await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
        await typeAmount(page, 'input', '100')
        await waitForQuote(page, { side: 'in', amount: toBaseUnits('100', usdc.decimals) })
        const swapCost = ((await byTestId(page, 'swap-network-cost').textContent()) ?? '').trim()
        await page.waitForFunction(
          () => document.querySelector('[data-testid="swap-button"]')?.textContent?.trim() === 'Review',
        )
        await byTestId(page, 'swap-button').click()

        // Before anything starts: three steps, each with its cost.
        const review = byTestId(page, 'swap-review')
        await review.locator('[data-testid="swap-step-loading"]').waitFor({ state: 'detached' })
        const steps = review.locator('[data-testid="swap-step"]')
        assert.deepEqual(
          await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-step'))),
          ['approve', 'permit', 'swap'],
        )
        assert.match((await steps.nth(0).textContent()) ?? '', /Approve USDC for Permit2/)
        assert.match((await steps.nth(1).textContent()) ?? '', /Sign the Permit2 permit for USDC/)
        const costs = await review.locator('[data-testid="swap-step-cost"]').allTextContents()
        assert.match(costs[0] ?? '', /^\$\d+\.\d\d$/, `approval cost in dollars: ${costs[0]}`)
        assert.notEqual(costs[0], '$0.00', 'the approval costs gas')
        assert.equal(costs[1], 'No network cost', 'a signature costs no gas')
        assert.equal(costs[2], swapCost, 'the swap costs what the quote says')

        // Progress, one block at a time.
        await testClient.setAutomine(false)
        try {
          await byTestId(page, 'swap-confirm').click()
          const approval = await pendingTransaction()
          await waitForSteps(page, 'approve:active permit:pending swap:pending')
          await checkShownTransaction(page, approval)
          await testClient.mine({ blocks: 1 })

          const swap = await pendingTransaction()
          await waitForSteps(page, 'approve:done permit:done swap:active')
          assert.equal(await byTestId(page, 'swap-status').getAttribute('data-state'), 'pending')
          await checkShownTransaction(page, swap)
          await testClient.mine({ blocks: 1 })
        } finally {
          await testClient.setAutomine(true)
        }
        await byTestId(page, 'swap-status').and(page.locator('[data-state="confirmed"]')).waitFor()
        await waitForSteps(page, 'approve:done permit:done swap:done')
        const receipt = await clients('ethereum').public.getTransactionReceipt({
          hash: (await byTestId(page, 'swap-status-hash').getAttribute('title')) as Hex,
        })
        assert.equal(receipt.status, 'success')
        await checkShownTransaction(page, receipt.transactionHash)

        // The approval is on chain now: the next review of this token lists no approval.
        await byTestId(page, 'swap-status-close').click()
        await typeAmount(page, 'input', '10')
        await waitForQuote(page, { side: 'in', amount: toBaseUnits('10', usdc.decimals) })
        await page.waitForFunction(
          () => document.querySelector('[data-testid="swap-button"]')?.textContent?.trim() === 'Review',
        )
        await byTestId(page, 'swap-button').click()
        await review.locator('[data-testid="swap-step-loading"]').waitFor({ state: 'detached' })
        const again = await review
          .locator('[data-testid="swap-step"]')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-step')))
        assert.ok(!again.includes('approve'), `no approval the second time: ${again.join(', ')}`)
        assert.equal(again.at(-1), 'swap')
      },
    )
  })

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`behavior: at ${viewport.width} px the amount fields shrink from 70 px to 48 px as digits grow, and keep their size`, async () => {
      await withPage(
        '/swap?chain=ethereum&inputCurrency=ETH',
        async (page) => {
          // The field's width follows its token button: measure once the sell side shows ETH.
          await page.waitForFunction(
            () =>
              document.querySelector('[data-testid="swap-input-token"]')?.textContent?.includes('ETH') ===
              true,
          )
          for (const side of ['input', 'output'] as const) {
            const field = byTestId(page, `swap-${side}-amount`)
            const measure = () =>
              field.evaluate((input) => {
                const box = input.getBoundingClientRect()
                return {
                  font: Number.parseFloat(getComputedStyle(input).fontSize),
                  width: Math.round(box.width),
                  height: Math.round(box.height),
                }
              })
            const start = await measure()
            assert.equal(start.font, 70, `${side}: 70 px while empty`)
            const sizes = [start.font]
            await field.click()
            for (const digit of '1234567890123456789012345678901234567890') {
              await page.keyboard.type(digit)
              const now = await measure()
              assert.deepEqual(
                [now.width, now.height],
                [start.width, start.height],
                `${side}: the field keeps its size`,
              )
              sizes.push(now.font)
            }
            assert.equal(sizes[1], 70, `${side}: one digit at 70 px`)
            assert.ok(
              sizes.every((size, i) => i === 0 || size <= (sizes[i - 1] ?? 70)),
              `${side}: only shrinks: ${sizes.join(',')}`,
            )
            assert.ok(
              sizes.some((size) => size < 70 && size > 48),
              `${side}: sizes in between: ${sizes.join(',')}`,
            )
            assert.equal(sizes.at(-1), 48, `${side}: never below 48 px`)
            await field.fill('')
            await page.waitForFunction(
              (id) =>
                getComputedStyle(document.querySelector(`[data-testid="${id}"]`) as Element).fontSize ===
                '70px',
              `swap-${side}-amount`,
            )
          }
        },
        { viewport },
      )
    })
  }

  test('behavior: values not known yet show a placeholder, never "$0.00"', async () => {
    await withPage(`/explore/tokens/ethereum/${token('USDC').address}`, async (page) => {
      await page.locator('main h1').first().waitFor()
      assert.ok(!(await textOf(page.locator('main'))).includes('$0.00'), 'no made-up zero on token details')
    })
  })

  test("behavior: in Arabic the swap screen uses one digit system (Intl's) and the token selector's warning reasons are translated", async () => {
    const usdc = token('USDC')
    await withPage(
      `/swap?chain=ethereum&inputCurrency=ETH&outputCurrency=${usdc.address}&lng=ar-SA`,
      async (page) => {
        await page.waitForFunction(
          () => document.documentElement.lang === 'ar-SA' && document.documentElement.dir === 'rtl',
        )
        await typeAmount(page, 'input', '0.5')
        await waitForQuote(page, { side: 'in', amount: toBaseUnits('0.5', 18) })
        const texts: Record<string, string> = {
          typed: await byTestId(page, 'swap-input-amount').inputValue(),
          quoted: await byTestId(page, 'swap-output-amount').inputValue(),
          placeholder: (await byTestId(page, 'swap-input-amount').getAttribute('placeholder')) ?? '',
          inputFiat: await textOf(byTestId(page, 'swap-input-fiat')),
          outputFiat: await textOf(byTestId(page, 'swap-output-fiat')),
          rate: await textOf(byTestId(page, 'swap-rate')),
          priceImpact: await textOf(byTestId(page, 'swap-price-impact')),
          slippage: await textOf(byTestId(page, 'swap-slippage')),
          minimumReceived: await textOf(byTestId(page, 'swap-minimum-received')),
          networkCost: await textOf(byTestId(page, 'swap-network-cost')),
          routeShares: (
            await byTestId(page, 'swap-route').locator('[data-percent] > span:first-child').allTextContents()
          ).join(' '),
        }
        assert.equal(texts.typed, '٠٫٥', 'what was typed shows in Arabic-Indic digits')
        for (const [name, text] of Object.entries(texts)) {
          assert.doesNotMatch(text, /[0-9]/, `${name} has no Latin digits: ${text}`)
          assert.match(text, /[٠-٩]/, `${name} has Arabic-Indic digits: ${text}`)
        }
        // Typing Arabic-Indic digits works the same.
        await typeAmount(page, 'input', '١٫٢٥')
        await waitForQuote(page, { side: 'in', amount: toBaseUnits('1.25', 18) })

        // The settings' fields too: what is typed shows in Arabic-Indic digits, and it is what counts.
        await byTestId(page, 'swap-settings').click()
        await byTestId(page, 'slippage-input').pressSequentially('0.3')
        assert.equal(await byTestId(page, 'slippage-input').inputValue(), '٠٫٣')
        assert.equal(await byTestId(page, 'deadline-input').inputValue(), '٣٠', 'the 30-minute deadline')
        assert.equal(await byTestId(page, 'slippage-message').count(), 0, '0.3 % is accepted')
        await page.keyboard.press('Escape')

        // The selector: the refused tokens' reasons in Arabic, their numbers in Arabic-Indic digits.
        await byTestId(page, 'swap-output-token').click()
        const selector = page.locator('[role="dialog"][data-testid="token-selector"]')
        for (const [symbol, kind] of [
          ['TAXX', 'fee-on-transfer'],
          ['HONEY', 'honeypot'],
        ] as const) {
          const option = selector.locator(
            `[data-testid="token-option"][data-address="${token(symbol, kind).address.toLowerCase()}"]`,
          )
          const reason = await textOf(option.locator('[data-testid="token-not-routable"]'))
          assert.doesNotMatch(reason, /[A-Za-z]/, `${symbol}: no English in the reason: ${reason}`)
          assert.match(reason, /^لا يمكن مبادلته: /, `${symbol}: the Arabic "can't be swapped": ${reason}`)
          assert.doesNotMatch(reason, /[0-9]/, `${symbol}: no Latin digits: ${reason}`)
        }
        assert.match(
          await textOf(
            selector.locator(
              `[data-testid="token-option"][data-address="${token('TAXX', 'fee-on-transfer').address.toLowerCase()}"] [data-testid="token-not-routable"]`,
            ),
          ),
          /٣٪/,
          'the reason gives the 3 % fee in Arabic-Indic digits',
        )
      },
    )
  })

  test('error: a refused clipboard write says "Failed to copy to clipboard"', async () => {
    await withPage('/swap?chain=ethereum', async (page, context) => {
      const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo')
      const cdp = await file.browser.newBrowserCDPSession()
      await cdp.send('Browser.setPermission', {
        permission: { name: 'clipboard-write' },
        setting: 'denied',
        origin: file.stack.webUrl,
        ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
      })
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await accountButton(page, ACCOUNT_0).click()
      const popover = page.locator('header [role="dialog"]')
      await popover.getByRole('button', { name: 'Copy address' }).click()
      await popover.getByRole('alert').filter({ hasText: 'Failed to copy to clipboard' }).waitFor()
      assert.equal(
        await popover.getByRole('button', { name: 'Copied' }).count(),
        0,
        'no "Copied" confirmation for a copy that failed',
      )
    })
  })
})
