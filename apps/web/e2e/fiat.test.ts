/**
 * Buy and sell with fiat in Chromium against the full local stack (devnet ethereum + base on port
 * base 27100, the API on 27787 with the provider sandboxes of apps/sandbox on 27791, the built web
 * on localhost:27573): buy ETH with USD through each provider and see the balance rise on chain by
 * the order's amount, sell USDC and see it leave on chain, a webhook replayed twice crediting once, a
 * declined card, an unsupported region.
 */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { AxeBuilder } from '@axe-core/playwright'
import { devnetClients } from '@oxbow/devnet'
import type { Browser, Page } from 'playwright-core'
import type { Address } from 'viem'
import { launchChromium } from '../test/harness.ts'
import { type ServiceProcess, startService } from './service.ts'
import { type Stack, startStack } from './stack.ts'
import { ACCOUNT_0, accountButton, balanceOf, connectWallet } from './swapKit.ts'

const PORTS = { devnetPortBase: 27100, apiPort: 27787, webPort: 27573 }
const SANDBOX_PORT = 27791
const LOCAL_WALLET = 'Local test wallet'

let stack: Stack
let sandbox: ServiceProcess
let browser: Browser

before(async () => {
  stack = await startStack(PORTS, { apiEnv: { OXBOW_FIAT_SANDBOX_URL: `http://127.0.0.1:${SANDBOX_PORT}` } })
  sandbox = await startService({
    name: 'sandbox',
    entry: 'apps/sandbox/src/serve.ts',
    env: {
      OXBOW_WC_RELAY_PORT: String(SANDBOX_PORT - 1),
      OXBOW_FIAT_SANDBOX_PORT: String(SANDBOX_PORT),
      OXBOW_MANIFEST: stack.devnet.manifestPath,
      OXBOW_FIAT_WEBHOOK_BASE: `${stack.apiUrl}/v1/fiat/webhooks`,
    },
  })
  browser = await launchChromium()
  // The API opens its database on the first fiat request (a new PGlite takes seconds here): open it
  // now, so the first test's checkout is not timed against that.
  const warm = await fetch(`${stack.apiUrl}/v1/fiat/orders?walletAddress=${ACCOUNT_0}`)
  assert.equal(warm.status, 200, await warm.text())
})

after(async () => {
  await browser?.close().catch(() => {})
  await sandbox?.stop()
  await stack?.stop()
})

const client = () => devnetClients(stack.manifest, 'ethereum', 0).public
const usdc = () => {
  const token = stack.manifest.networks.ethereum?.tokens.find(
    (t) => t.symbol === 'USDC' && t.safety === 'verified',
  )
  if (!token) throw new Error('no USDC')
  return token.address as Address
}

