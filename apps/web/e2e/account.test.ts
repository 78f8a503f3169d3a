/**
 * The account drawer in Chromium against the full local stack: devnet (ethereum + base, port base
 * 29100), the API (29187), the real indexer (29190) and the built app (localhost:29173). Nothing of
 * ours is mocked.
 *
 * Covered: the connect view inside the drawer; side panel at 1280 px and bottom sheet at 390 px;
 * Escape, the close button and the reset to the default view; the portfolio total equal to the
 * on-chain balances times the indexer's prices; EUR changing the fiat figures by the API's rate;
 * settings surviving a reload (and corrupt stored settings falling back to defaults); a swap shown as
 * pending in Activity while the block is not mined, then confirmed; keyboard-only use of the tabs;
 * a send to alice.eth named on the form, on Review and as the counterparty in Activity; the smart
 * wallet setting upgrading and removing an EIP-7702 delegation, checked on chain.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { NetworkSlug } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { devnetClients } from '@oxbow/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, erc20Abi, isHash, zeroAddress } from 'viem'
import { connectToSend, drawer, drawerSuite, waitForSendReview } from './drawerKit.ts'
import { STACK_NETWORKS } from './stack.ts'
import {
  ACCOUNT_0,
  accountButton,
  byTestId,
  connectWallet,
  seededTokenOf,
  toBaseUnits,
  waitForQuote,
} from './swapKit.ts'

const PORTS = { devnetPortBase: 29100, apiPort: 29187, webPort: 29173, indexerPort: 29190 }
const LOCAL_WALLET = 'Local test wallet'

const suite = drawerSuite(PORTS)

const withPage = (
  path: string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
  viewport = { width: 1280, height: 900 },
) => suite.withPage(path, run, { viewport })

async function connectAndOpen(page: Page): Promise<void> {
  await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
  await accountButton(page, ACCOUNT_0).click()
  await drawer(page)
    .getByTestId('portfolio-total')
    .waitFor()
    .catch(async (error: unknown) => {
      throw new Error(`no portfolio total; the drawer shows: ${await drawer(page).textContent()}`, {
        cause: error,
      })
    })
}

/**
 * Keyboard only: focuses the drawer's selected portfolio tab and arrows right to `id`'s tab, one
 * step at a time, each step waiting until the selection and focus have moved (never a press on a
 * render that has not landed yet). The drawer's <dialog> places focus itself when it opens: the tab
 * is focused again until focus stays on it.
 */
async function keyboardToTab(page: Page, id: string): Promise<void> {
  const selected = drawer(page).getByRole('tab', { selected: true })
  await selected.waitFor()
  await page.waitForFunction(
    () => {
      const tab = document.querySelector<HTMLElement>(
        '[data-testid="account-drawer"] [role="tab"][aria-selected="true"]',
      )
      if (tab && document.activeElement !== tab) tab.focus()
      return tab !== null && document.activeElement === tab
    },
    undefined,
    { polling: 100 },
  )
  for (let i = 0; i < 4; i += 1) {
    const current = (await selected.getAttribute('id')) ?? ''
    if (current === `account-tab-${id}`) return
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction(
      (previous) => {
        const tab = document.querySelector(
          '[data-testid="account-drawer"] [role="tab"][aria-selected="true"]',
        )
        return tab !== null && tab.id !== previous && document.activeElement === tab
      },
      current,
      { polling: 50 },
    )
  }
  await drawer(page).locator(`[role="tab"][id="account-tab-${id}"][aria-selected="true"]`).waitFor()
}

async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(suite.stack.graphqlUrl ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await response.json()) as { data: T; errors?: unknown }
  assert.equal(body.errors, undefined, JSON.stringify(body.errors))
  return body.data
}

