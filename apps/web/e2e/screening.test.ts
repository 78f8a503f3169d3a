/**
 * Blocked addresses in Chromium against the full local stack: devnet (ethereum + base, port base
 * 30100), the API (30187) with a screening list blocking anvil's account 9 (`OXBOW_BLOCKLIST`, as
 * `npm start` does), the real indexer (30189) and the built app (localhost:30173). Nothing mocked.
 *
 * Covered: the API's screening answer and its 403 for a quote by the blocked swapper; the blocked
 * account connected (local test wallet, `eagerlyConnectAddress`) sees the blocked-address notice
 * (1280 and 390 px), then a banner, and the swap, limit, send and liquidity buttons read 'Address blocked',
 * disabled, with no /v1/swap, /v1/orders or transaction ever made; a clean account sending to the
 * blocked address is refused (the message under the recipient, the button disabled, nothing sent).
 * `OXBOW_E2E_SCREENSHOTS=<dir>` saves the notice's screenshots there.
 */
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import type { Browser, Page } from 'playwright-core'
import type { Address } from 'viem'
import { launchChromium } from '../test/harness.ts'
import { waitForSendReview } from './drawerKit.ts'
import { type Stack, startStack } from './stack.ts'
import { withCheckedPage } from './support.ts'
import { ACCOUNT_0, accountButton, byTestId, connectWallet, swapBox } from './swapKit.ts'

const PORTS = { devnetPortBase: 30100, apiPort: 30187, webPort: 30173, indexerPort: 30189 }
const LOCAL_WALLET = 'Local test wallet'
/** anvil's account 9 of the default mnemonic: the one `npm start` blocks too (scripts/services.ts). */
const BLOCKED: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
const SCREENSHOTS = process.env.OXBOW_E2E_SCREENSHOTS

let stack: Stack
let browser: Browser

before(async () => {
  stack = await startStack(PORTS, { apiEnv: { OXBOW_BLOCKLIST: BLOCKED }, liquidity: true })
  browser = await launchChromium()
})

after(async () => {
  await browser?.close().catch(() => {})
  await stack?.stop()
})

/** A fresh context at `width`; fails on console errors (but the API's 4xx), page errors and CSP violations. */
async function withPage(
  path: string,
  width: number,
  run: (page: Page, apiCalls: string[]) => Promise<void>,
): Promise<void> {
  const apiCalls: string[] = []
  await withCheckedPage(browser, stack, path, (page) => run(page, apiCalls), {
    viewport: { width, height: 900 },
    setup: (context) =>
      context.on('request', (request) => {
        if (request.url().startsWith(stack.apiUrl))
          apiCalls.push(`${request.method()} ${new URL(request.url()).pathname}`)
      }),
    onFailure: () => console.log(`API output (last 2000 characters):\n${stack.apiLog().slice(-2000)}`),
  })
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, name) })
}

const blockedSession = `eagerlyConnect=true&eagerlyConnectAddress=${BLOCKED}`
const signingCalls = (calls: string[]) =>
  calls.filter((call) => /^POST \/v1\/(swap|check_approval|orders)/.test(call))

