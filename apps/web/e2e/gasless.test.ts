/**
 * Gasless swaps in Chromium against the real stack (devnet, indexer, API with its order service on
 * PGlite in a temporary directory, the filler process, the built web app; devnet port base 24500,
 * API 24588, web localhost:24574; the gasless order decays over 20 s and expires after 30 s so the
 * failure path is reached in the test's time): a USDC -> DAI sell reviewed as a gasless route (no
 * network cost), signed once, pending with the estimated time, filled by the filler; the user's
 * ETH balance unchanged and the token balances moved on chain. Then, with the filler stopped after
 * the review, the order is not filled before its deadline: "gasless order failed" offers the classic route, which
 * swaps with a transaction; the API, no longer hearing the filler's heartbeat, then quotes no
 * gasless route at all.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import type { NetworkDeployment } from '@oxbow/protocol'
import type { Page } from 'playwright-core'
import { type Address, erc20Abi, maxUint256 } from 'viem'
import { openActivity, ordersSuite } from './ordersKit.ts'
import { openWithWallet, screenshot as pageScreenshot } from './support.ts'
import { byTestId, finalStatus, seededToken } from './swapKit.ts'

const SWAPPER_INDEX = 5
const WALLET = { name: 'Gasless Test Wallet', rdns: 'test.oxbow.gasless' }

let eth: NetworkDeployment
let swapper: Address
let usdc: Address
let dai: Address

const suite = ordersSuite(
  'gasless',
  { devnetPortBase: 24500, apiPort: 24588, webPort: 24574 },
  {
    apiEnv: { OXBOW_GASLESS_DECAY_SECONDS: '20', OXBOW_GASLESS_DEADLINE_SECONDS: '30' },
    setUp: async (started) => {
      eth = started.eth
      usdc = seededToken(eth, 'USDC')
      dai = seededToken(eth, 'DAI')
      swapper = started.stack.manifest.accounts[SWAPPER_INDEX]!.address
      // The one-time Permit2 approval (a transaction: it costs gas) before the balances are taken:
      // the gasless swap itself must spend no ETH.
      const { wallet, public: client } = devnetClients(started.stack.manifest, 'ethereum', SWAPPER_INDEX)
      await client.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: usdc,
          abi: erc20Abi,
          functionName: 'approve',
          args: [eth.contracts.permit2, maxUint256],
        }),
      })
    },
  },
)

const client = () => devnetClients(suite.stack.manifest, 'ethereum', SWAPPER_INDEX).public
const tokenBalance = (token: Address) =>
  client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [swapper] })
const ethBalance = () => client().getBalance({ address: swapper })

/** With OXBOW_E2E_SCREENSHOTS=<dir>, full-page screenshots of each step go there (to look at). */
const screenshot = (page: Page, name: string) => pageScreenshot(page, name, true)

const openSwap = (width: number) =>
  openWithWallet(
    suite.browser,
    `${suite.stack.webUrl}/swap?chain=ethereum&inputCurrency=${usdc}&outputCurrency=${dai}`,
    { ...WALLET, account: swapper, chains: [[eth.chainId, suite.stack.rpcUrl('ethereum')]] },
    width,
  )

/** Types the sell amount and opens the review once it offers the gasless route. */
async function reviewGasless(page: Page, amount: string, shot: string): Promise<void> {
  await byTestId(page, 'swap-input-amount').fill(amount)
  await page.waitForFunction(
    () => {
      const b = document.querySelector('[data-testid="swap-button"]') as HTMLButtonElement | null
      return b !== null && !b.disabled && b.getAttribute('data-kind') === 'review'
    },
    undefined,
    { timeout: 20_000 },
  )
  await byTestId(page, 'swap-button').click()
  await byTestId(page, 'swap-review-gasless').waitFor({ timeout: 10_000 })
  assert.match((await byTestId(page, 'swap-review-network-cost').textContent()) ?? '', /free \(gasless\)/)
  await screenshot(page, shot)
}

test('behavior: a gasless swap is signed once and filled by the filler; the user spends no ETH', async () => {
  for (const width of [1280, 390]) {
    const { context, page } = await openSwap(width)
    try {
      const [ethBefore, usdcBefore, daiBefore] = await Promise.all([
        ethBalance(),
        tokenBalance(usdc),
        tokenBalance(dai),
      ])
      await reviewGasless(page, '1500', `gasless-review-${width}`)
      await byTestId(page, 'swap-confirm').click()
      // pending, with the estimated time in minutes and seconds (or already filled)
      const pendingOrDone = page.locator(
        '[data-testid="gasless-eta"], [data-testid="swap-status"][data-state="confirmed"]',
      )
      await pendingOrDone.first().waitFor({ timeout: 20_000 })
      const eta = await byTestId(page, 'gasless-eta')
        .textContent({ timeout: 100 })
        .catch(() => null)
      if (eta) {
        assert.match(eta, /Estimated time: \d+ min \d+ s/)
        await screenshot(page, `gasless-pending-${width}`)
      }
      const final = await finalStatus(page, 40_000)
      assert.equal(final.state, 'confirmed', `${final.message}\n${suite.stack.fillerLog().slice(-2000)}`)
      assert.match(final.message, /without network cost/)
      await screenshot(page, `gasless-filled-${width}`)
      assert.equal(await ethBalance(), ethBefore, 'the user spent no ETH')
      assert.equal(usdcBefore - (await tokenBalance(usdc)), 1_500_000_000n, 'the USDC left the account')
      assert.ok((await tokenBalance(dai)) > daiBefore + 1_400n * 10n ** 18n, 'the DAI arrived')
      const orders = (await (
        await fetch(`${suite.stack.apiUrl}/v1/orders?swapper=${swapper}&kind=gasless`)
      ).json()) as {
        orders: { orderStatus: string; txHash: string | null }[]
      }
      assert.equal(orders.orders[0]?.orderStatus, 'executed')
    } finally {
      await context.close()
    }
  }
})