/** Σ on-chain balance × the indexer's pool-derived price, over the non-spam tokens of every network. */
async function expectedTotalUsd(owner: Address, minimumUsd: number): Promise<number> {
  let total = 0
  for (const slug of STACK_NETWORKS) {
    const client = devnetClients(suite.stack.manifest, slug as NetworkSlug, 0).public
    const { tokens } = await graphql<{
      tokens: { nodes: { address: string; decimals: number; isSpam: boolean }[] }
    }>(
      'query($n:[String!]){tokens(networks:$n,includeSpam:true,first:100){nodes{address decimals isSpam}}}',
      { n: [slug] },
    )
    const assets = [
      { address: NATIVE_CURRENCY_ADDRESS as string, decimals: 18, isSpam: false },
      ...tokens.nodes.filter((t) => t.address !== NATIVE_CURRENCY_ADDRESS),
    ].filter((t) => !t.isSpam)
    const { tokenPrices } = await graphql<{ tokenPrices: { priceUsd: string | null }[] }>(
      'query($t:[TokenRef!]!){tokenPrices(tokens:$t){priceUsd}}',
      { t: assets.map((a) => ({ network: slug, address: a.address })) },
    )
    for (const [index, asset] of assets.entries()) {
      const balance =
        asset.address === NATIVE_CURRENCY_ADDRESS
          ? await client.getBalance({ address: owner })
          : await client.readContract({
              address: asset.address as Address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [owner],
            })
      const price = tokenPrices[index]?.priceUsd
      if (balance === 0n || price === null || price === undefined) continue
      const value = (Number(balance) / 10 ** asset.decimals) * Number(price)
      if (value >= minimumUsd) total += value
    }
  }
  return total
}