describe('blocked addresses', () => {
  test('the API screens the address and refuses a quote for the blocked swapper with 403', async () => {
    const screen = async (address: string) => (await fetch(`${stack.apiUrl}/v1/screening/${address}`)).json()
    assert.deepEqual(await screen(BLOCKED.toLowerCase()), { address: BLOCKED, blocked: true })
    assert.deepEqual(await screen(ACCOUNT_0), { address: ACCOUNT_0, blocked: false })
    assert.equal((await fetch(`${stack.apiUrl}/v1/screening/0x1234`)).status, 400)
    const quote = (swapper: Address) =>
      fetch(`${stack.apiUrl}/v1/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          network: 'ethereum',
          tokenIn: 'ETH',
          tokenOut: stack.manifest.networks.ethereum?.tokens.find((t) => t.symbol === 'WETH')?.address,
          amount: '1000000000000000',
          type: 'EXACT_INPUT',
          swapper,
        }),
      })
    const refused = await quote(BLOCKED)
    assert.equal(refused.status, 403)
    const body = (await refused.json()) as { error: { code: string; message: string; details: unknown } }
    assert.equal(body.error.code, 'ADDRESS_BLOCKED')
    assert.equal(body.error.message, 'This address is blocked')
    assert.deepEqual(body.error.details, [{ path: 'swapper', message: 'this address is blocked' }])
    assert.equal((await quote(ACCOUNT_0)).status, 200)
  })

  test('the blocked account sees the notice, then a banner; swap, limit, send and liquidity are disabled, nothing signed', async () => {
    const eth = devnetClients(stack.manifest, 'ethereum', 0).public
    const startBlock = await eth.getBlockNumber()
    const nonce = await eth.getTransactionCount({ address: BLOCKED })
    const usdc = stack.manifest.networks.ethereum?.tokens.find(
      (t) => t.symbol === 'USDC' && t.safety === 'verified',
    )
    assert.ok(usdc)
    const swapPath = `/swap?chain=ethereum&inputCurrency=ETH&outputCurrency=${usdc.address}&${blockedSession}`
    await withPage(swapPath, 1280, async (page, calls) => {
      await accountButton(page, BLOCKED).waitFor()
      const notice = page.getByRole('dialog', { name: 'Blocked address' })
      await notice.waitFor()
      assert.equal(await notice.getByTestId('blocked-address').textContent(), BLOCKED)
      assert.match(
        (await notice.textContent()) ?? '',
        /This address is blocked\. It cannot swap, send or sign transactions in this app\./,
      )
      await screenshot(page, 'screening-notice-1280.png')
      await notice.getByRole('button', { name: 'Close' }).click()
      await notice.waitFor({ state: 'hidden' })
      const banner = byTestId(page, 'blocked-address-banner')
      assert.match((await banner.textContent()) ?? '', /swapping, sending and signing are disabled/)
      await screenshot(page, 'screening-banner-1280.png')

      // Swap: an amount typed, the button stays 'Address blocked' and disabled.
      const field = byTestId(page, 'swap-input-amount')
      await field.click()
      await field.pressSequentially('0.01')
      const button = byTestId(page, 'swap-button')
      assert.equal(await button.getAttribute('data-kind'), 'blocked')
      assert.equal((await button.textContent())?.trim(), 'Address blocked')
      assert.equal(await button.isDisabled(), true)
      // The quote arrives (quotes need no account) and the button stays blocked.
      await page.waitForFunction(() => {
        const out = document.querySelector('[data-testid="swap-output-amount"]') as HTMLInputElement | null
        return out !== null && out.value !== '' && out.value !== '0'
      })
      assert.equal(await button.getAttribute('data-kind'), 'blocked')
      assert.equal(await button.isDisabled(), true, 'still disabled once the quote arrived')

      // Limit: the same (client-side navigation keeps the session).
      await page.goto(`${stack.webUrl}/limit?chain=ethereum`)
      await accountButton(page, BLOCKED).waitFor()
      const limit = byTestId(page, 'limit-button')
      await page.waitForFunction(
        () => document.querySelector('[data-testid="limit-button"]')?.getAttribute('data-kind') === 'blocked',
      )
      assert.equal((await limit.textContent())?.trim(), 'Address blocked')
      assert.equal(await limit.isDisabled(), true)

      // Send: the same, whatever is typed.
      await page.goto(`${stack.webUrl}/send?chain=ethereum&inputCurrency=ETH`)
      await accountButton(page, BLOCKED).waitFor()
      const send = byTestId(page, 'send-button')
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="send-button"]')?.textContent?.trim() === 'Address blocked',
      )
      await byTestId(page, 'send-amount').fill('0.01')
      await byTestId(page, 'send-recipient').fill(ACCOUNT_0)
      assert.equal((await send.textContent())?.trim(), 'Address blocked')
      assert.equal(await send.isDisabled(), true)

      // Liquidity: the pair and amount can be chosen, the review cannot start.
      await page.goto(`${stack.webUrl}/add/v2/ETH/${usdc.address}`)
      await accountButton(page, BLOCKED).waitFor()
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.locator('[data-testid="create-deposit"]').waitFor()
      await page.getByLabel('ETH amount').fill('0.01')
      const add = page.getByRole('button', { name: 'Address blocked' })
      await add.waitFor()
      assert.equal(await add.isDisabled(), true)
      assert.equal(await page.getByRole('button', { name: 'Review' }).count(), 0)
      assert.deepEqual(signingCalls(calls), [], 'no swap, approval or order was asked for')
    })
    assert.equal(
      await eth.getTransactionCount({ address: BLOCKED }),
      nonce,
      'nothing sent by the blocked account',
    )
    assert.ok((await eth.getBlockNumber()) >= startBlock)
  })

  test('the notice on a 390 px screen', async () => {
    await withPage(`/swap?chain=ethereum&${blockedSession}`, 390, async (page) => {
      await swapBox(page).waitFor()
      const notice = page.getByRole('dialog', { name: 'Blocked address' })
      await notice.waitFor()
      const box = await notice.boundingBox()
      assert.ok(
        box && box.x >= 0 && box.x + box.width <= 390,
        `the notice fits 390 px: ${JSON.stringify(box)}`,
      )
      await screenshot(page, 'screening-notice-390.png')
      await page.keyboard.press('Escape')
      await notice.waitFor({ state: 'hidden' })
      await byTestId(page, 'blocked-address-banner').waitFor()
      await screenshot(page, 'screening-banner-390.png')
    })
  })

  test('a clean account sending to the blocked address is refused, nothing sent', async () => {
    const eth = devnetClients(stack.manifest, 'ethereum', 0).public
    const before = await eth.getBalance({ address: BLOCKED })
    await withPage('/send?chain=ethereum&inputCurrency=ETH', 1280, async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      assert.equal(await page.getByRole('dialog', { name: 'Blocked address' }).count(), 0, 'no notice')
      await byTestId(page, 'send-amount').fill('0.5')
      await byTestId(page, 'send-recipient').fill(BLOCKED.toLowerCase())
      const refusal = byTestId(page, 'send-recipient-blocked')
      await refusal.waitFor()
      assert.equal(
        (await refusal.textContent())?.trim(),
        'This recipient address is blocked. You cannot send to it.',
      )
      const send = byTestId(page, 'send-button')
      assert.equal((await send.textContent())?.trim(), 'Address blocked')
      assert.equal(await send.isDisabled(), true)
      await screenshot(page, 'screening-send-refused-1280.png')
      // Another recipient is fine again.
      await byTestId(page, 'send-recipient').fill(stack.manifest.accounts[1]?.address ?? '')
      await refusal.waitFor({ state: 'detached' })
      await waitForSendReview(page)
    })
    assert.equal(await eth.getBalance({ address: BLOCKED }), before)
  })
})