async function open(path: string): Promise<Page> {
  // A context per page: axe-core runs its own page in the same context.
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${stack.webUrl}${path}`)
  await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
  return page
}

async function orderOf(page: Page): Promise<{ status: string; cryptoAmount: string }> {
  const id = new URL(page.url()).searchParams.get('fiatOrder')
  assert.ok(id, `back on the app with the order: ${page.url()}`)
  const body = (await (await fetch(`${stack.apiUrl}/v1/fiat/orders/${id}`)).json()) as {
    order: { status: string; cryptoAmount: string }
  }
  return body.order
}

async function payInCheckout(page: Page, card: string, button: 'Pay' | 'Continue'): Promise<void> {
  await page.getByLabel(/card number/i).fill(card)
  await page.getByLabel('Expiry (MM/YY)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: button }).click()
}

describe('fiat', () => {
  for (const provider of ['Beacon', 'Orbit', 'Tidal']) {
    test(`behavior: buy ETH with USD through ${provider}; the balance rises on chain`, async () => {
      const page = await open('/buy')
      await page.getByRole('listitem', { name: provider }).waitFor({ timeout: 15_000 })
      const before = await client().getBalance({ address: ACCOUNT_0 })
      await page.getByRole('button', { name: `Buy with ${provider}` }).click()
      await page.waitForURL(/\/checkout\?/)
      await payInCheckout(page, '4242 4242 4242 4242', 'Pay')
      await page.waitForURL(/\/buy\?fiatOrder=/)
      await page.locator('[data-testid="fiat-order"][data-status="completed"]').waitFor({ timeout: 20_000 })
      await page.getByRole('status').filter({ hasText: 'Complete' }).waitFor()
      const order = await orderOf(page)
      assert.equal(order.status, 'completed')
      assert.equal((await client().getBalance({ address: ACCOUNT_0 })) - before, BigInt(order.cryptoAmount))
      await page.context().close()
    })
  }

  test('behavior: a webhook replayed twice credits once', async () => {
    const page = await open('/buy')
    const before = await client().getBalance({ address: ACCOUNT_0 })
    await page.getByRole('button', { name: 'Buy with Tidal' }).click()
    await page.waitForURL(/\/checkout\?/)
    await payInCheckout(page, '4242 4242 4242 4242', 'Pay')
    await page.locator('[data-testid="fiat-order"][data-status="completed"]').waitFor({ timeout: 20_000 })
    const id = new URL(page.url()).searchParams.get('fiatOrder') ?? ''
    const order = (await (await fetch(`${stack.apiUrl}/v1/fiat/orders/${id}`)).json()) as {
      order: { cryptoAmount: string; txHash: string; history: unknown[] }
    }
    // The provider's completed event, captured and sent again: signed with the real webhook secret.
    const keys = (await (await fetch(`http://127.0.0.1:${SANDBOX_PORT}/dashboard/credentials`)).json()) as {
      providers: Record<string, { webhookSecret: string }>
    }
    const secret = keys.providers.tidal?.webhookSecret ?? ''
    const body = JSON.stringify({
      id: `evt_e2e_replay_${id}`,
      type: 'transaction.updated',
      data: {
        id: 'tx',
        externalOrderId: id,
        status: 'completed',
        walletAddress: ACCOUNT_0,
        crypto: 'ETH',
        network: 'ethereum',
        cryptoAmount: order.order.cryptoAmount,
        txHash: order.order.txHash,
        depositAddress: null,
        failureReason: null,
      },
    })
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const t = Math.floor(Date.now() / 1000)
      const signature = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
      const response = await fetch(`${stack.apiUrl}/v1/fiat/webhooks/tidal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
        body,
      })
      statuses.push(response.status)
    }
    assert.deepEqual(statuses, [200, 409, 409])
    const afterOrder = (await (await fetch(`${stack.apiUrl}/v1/fiat/orders/${id}`)).json()) as {
      order: { history: unknown[] }
    }
    assert.equal(afterOrder.order.history.length, order.order.history.length, 'no status recorded twice')
    await page.reload()
    await page.locator('[data-testid="fiat-order"][data-status="completed"]').waitFor()
    assert.equal(
      (await client().getBalance({ address: ACCOUNT_0 })) - before,
      BigInt(order.order.cryptoAmount),
    )
    await page.context().close()
  })

  test('error: a declined card', async () => {
    const page = await open('/buy')
    const before = await client().getBalance({ address: ACCOUNT_0 })
    await page.getByRole('button', { name: 'Buy with Beacon' }).click()
    await page.waitForURL(/\/checkout\?/)
    await payInCheckout(page, '4000 0000 0000 0002', 'Pay')
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor()
    await page.getByRole('link', { name: 'Return to the app' }).click()
    await page.locator('[data-testid="fiat-order"][data-status="failed"]').waitFor({ timeout: 15_000 })
    assert.equal(await client().getBalance({ address: ACCOUNT_0 }), before)
    await page.context().close()
  })

  test('behavior: the quotes and the order progress have no serious or critical axe violation', async () => {
    const page = await open('/sell')
    await page.getByRole('button', { name: 'Sell with Orbit' }).waitFor({ timeout: 15_000 })
    const serious = async () =>
      (
        await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze()
      ).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    assert.deepEqual(await serious(), [])
    await page.getByRole('button', { name: 'Sell with Orbit' }).click()
    await page.waitForURL(/\/checkout\?/)
    await payInCheckout(page, '4242 4242 4242 4242', 'Continue')
    await page.getByRole('button', { name: 'Send USDC' }).waitFor({ timeout: 15_000 })
    assert.deepEqual(await serious(), [])
    await page.context().close()
  })

  test('error: an unsupported region', async () => {
    const page = await open('/buy')
    await page.getByLabel('Region').selectOption('CU')
    await page.getByRole('alert').filter({ hasText: 'This service is unavailable in your region' }).waitFor()
    assert.equal(await page.getByRole('button', { name: /^Buy with/ }).count(), 0)
    await page.context().close()
  })

  test('error: below the minimum, and only USD in the US', async () => {
    const page = await open('/buy')
    await page.getByLabel('Amount').fill('5')
    await page.getByRole('alert').filter({ hasText: 'Minimum $10.00' }).waitFor()
    await page.getByLabel('Amount').fill('100')
    await page.getByLabel('Currency').selectOption('EUR')
    await page.getByRole('alert').filter({ hasText: 'Only available to purchase in USD' }).waitFor()
    await page.context().close()
  })

  test('behavior: sell USDC; it leaves the wallet on chain', async () => {
    const page = await open('/sell')
    await page.getByRole('button', { name: 'Sell with Beacon' }).waitFor({ timeout: 15_000 })
    const before = await balanceOf(client(), usdc(), ACCOUNT_0)
    await page.getByRole('button', { name: 'Sell with Beacon' }).click()
    await page.waitForURL(/\/checkout\?/)
    await payInCheckout(page, '4242 4242 4242 4242', 'Continue')
    await page.waitForURL(/\/sell\?fiatOrder=/)
    const send = page.getByRole('button', { name: 'Send USDC' })
    await send.waitFor({ timeout: 15_000 })
    // Beacon states 90 s: the estimate counts down in minutes and seconds.
    await page.getByText(/^Estimated time 1 min \d+ sec$/).waitFor()
    await page
      .locator('header')
      .getByRole('button', { name: /^Account / })
      .waitFor()
    await send.click()
    await page.locator('[data-testid="fiat-order"][data-status="completed"]').waitFor({ timeout: 30_000 })
    const order = await orderOf(page)
    assert.equal(before - (await balanceOf(client(), usdc(), ACCOUNT_0)), BigInt(order.cryptoAmount))
    await page.context().close()
  })

  test('behavior: the connect view names the on-ramp providers; the orders show in Activity; receive from an exchange', async () => {
    const providers = (await (await fetch(`${stack.apiUrl}/v1/fiat/providers`)).json()) as {
      ramps: { name: string }[]
      exchanges: { id: string; name: string }[]
    }
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${stack.webUrl}/swap`)
    await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).click()
    const connect = page.getByRole('dialog', { name: 'Connect a wallet' })
    const names = new Intl.ListFormat('en-US', { type: 'conjunction' }).format(
      providers.ramps.map((r) => r.name),
    )
    await connect.getByText(`Buying crypto is powered by ${names}`).waitFor()
    await connect.getByRole('button', { name: LOCAL_WALLET }).click()
    await accountButton(page, ACCOUNT_0).waitFor()

    // Every order of the earlier tests is a row of Activity, named by its provider and token.
    const orders = (
      (await (await fetch(`${stack.apiUrl}/v1/fiat/orders?walletAddress=${ACCOUNT_0}`)).json()) as {
        orders: {
          id: string
          side: 'buy' | 'sell' | 'transfer'
          provider: string
          country: string | null
          fiatCurrency: string | null
          fiatAmount: string | null
          feeAmount: string | null
          crypto: string | null
          network: string
          status: string
          txHash: string | null
        }[]
      }
    ).orders
    assert.ok(orders.length >= 4, `the earlier buys and sells are stored (${orders.length})`)
    await accountButton(page, ACCOUNT_0).click()
    const drawer = page.getByTestId('account-drawer')
    await drawer.getByRole('tab', { name: 'Activity' }).click()
    for (const order of orders) {
      const row = drawer.locator(`[data-fiat-order="${order.id}"]`)
      await row.waitFor({ timeout: 15_000 })
      const provider = (await row.textContent()) ?? ''
      const verb = order.side === 'buy' ? 'Bought' : 'Sold'
      assert.match(provider, new RegExp(`${verb} ${order.crypto ?? ''} with ${order.provider}`, 'i'))
    }
    // A row opens its details like any other: a purchase's payout was sent (and paid for) by the
    // provider, so no network cost; a sale's deposit by the account, so its cost.
    const details = page.getByRole('dialog', { name: 'Transaction details' })
    // The fee the details show is the provider's quote for what the order asked (the sandboxes
    // price the same request the same), as the app formats it in the order's currency.
    const quotedFee = async (order: (typeof orders)[number]) => {
      const { side, country, fiatCurrency, fiatAmount, crypto, network } = order
      assert.ok(side !== 'transfer' && country && fiatCurrency && fiatAmount && crypto)
      const query = new URLSearchParams({ side, country, fiatCurrency, fiatAmount, crypto, network })
      const { quotes } = (await (await fetch(`${stack.apiUrl}/v1/fiat/quotes?${query}`)).json()) as {
        quotes: { provider: string; feeAmount: string }[]
      }
      const fee = quotes.find((quote) => quote.provider === order.provider)?.feeAmount
      assert.ok(fee && Number(fee) > 0, `${order.provider} quotes ${query}`)
      assert.equal(order.feeAmount, fee, "the order keeps its quote's fee")
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: fiatCurrency }).format(Number(fee))
    }
    const bought = orders.find((o) => o.side === 'buy' && o.status === 'completed' && o.txHash)
    const sold = orders.find((o) => o.side === 'sell' && o.txHash)
    assert.ok(bought?.txHash && sold?.txHash, 'a completed buy and a sale with their transactions')
    await drawer.locator(`[data-fiat-order="${bought.id}"]`).getByTestId('activity-open').click()
    await details.locator('[data-testid="tx-details"][data-state="success"]').waitFor()
    assert.equal(await details.getByTestId('tx-details-hash').textContent(), bought.txHash)
    assert.equal(await details.getByTestId('tx-details-status').textContent(), 'Confirmed')
    assert.equal(await details.getByTestId('tx-details-cost').count(), 0, 'the provider paid the gas')
    assert.equal(await details.getByTestId('tx-details-provider-fee').textContent(), await quotedFee(bought))
    await page.keyboard.press('Escape')
    await details.waitFor({ state: 'hidden' })
    await drawer.locator(`[data-fiat-order="${sold.id}"]`).getByTestId('activity-open').click()
    await details.locator('[data-testid="tx-details-cost"][data-wei]').waitFor()
    assert.equal(await details.getByTestId('tx-details-hash').textContent(), sold.txHash)
    assert.equal(await details.getByTestId('tx-details-provider-fee').textContent(), await quotedFee(sold))
    await page.keyboard.press('Escape')
    await details.waitFor({ state: 'hidden' })

    // Receive, then the exchange mode: the API's exchanges, each opening its signed withdrawal page.
    await drawer.getByRole('button', { name: 'Receive', exact: true }).click()
    const receive = page.getByRole('dialog', { name: 'Receive' })
    await receive.getByRole('button', { name: 'Transfer from an exchange' }).click()
    const exchange = providers.exchanges[0]
    assert.ok(exchange, 'the sandbox configures an exchange')
    await receive.getByRole('button', { name: exchange.name }).click()
    await page.waitForURL((url) => url.port === String(SANDBOX_PORT))
    await page.context().close()
  })
})