describe('account drawer', { timeout: 600_000 }, () => {
  test('the connect view lives in the drawer; a side panel at 1280 px; Escape and the close button close it; it resets to the default view 250 ms after closing', async () => {
    await withPage('/swap', async (page) => {
      await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).click()
      const connect = page.getByRole('dialog', { name: 'Connect a wallet' })
      await connect.getByRole('button', { name: LOCAL_WALLET }).waitFor()
      await drawer(page).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
      const box = await drawer(page).boundingBox()
      assert.ok(box)
      assert.equal(Math.round(box.width), 390, 'drawer width 390 px')
      assert.equal(Math.round(1280 - (box.x + box.width)), 8, 'margin 8 px from the edge')
      await page.keyboard.press('Escape')
      await connect.waitFor({ state: 'hidden' })

      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await drawer(page).waitFor({ state: 'hidden' })
      await accountButton(page, ACCOUNT_0).click()
      const view = drawer(page).locator('[data-view]')
      assert.equal(await view.getAttribute('data-view'), 'default')
      // No username or ENS name: the full address, with copy.
      assert.equal(await drawer(page).getByTestId('wallet-address').textContent(), ACCOUNT_0)
      await drawer(page).getByRole('button', { name: 'Copy address' }).waitFor()
      await drawer(page).getByRole('button', { name: 'Settings' }).click()
      await drawer(page).locator('[data-view="settings"][data-direction="forward"]').waitFor()
      await drawer(page)
        .getByRole('button', { name: /Local currency/ })
        .click()
      await drawer(page).locator('[data-view="currency"][data-direction="forward"]').waitFor()
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await drawer(page).locator('[data-view="settings"][data-direction="backward"]').waitFor()
      await drawer(page).getByRole('button', { name: 'Close' }).click()
      await drawer(page).waitFor({ state: 'hidden' })
      // Closed away from the default view: back on it 250 ms later (timing: drawerState.test.ts).
      await page.waitForTimeout(400)
      await accountButton(page, ACCOUNT_0).click()
      await drawer(page).locator('[data-view="default"]').waitFor()
      await page.keyboard.press('Escape')
      await drawer(page).waitFor({ state: 'hidden' })
    })
  })

  test('a bottom sheet at 390 px wide', async () => {
    await withPage(
      '/swap',
      async (page) => {
        await connectAndOpen(page)
        // Measured once the 250 ms slide-up has finished.
        await drawer(page).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
        const box = await drawer(page).boundingBox()
        assert.ok(box)
        assert.equal(Math.round(box.width), 390, 'full width')
        assert.ok(Math.abs(box.y + box.height - 800) <= 1, `anchored to the bottom (${box.y + box.height})`)
        // Dragging the handle up resists (1/2.5 of the pointer); dragging it down far enough closes.
        const handle = drawer(page).locator('[class*="handle"]')
        const at = await handle.boundingBox()
        assert.ok(at)
        await page.mouse.move(at.x + at.width / 2, at.y + 2)
        await page.mouse.down()
        await page.mouse.move(at.x + at.width / 2, at.y + 2 - 100, { steps: 5 })
        assert.match(await drawer(page).evaluate((el) => (el as HTMLElement).style.translate), /-40px/)
        await page.mouse.move(at.x + at.width / 2, at.y + 2 + 400, { steps: 10 })
        await page.mouse.up()
        await drawer(page).waitFor({ state: 'hidden' })
      },
      { width: 390, height: 800 },
    )
  })

  test('the portfolio total equals the on-chain balances times the indexer prices; EUR converts it by the API rate; settings persist across a reload', async () => {
    await withPage('/swap', async (page) => {
      await connectAndOpen(page)
      const total = drawer(page).getByTestId('portfolio-total')
      // Default: small balances (< 1 USD) hidden.
      const expectedHidden = await expectedTotalUsd(ACCOUNT_0, 1)
      const shownHidden = Number(await total.getAttribute('data-usd'))
      assert.ok(
        Math.abs(shownHidden - expectedHidden) <= expectedHidden * 1e-6 + 0.01,
        `total ${shownHidden} vs on-chain × prices ${expectedHidden}`,
      )
      // Show small balances: Settings → Small balances → off.
      await drawer(page).getByRole('button', { name: 'Settings' }).click()
      await drawer(page)
        .getByRole('button', { name: /Small balances/ })
        .click()
      await drawer(page)
        .getByRole('switch', { name: /Hide small balances/ })
        .uncheck()
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      // Local currency EUR.
      await drawer(page)
        .getByRole('button', { name: /Local currency/ })
        .click()
      await drawer(page).getByRole('radio', { name: /EUR/ }).click()
      await page.keyboard.press('Escape')
      await page.waitForTimeout(400)
      await accountButton(page, ACCOUNT_0).click()
      const expectedAll = await expectedTotalUsd(ACCOUNT_0, 0)
      await page.waitForFunction((expected) => {
        const usd = Number(
          document.querySelector('[data-testid="portfolio-total"]')?.getAttribute('data-usd'),
        )
        return Math.abs(usd - expected) <= expected * 1e-6 + 0.01
      }, expectedAll)
      const rates = (await (await fetch(`${suite.stack.apiUrl}/v1/fx-rates`)).json()) as {
        rates: Record<string, number>
      }
      const eur = rates.rates.EUR
      assert.ok(eur && eur !== 1)
      const text = (await total.textContent()) ?? ''
      assert.match(text, /€/, `shown in euros: ${text}`)
      const digits = Number(text.replace(/[^\d.]/g, ''))
      const usd = Number(await total.getAttribute('data-usd'))
      assert.ok(Math.abs(digits - usd * eur) <= 0.01 * usd * eur + 1, `${text} = ${usd} USD × ${eur}`)
      // The token rows are in euros too.
      const rowValue =
        (await drawer(page).locator('[data-testid="portfolio-tokens"] li').first().textContent()) ?? ''
      assert.match(rowValue, /€/)

      await page.reload()
      await accountButton(page, ACCOUNT_0).click()
      await drawer(page).getByRole('button', { name: 'Settings' }).click()
      await drawer(page)
        .getByRole('button', { name: /Small balances/ })
        .click()
      assert.equal(
        await drawer(page)
          .getByRole('switch', { name: /Hide small balances/ })
          .isChecked(),
        false,
      )
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      assert.match(
        (await drawer(page)
          .getByRole('button', { name: /Local currency/ })
          .textContent()) ?? '',
        /EUR/,
      )

      // Corrupt stored settings and tab: defaults, never a blank screen.
      await page.evaluate(() => {
        localStorage.setItem('oxbow.preferences', '{"hideSmallBalances":"yes"')
        localStorage.setItem('oxbow.account.tab', '<script>')
      })
      await page.reload()
      await accountButton(page, ACCOUNT_0).click()
      await drawer(page).getByRole('tab', { name: 'Tokens', selected: true }).waitFor()
    })
  })

  test('a swap shows as pending in Activity until its block is mined, then confirmed; tabs work by keyboard and the tab is remembered', async () => {
    const rpc = suite.stack.rpcUrl('ethereum')
    const call = (method: string, params: unknown[] = []) =>
      fetch(rpc, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then((r) => r.json())
    const usdc = seededTokenOf(suite.stack.manifest.networks.ethereum, 'USDC')
    await withPage(`/swap?chain=ethereum&inputCurrency=ETH&outputCurrency=${usdc.address}`, async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      const field = byTestId(page, 'swap-input-amount')
      await field.click()
      await field.pressSequentially('0.01')
      await waitForQuote(page, { side: 'in', amount: toBaseUnits('0.01', 18) })
      await call('evm_setAutomine', [false])
      try {
        await byTestId(page, 'swap-button').click()
        await byTestId(page, 'swap-review').waitFor()
        await byTestId(page, 'swap-confirm').click()
        await byTestId(page, 'account-pending-count').waitFor()
        // The swap's status dialog is modal (and lazily loaded: on a loaded machine it may open after
        // the pending count shows): wait until it shows the sent transaction as pending, then close
        // it (the transaction stays pending in the app) and wait until it is gone, or an Escape
        // pressed before it opened would leave it over the page and the drawer.
        await page.locator('[data-testid="swap-status"][data-state="pending"]').waitFor()
        await page.keyboard.press('Escape')
        await byTestId(page, 'swap-status').waitFor({ state: 'hidden' })
        await accountButton(page, ACCOUNT_0).click()
        await keyboardToTab(page, 'activity')
        const pendingRow = drawer(page)
          .locator('[data-testid="portfolio-activity"] li[data-status="pending"]')
          .first()
        await pendingRow.waitFor()
        const hash = (await pendingRow.getAttribute('data-tx')) ?? ''
        assert.match(hash, /^0x[0-9a-f]{64}$/i)
        await call('evm_mine')
        await drawer(page)
          .locator(`li[data-tx="${hash}"][data-status="confirmed"]`)
          .first()
          .waitFor({ timeout: 60_000 })
        assert.equal(await drawer(page).locator(`li[data-tx="${hash}"][data-status="pending"]`).count(), 0)
        const receipt = await devnetClients(suite.stack.manifest, 'ethereum', 0).public.getTransactionReceipt(
          {
            hash: hash as `0x${string}`,
          },
        )
        assert.equal(receipt.status, 'success')
        await byTestId(page, 'account-pending-count').waitFor({ state: 'detached' })
      } finally {
        await call('evm_setAutomine', [true])
      }
      await page.reload()
      await accountButton(page, ACCOUNT_0).click()
      await drawer(page)
        .getByRole('tab', { name: /Activity/, selected: true })
        .waitFor()
    })
  })

  test('send: ETH to a new address and an ERC-20 to a contract (speed bumps in order), balances checked on chain; a look-alike of a recent recipient is warned; button labels', async () => {
    const eth = devnetClients(suite.stack.manifest, 'ethereum', 0).public
    const fresh = `0x${randomBytes(20).toString('hex')}` as Address
    const usdc = seededTokenOf(suite.stack.manifest.networks.ethereum, 'USDC')
    const weth = suite.stack.manifest.networks.ethereum?.tokens.find((t) => t.symbol === 'WETH')
    assert.ok(usdc && weth)
    await withPage('/send?chain=ethereum&inputCurrency=ETH', async (page) => {
      const form = page.getByTestId('send-form')
      const button = page.getByTestId('send-button')
      assert.equal((await button.textContent())?.trim(), 'Connect wallet')
      await connectToSend(page, LOCAL_WALLET, ACCOUNT_0)
      assert.match(
        (await page.getByTestId('send-token').locator('option:checked').textContent()) ?? '',
        /^ETH · Ethereum/,
      )
      // Labels: no amount, invalid recipient, no recipient.
      assert.equal((await button.textContent())?.trim(), 'Enter an amount')
      await page.getByTestId('send-recipient').fill('0x1234')
      assert.equal((await button.textContent())?.trim(), 'Invalid recipient')
      assert.equal(await button.isDisabled(), true)
      await page.getByTestId('send-recipient').fill('')
      await page.getByTestId('send-amount').fill('0.5')
      assert.equal((await button.textContent())?.trim(), 'Select recipient')
      // Too many decimals never reach the field; an amount above the balance is a red error.
      await page.getByTestId('send-amount').fill('100000000')
      await page.getByTestId('send-amount-error').filter({ hasText: 'Insufficient ETH balance' }).waitFor()
      await page.getByTestId('send-amount').fill('0.5')

      // ETH to a new address (whitespace stripped).
      await page.getByTestId('send-recipient').fill(` ${fresh.slice(0, 12)} ${fresh.slice(12)} `)
      await waitForSendReview(page)
      const before = await eth.getBalance({ address: fresh })
      await button.click()
      await page
        .getByRole('dialog', { name: 'New address' })
        .getByRole('button', { name: 'Continue' })
        .click()
      await page.getByTestId('send-review').getByTestId('send-confirm').click()
      await form.locator('[data-testid="send-status"][data-state="confirmed"]').waitFor({ timeout: 30_000 })
      assert.equal((await eth.getBalance({ address: fresh })) - before, 500000000000000000n)
      // Success resets the form.
      assert.equal(await page.getByTestId('send-amount').inputValue(), '')
      assert.equal(await page.getByTestId('send-recipient').inputValue(), '')

      // USDC to a contract: the smart-contract speed bump, then the new-address one.
      const option = page.locator(
        `[data-testid="send-token"] option[data-network="ethereum"][data-address="${usdc.address}"]`,
      )
      await page.getByTestId('send-token').selectOption((await option.getAttribute('value')) ?? '')
      const tokenBefore = await eth.readContract({
        address: usdc.address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [weth.address as Address],
      })
      await page.getByTestId('send-recipient').fill(weth.address)
      if (await page.getByTestId('send-toggle').isVisible()) {
        // Fiat input is on after the last success: back to token input.
        if (/in USDC/.test((await page.getByTestId('send-toggle').textContent()) ?? ''))
          await page.getByTestId('send-toggle').click()
      }
      await page.getByTestId('send-amount').fill('12.5')
      await waitForSendReview(page)
      await button.click()
      await page
        .getByRole('dialog', { name: 'This address is a smart contract' })
        .getByRole('button', { name: 'Continue' })
        .click()
      await page
        .getByRole('dialog', { name: 'New address' })
        .getByRole('button', { name: 'Continue' })
        .click()
      await page.getByTestId('send-review').getByTestId('send-confirm').click()
      await form
        .locator('[data-testid="send-status"][data-state="confirmed"]')
        .last()
        .waitFor({ timeout: 30_000 })
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="send-status"]')?.textContent?.includes(text),
        'USDC',
      )
      const tokenAfter = await eth.readContract({
        address: usdc.address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [weth.address as Address],
      })
      assert.equal(tokenAfter - tokenBefore, toBaseUnits('12.5', usdc.decimals))

      // A look-alike of the contract just sent to (once the indexer lists that send; plain ETH transfers have no log to index).
      const known = weth.address
      const lookalike = `0x${known.slice(2, 6)}${'0'.repeat(32)}${known.slice(-4)}`
      await page.getByTestId('send-token').selectOption({ index: 0 })
      await page.getByTestId('send-recipient').focus()
      await page
        .getByRole('list', { name: 'Recent' })
        .getByText(known, { exact: false })
        .first()
        .waitFor({ timeout: 30_000 })
      await page.getByTestId('send-recipient').fill(lookalike)
      await page.getByTestId('send-amount').fill('0.001')
      await waitForSendReview(page)
      await button.click()
      await page
        .getByRole('dialog', { name: 'New address' })
        .getByRole('button', { name: 'Continue' })
        .click()
      await page.getByRole('dialog', { name: 'This address looks like one you sent to before' }).waitFor()
    })
  })

  test('send to an ENS name: alice.eth resolves through the devnet registry to account 1, which receives the ETH', async () => {
    const eth = devnetClients(suite.stack.manifest, 'ethereum', 0).public
    const alice = devnetClients(suite.stack.manifest, 'ethereum', 1).wallet.account.address
    await withPage('/send?chain=ethereum&inputCurrency=ETH', async (page) => {
      const form = page.getByTestId('send-form')
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await page.getByTestId('send-amount').fill('0.25')
      // An address typed shows its verified ENS name (the reverse record, checked forward).
      await page.getByTestId('send-recipient').fill(alice)
      await page
        .getByTestId('send-recipient-name')
        .filter({ hasText: /^alice\.eth$/ })
        .waitFor()
      await page.getByTestId('send-recipient').fill(' Alice.eth ')
      const resolved = page.getByTestId('send-recipient-resolved')
      await resolved.waitFor()
      assert.equal((await resolved.textContent())?.trim(), alice)
      await waitForSendReview(page)
      const before = await eth.getBalance({ address: alice })
      await page.getByTestId('send-button').click()
      // account 1 never received from account 0 here: the new-address speed bump comes first.
      await page
        .getByRole('dialog', { name: 'New address' })
        .getByRole('button', { name: 'Continue' })
        .click()
      const review = page.getByTestId('send-review')
      assert.equal((await review.getByTestId('send-review-name').textContent())?.trim(), 'alice.eth')
      await review.getByText(alice).waitFor()
      await review.getByTestId('send-confirm').click()
      await form.locator('[data-testid="send-status"][data-state="confirmed"]').waitFor({ timeout: 30_000 })
      assert.equal((await eth.getBalance({ address: alice })) - before, 250000000000000000n)
      // An unknown name stays unresolved: 'Invalid recipient', nothing to send.
      await page.getByTestId('send-recipient').fill('nobody.eth')
      await page.getByTestId('send-amount').fill('0.1')
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="send-button"]')?.textContent?.trim() === 'Invalid recipient',
      )
      // Activity names the counterparty of the indexed send: alice.eth, not the bare address.
      await accountButton(page, ACCOUNT_0).click()
      await drawer(page).getByRole('tab', { name: 'Activity' }).click()
      const named = drawer(page)
        .getByTestId('activity-counterparty')
        .filter({ hasText: /^To alice\.eth$/ })
      await named.first().waitFor({ timeout: 30_000 })
      assert.equal(await named.first().getAttribute('data-address'), alice)
      await page.screenshot({ path: join(tmpdir(), 'account-activity-ens-1280.png') })
    })
  })

  test("smart wallet: settings show each network's delegation; Upgrade delegates on chain (EIP-7702), Remove delegation clears it", async () => {
    const { public: eth, wallet } = devnetClients(suite.stack.manifest, 'ethereum', 5)
    const me = wallet.account.address
    const delegate = suite.stack.manifest.networks.ethereum?.contracts.simple7702Account ?? ''
    assert.equal((await eth.getCode({ address: me })) ?? '0x', '0x', 'account 5 starts as a plain account')
    await withPage(`/swap?eagerlyConnect=true&eagerlyConnectAddress=${me}`, async (page) => {
      await accountButton(page, me).click()
      await drawer(page).getByRole('button', { name: 'Settings' }).click()
      await drawer(page).getByTestId('settings-smart-wallet').click()
      const ethereum = drawer(page).locator('[data-testid="smart-wallet-network"][data-network="ethereum"]')
      await ethereum.and(page.locator('[data-status="inactive"]')).waitFor()
      assert.equal(await ethereum.getByTestId('smart-wallet-status').textContent(), 'Inactive')
      await page.screenshot({ path: join(tmpdir(), 'account-smart-wallet-1280.png') })
      await ethereum.getByTestId('smart-wallet-upgrade').click()
      await page.getByText('Upgraded to a smart wallet').first().waitFor({ timeout: 30_000 })
      await ethereum.and(page.locator('[data-status="active"]')).waitFor()
      assert.equal(
        (await eth.getCode({ address: me }))?.toLowerCase(),
        `0xef0100${delegate.slice(2).toLowerCase()}`,
        'the account delegates to Simple7702Account',
      )
      await page.screenshot({ path: join(tmpdir(), 'account-smart-wallet-active-1280.png') })
      await ethereum.getByTestId('smart-wallet-remove').click()
      await page.getByText('Removed delegation').first().waitFor({ timeout: 30_000 })
      await ethereum.and(page.locator('[data-status="inactive"]')).waitFor()
      assert.equal((await eth.getCode({ address: me })) ?? '0x', '0x', 'the delegation is cleared')
      await page.setViewportSize({ width: 390, height: 844 })
      await ethereum.waitFor()
      await page.screenshot({ path: join(tmpdir(), 'account-smart-wallet-390.png') })
    })
  })

  test('the drawer opens the send modal and the receive modal with a QR code', async () => {
    await withPage('/swap', async (page) => {
      await connectAndOpen(page)
      await drawer(page).getByRole('button', { name: 'Send', exact: true }).click()
      const modal = page.getByRole('dialog', { name: 'Send' })
      await modal.getByTestId('send-form').waitFor()
      await modal.getByRole('button', { name: 'Close' }).click()
      await drawer(page).getByRole('button', { name: 'Receive', exact: true }).click()
      const receive = page.getByRole('dialog', { name: 'Receive' })
      assert.equal(await receive.getByTestId('receive-address').textContent(), ACCOUNT_0)
      await receive.getByRole('button', { name: 'Show QR code' }).click()
      await receive.getByRole('img', { name: 'QR code of your address' }).waitFor()
    })
  })
  test('smart wallet: an upgrade and its removal show in Activity once mined (the indexer reads EIP-7702 authorizations) and after a reload', async () => {
    const { public: eth, wallet } = devnetClients(suite.stack.manifest, 'ethereum', 6)
    const me = wallet.account.address
    const delegate = suite.stack.manifest.networks.ethereum?.contracts.simple7702Account ?? ''
    const shots = process.env.OXBOW_E2E_SCREENSHOTS ?? tmpdir()
    assert.equal((await eth.getCode({ address: me })) ?? '0x', '0x', 'account 6 starts as a plain account')
    const confirmedRow = (page: Page, title: string) =>
      drawer(page).locator('li[data-status="confirmed"]').filter({ hasText: title })
    /** The row's transaction on chain: a type-4 transaction carrying one authorization to `target`. */
    const expectAuthorization = async (hash: string | null, target: string) => {
      assert.ok(hash && isHash(hash), 'the row names its transaction')
      const tx = await eth.getTransaction({ hash })
      assert.equal(tx.type, 'eip7702')
      assert.equal(tx.authorizationList?.[0]?.address.toLowerCase(), target.toLowerCase())
    }
    const toggle = async (page: Page, action: 'upgrade' | 'remove') => {
      await drawer(page).getByRole('button', { name: 'Settings' }).click()
      await drawer(page).getByTestId('settings-smart-wallet').click()
      const ethereum = drawer(page).locator('[data-testid="smart-wallet-network"][data-network="ethereum"]')
      await ethereum.getByTestId(`smart-wallet-${action}`).click()
      await ethereum
        .and(page.locator(`[data-status="${action === 'upgrade' ? 'active' : 'inactive'}"]`))
        .waitFor({ timeout: 30_000 })
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await drawer(page).getByRole('tab', { name: 'Activity' }).click()
    }
    await withPage(`/swap?eagerlyConnect=true&eagerlyConnectAddress=${me}`, async (page) => {
      await accountButton(page, me).click()
      await toggle(page, 'upgrade')
      const upgraded = confirmedRow(page, 'Upgraded to a smart wallet')
      await upgraded.waitFor({ timeout: 30_000 })
      await expectAuthorization(await upgraded.getAttribute('data-tx'), delegate)
      await toggle(page, 'remove')
      const removed = confirmedRow(page, 'Removed delegation')
      await removed.waitFor({ timeout: 30_000 })
      await expectAuthorization(await removed.getAttribute('data-tx'), zeroAddress)
      assert.equal((await eth.getCode({ address: me })) ?? '0x', '0x', 'the delegation is cleared')
      await page.screenshot({ path: join(shots, 'account-activity-delegation-1280.png') })
      // Nothing of it is the app's memory: after a reload the indexer still lists both.
      await page.reload()
      await accountButton(page, me).click()
      await drawer(page).getByRole('tab', { name: 'Activity' }).click()
      await confirmedRow(page, 'Removed delegation').waitFor({ timeout: 30_000 })
      await confirmedRow(page, 'Upgraded to a smart wallet').waitFor()
      await page.screenshot({ path: join(shots, 'account-activity-delegation-reload-1280.png') })
    })
  })
})