test('behavior: with the filler stopped after the review, the gasless order fails and the classic route swaps; then no gasless route is offered', async () => {
  const { context, page } = await openSwap(1280)
  try {
    const daiBefore = await tokenBalance(dai)
    // reviewed while the filler is live; it stops before the order is signed
    await reviewGasless(page, '700', 'gasless-review-nofiller')
    await suite.stack.stopFiller()
    await byTestId(page, 'swap-confirm').click()
    const final = await finalStatus(page, 70_000)
    assert.equal(final.state, 'failed')
    assert.match(final.message, /Gasless order failed/)
    await screenshot(page, 'gasless-failed-1280')
    await byTestId(page, 'gasless-classic').click()
    // the review again, now on the classic route (network cost and steps, no gasless note)
    await byTestId(page, 'swap-review').waitFor({ timeout: 20_000 })
    assert.equal(await byTestId(page, 'swap-review-gasless').count(), 0)
    await screenshot(page, 'gasless-classic-review-1280')
    const ethBefore = await ethBalance()
    await byTestId(page, 'swap-confirm').click()
    const classic = await finalStatus(page, 40_000)
    assert.equal(classic.state, 'confirmed', classic.message)
    assert.ok((await ethBalance()) < ethBefore, 'the classic swap paid its network cost')
    assert.ok((await tokenBalance(dai)) > daiBefore + 600n * 10n ** 18n, 'the DAI arrived')
    const orders = (await (
      await fetch(`${suite.stack.apiUrl}/v1/orders?swapper=${swapper}&kind=gasless`)
    ).json()) as {
      orders: { orderStatus: string }[]
    }
    assert.ok(
      ['opened', 'expired'].includes(orders.orders[0]?.orderStatus ?? ''),
      'the order was never filled',
    )
    // the filler has been silent for longer than its liveness window: the API quotes classic only
    const quote = (await (
      await fetch(`${suite.stack.apiUrl}/v1/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          network: 'ethereum',
          type: 'EXACT_INPUT',
          slippage: 'auto',
          tokenIn: usdc,
          tokenOut: dai,
          amount: '700000000',
          swapper,
        }),
      })
    ).json()) as { routing: string; gasless?: unknown }
    assert.equal(quote.routing, 'CLASSIC')
    assert.equal(quote.gasless, undefined, 'no live filler, no gasless route')
  } finally {
    await context.close()
  }
})

test("behavior: the account drawer's Activity lists the gasless swaps as swaps: the filled ones Confirmed (their fill once), the failed one Expired", async () => {
  const listed = (await (
    await fetch(`${suite.stack.apiUrl}/v1/orders?swapper=${swapper}&kind=gasless`)
  ).json()) as {
    orders: { orderHash: string; orderStatus: string; txHash: string | null }[]
  }
  const filled = listed.orders.filter((o) => o.orderStatus === 'executed')
  const failed = listed.orders.find((o) => o.orderStatus !== 'executed')
  assert.equal(filled.length, 2, 'the first test filled one at each width')
  assert.ok(failed, 'the second test left one unfilled')
  for (const width of [1280, 390]) {
    const { context, page } = await openSwap(width)
    try {
      const drawer = await openActivity(page)
      const row = (hash: string) => drawer.locator(`[data-limit-order="${hash}"]`)
      for (const order of filled) {
        await row(order.orderHash).waitFor({ timeout: 15_000 })
        assert.equal(await row(order.orderHash).getAttribute('data-order-kind'), 'gasless')
        assert.match((await row(order.orderHash).textContent()) ?? '', /Gasless swap: 1,500 USDC for DAI/)
        assert.equal(
          (await row(order.orderHash).getByTestId('activity-limit-status').textContent())?.trim(),
          'Confirmed',
        )
        assert.equal(
          await row(order.orderHash).getByTestId('activity-limit-tx').getAttribute('title'),
          order.txHash,
        )
        // the fill shows once: as the order, not also as the indexer's token movements
        const fillRows = await drawer
          .locator('[data-tx]')
          .evaluateAll(
            (rows, hash) => rows.filter((r) => r.getAttribute('data-tx')?.toLowerCase() === hash).length,
            (order.txHash ?? '').toLowerCase(),
          )
        assert.equal(fillRows, 1)
      }
      await row(failed.orderHash).waitFor()
      assert.match((await row(failed.orderHash).textContent()) ?? '', /Gasless swap: 700 USDC for DAI/)
      assert.equal(
        (await row(failed.orderHash).getByTestId('activity-limit-status').textContent())?.trim(),
        'Expired',
      )
      await screenshot(page, `gasless-activity-${width}`)
    } finally {
      await context.close()
    }
  }
  // the limits view lists limit orders only: a gasless swap is no open order to cancel
  const { context, page } = await openSwap(1280)
  try {
    // in-app, so the wallet stays connected (the view lists the connected account's orders)
    await page.getByRole('link', { name: 'Limit', exact: true }).first().click()
    const limits = byTestId(page, 'limits-view')
    await limits.getByText('No limit orders yet').waitFor({ timeout: 15_000 })
    assert.equal(await limits.locator('[data-order-hash]').count(), 0)
  } finally {
    await context.close()
  }
})
