/**
 * Activity's transaction details, in Chromium against the full local stack: devnet (ethereum +
 * base, port base 32100), the API (32187), the real indexer (32190) and the built app
 * (localhost:32173).
 *
 * Covered: the zero address and the sender's own address refused as send recipients; a real send's
 * row opens its details (type, status, network, amount, hash) whose network cost equals the receipt's
 * gasUsed × effectiveGasPrice read on chain with viem, shown in ETH and in dollars; a send the app
 * made that reverted on chain (the recipient got code while the send waited in the mempool: the
 * 21,000 gas ran out) shows as 'Send failed' / Failed in Activity, also after a reload (the indexer
 * has no row for a reverted transaction: the app's record is kept), with its details and the
 * receipt's network cost; a tracked transaction the node does not know shows 'Cannot load
 * transaction'; a received token's details show no network cost (the sender paid it); the
 * settings footer's build hash is a commit of this repository. At 390 px on a touch screen, the
 * bottom sheet: a short swipe up from the bottom edge (within 20 px) springs back, a longer one
 * (past 100 px, CDP touch input) opens it; dragging its top edge strip with the mouse up moves it at
 * 1/2.5 of the pointer, a short drag down springs back and a long touch drag down closes it;
 * backdrop 0.5, 250 ms animation.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { describe, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, erc20Abi, type Hash, parseAbi } from 'viem'
import { connectToSend, drawer, drawerSuite, reviewSend, withMiningPaused } from './drawerKit.ts'
import { screenshot } from './support.ts'
import { ACCOUNT_0, accountButton, byTestId, connectWallet } from './swapKit.ts'

const PORTS = { devnetPortBase: 32100, apiPort: 32187, webPort: 32173, indexerPort: 32190 }
const LOCAL_WALLET = 'Local test wallet'
/** PUSH1 0 PUSH1 0 REVERT: any call to it reverts. */
const REVERTING_CODE = '0x60006000fd'

const suite = drawerSuite(PORTS)

const withPage = (path: string, run: (page: Page, context: BrowserContext) => Promise<void>) =>
  suite.withPage(path, run, { viewport: { width: 1280, height: 900 } })

const chain = () => devnetClients(suite.stack.manifest, 'ethereum', 0)

async function openActivity(page: Page) {
  await accountButton(page, ACCOUNT_0).click()
  const tab = drawer(page).getByRole('tab', { name: /Activity/ })
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click()
  return drawer(page).getByTestId('portfolio-activity')
}

/** Opens the details of the row of `hash` and returns the dialog's content. */
async function openDetails(page: Page, row: ReturnType<Page['locator']>) {
  await row.getByTestId('activity-open').click()
  const dialog = page.getByRole('dialog', { name: 'Transaction details' })
  await dialog.waitFor()
  return dialog
}

async function networkCostOnChain(hash: Hash) {
  const receipt = await chain().public.getTransactionReceipt({ hash })
  return { receipt, wei: receipt.gasUsed * receipt.effectiveGasPrice }
}

describe('activity: transaction details', { concurrency: false }, () => {
  test('send: the zero address and your own address are refused; a sent ETH’s details show the receipt’s network cost', async () => {
    const to = `0x${randomBytes(20).toString('hex')}` as Address
    await withPage('/send?chain=ethereum&inputCurrency=ETH', async (page) => {
      await connectToSend(page, LOCAL_WALLET, ACCOUNT_0)
      for (const [recipient, problem, text] of [
        ['0x0000000000000000000000000000000000000000', 'zeroAddress', /zero address/],
        [ACCOUNT_0.toLowerCase(), 'ownAddress', /your own address/],
      ] as const) {
        await page.getByTestId('send-recipient').fill(recipient)
        await page.getByTestId('send-amount').fill('0.01')
        const shown = page.locator(`[data-testid="send-recipient-problem"][data-problem="${problem}"]`)
        await shown.waitFor()
        assert.match((await shown.textContent()) ?? '', text)
        await page.waitForFunction(() => {
          const b = document.querySelector('[data-testid="send-button"]') as HTMLButtonElement | null
          return b?.textContent?.trim() === 'Invalid recipient' && b.disabled
        })
      }
      await page.getByTestId('send-amount').fill('')

      await reviewSend(page, to, '0.01')
      await page.getByTestId('send-review').getByTestId('send-confirm').click()
      const status = page.locator('[data-testid="send-status"][data-state="confirmed"]')
      await status.waitFor({ timeout: 30_000 })
      const hash = (await status.getAttribute('data-tx')) as Hash
      assert.match(hash, /^0x[0-9a-f]{64}$/i)

      const activity = await openActivity(page)
      const row = activity.locator(`li[data-tx="${hash}"][data-status="confirmed"]`).first()
      await row.waitFor({ timeout: 60_000 })
      const details = await openDetails(page, row)
      const cost = details.locator('[data-testid="tx-details-cost"][data-wei]')
      await cost.waitFor()
      const { receipt, wei } = await networkCostOnChain(hash)
      assert.equal(receipt.status, 'success')
      assert.ok(wei > 0n)
      assert.equal(await cost.getAttribute('data-wei'), wei.toString(), 'gasUsed × effectiveGasPrice')
      // in the native token and, once the indexer's price arrives, in dollars
      assert.match((await cost.textContent()) ?? '', /ETH/)
      await details.locator('[data-testid="tx-details-cost"]', { hasText: '$' }).waitFor()
      assert.equal(await details.getByTestId('tx-details-type').textContent(), 'Sent')
      assert.equal(await details.getByTestId('tx-details-status').textContent(), 'Confirmed')
      assert.match((await details.getByTestId('tx-details-amounts').textContent()) ?? '', /0\.01 ETH/)
      assert.equal(await details.getByTestId('tx-details-hash').textContent(), hash)
      await details.getByTestId('tx-details-copy').waitFor()
      assert.match((await details.textContent()) ?? '', /Ethereum/)
      await screenshot(page, 'activity-details-1280')
      await page.keyboard.press('Escape')
      await details.waitFor({ state: 'hidden' })
      // Escape closed the details, not the drawer
      assert.equal(await drawer(page).isVisible(), true)
    })
  })

  test('a send that reverted on chain is a failed row (also after a reload) with its details', async () => {
    const to = `0x${randomBytes(20).toString('hex')}` as Address
    await withPage('/send?chain=ethereum&inputCurrency=ETH', async (page) => {
      await connectToSend(page, LOCAL_WALLET, ACCOUNT_0)
      let hash: Hash | undefined
      await withMiningPaused(chain().test, async () => {
        await reviewSend(page, to, '0.003')
        await page.getByTestId('send-review').getByTestId('send-confirm').click()
        await page.getByTestId('send-review').getByTestId('send-review-close').click()
        const activity = await openActivity(page)
        const pending = activity.locator('li[data-status="pending"]').first()
        await pending.waitFor()
        hash = (await pending.getAttribute('data-tx')) as Hash
        // The recipient turns into a contract that reverts before the send is mined.
        await chain().test.setCode({ address: to, bytecode: REVERTING_CODE })
        await chain().test.mine({ blocks: 1 })
      })
      assert.ok(hash)
      const { receipt, wei } = await networkCostOnChain(hash)
      assert.equal(receipt.status, 'reverted')
      assert.equal(await chain().public.getBalance({ address: to }), 0n, 'nothing arrived')

      const activity = drawer(page).getByTestId('portfolio-activity')
      const failed = activity.locator(`li[data-tx="${hash}"][data-status="failed"]`)
      await failed.waitFor({ timeout: 30_000 })
      assert.match((await failed.textContent()) ?? '', /Send failed/)
      assert.equal(await failed.getByTestId('activity-status').textContent(), 'Failed')
      await byTestId(page, 'account-pending-count').waitFor({ state: 'detached' })

      await page.reload()
      const again = (await openActivity(page)).locator(`li[data-tx="${hash}"][data-status="failed"]`)
      await again.waitFor()
      const details = await openDetails(page, again)
      const cost = details.locator('[data-testid="tx-details-cost"][data-wei]')
      await cost.waitFor()
      assert.equal(await cost.getAttribute('data-wei'), wei.toString())
      assert.equal(await details.getByTestId('tx-details-status').textContent(), 'Failed')
      assert.equal(await details.getByTestId('tx-details-type').textContent(), 'Send failed')
      assert.equal(await details.getByTestId('tx-details-hash').textContent(), hash)
      await screenshot(page, 'activity-details-failed-1280')
    })
  })

  test('a tracked transaction the node does not know: Cannot load transaction', async () => {
    const unknown = `0x${randomBytes(32).toString('hex')}` as Hash
    const chainId = await chain().public.getChainId()
    await withPage('/swap', async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      // As if sent from this app and then lost by the node (a restart drops its mempool): still
      // inside the reconciliation window, so the app keeps tracking it.
      await page.evaluate(({ key, entry }) => localStorage.setItem(key, JSON.stringify([entry])), {
        key: `oxbow.wallet.pending.${ACCOUNT_0.toLowerCase()}`,
        entry: { hash: unknown, chainId, kind: 'swap', addedAt: Date.now() },
      })
      await page.reload()
      const row = (await openActivity(page)).locator(`li[data-tx="${unknown}"][data-status="pending"]`)
      await row.waitFor()
      const details = await openDetails(page, row)
      const error = details.getByTestId('tx-details-error')
      await error.waitFor()
      assert.equal(await error.textContent(), 'Cannot load transaction')
      assert.equal(await details.getByTestId('tx-details-copy').count(), 0)
      await screenshot(page, 'activity-details-unknown-1280')
      await page.evaluate(
        (key) => localStorage.removeItem(key),
        `oxbow.wallet.pending.${ACCOUNT_0.toLowerCase()}`,
      )
    })
  })

  test('a received token: its details show no network cost (the sender paid the gas)', async () => {
    const weth = suite.stack.manifest.networks.ethereum?.tokens.find((t) => t.symbol === 'WETH')
    assert.ok(weth)
    const sender = devnetClients(suite.stack.manifest, 'ethereum', 1)
    const amount = 1_000_000_000_000_000n
    const deposit = await sender.wallet.writeContract({
      address: weth.address as Address,
      abi: parseAbi(['function deposit() payable']),
      functionName: 'deposit',
      value: amount,
    })
    await sender.public.waitForTransactionReceipt({ hash: deposit })
    const hash = await sender.wallet.writeContract({
      address: weth.address as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [ACCOUNT_0, amount],
    })
    assert.equal((await sender.public.waitForTransactionReceipt({ hash })).status, 'success')
    await withPage('/swap', async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      const row = (await openActivity(page)).locator(`li[data-tx="${hash}"][data-status="confirmed"]`).first()
      await row.waitFor({ timeout: 60_000 })
      const details = await openDetails(page, row)
      await details.locator('[data-testid="tx-details"][data-state="success"]').waitFor()
      assert.equal(await details.getByTestId('tx-details-type').textContent(), 'Received')
      assert.equal(await details.getByTestId('tx-details-hash').textContent(), hash)
      assert.equal(await details.getByTestId('tx-details-cost').count(), 0, 'no network cost row')
    })
  })

  test('narrow touch screen: the bottom sheet opens by an edge swipe, drags with overdrag resistance, closes by its top edge', async () => {
    const height = 800
    await suite.withPage(
      '/swap',
      async (page, context) => {
        await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
        const sheet = drawer(page)
        const cdp = await context.newCDPSession(page)
        const touch = async (points: readonly (readonly [number, number])[]) => {
          const [first, ...rest] = points
          assert.ok(first)
          await cdp.send('Input.dispatchTouchEvent', {
            type: 'touchStart',
            touchPoints: [{ x: first[0], y: first[1] }],
          })
          for (const [x, y] of rest)
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] })
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
        }
        const upFrom = (y: number, by: number) =>
          Array.from({ length: 7 }, (_, i) => [195, y - (by * i) / 6] as const)
        // Up 60 px from the bottom edge: not far enough (half the default width, 100 px).
        await touch(upFrom(height - 8, 60))
        await page.waitForTimeout(400)
        assert.equal(await sheet.count(), 0, 'a short swipe leaves it closed')
        // Up 60 px from above the edge strip (30 px up): the page's, not the drawer's.
        await touch(upFrom(height - 30, 150))
        await page.waitForTimeout(400)
        assert.equal(await sheet.count(), 0, 'a swipe from outside the edge width does not open it')
        await touch(upFrom(height - 8, 150))
        await sheet.waitFor()
        await page.waitForFunction(
          () => document.querySelector('[data-testid="account-drawer"]')?.getAnimations().length === 0,
        )
        const look = await sheet.evaluate((el) => ({
          backdrop: getComputedStyle(el, '::backdrop').backgroundColor,
          animation: getComputedStyle(el).animationDuration,
          bottom: Math.round(el.getBoundingClientRect().bottom),
          width: Math.round(el.getBoundingClientRect().width),
        }))
        assert.deepEqual(look, {
          backdrop: 'rgba(0, 0, 0, 0.5)',
          animation: '0.25s',
          bottom: height,
          width: 390,
        })

        // The mouse drags the top edge strip: up 100 px moves the sheet 40 (resistance 2.5).
        const handle = sheet.getByTestId('sheet-handle')
        const box = await handle.boundingBox()
        assert.ok(box)
        assert.equal(Math.round(box.height), 20, 'the edge width')
        const x = box.x + box.width / 2
        const y = box.y + box.height / 2
        const translate = () => sheet.evaluate((el) => el.style.translate)
        await page.mouse.move(x, y)
        await page.mouse.down()
        await page.mouse.move(x, y - 100, { steps: 5 })
        assert.equal(await translate(), '0px -40px')
        await page.mouse.move(x, y + 60, { steps: 5 })
        assert.equal(await translate(), '0px 60px', 'down it follows the pointer')
        await page.mouse.up()
        assert.equal(await translate(), '', 'a short drag springs back')
        await page.waitForTimeout(300)
        assert.equal(await sheet.isVisible(), true)
        await screenshot(page, 'drawer-sheet-390')
        // A touch drag of the top edge 150 px down closes it.
        await touch(Array.from({ length: 7 }, (_, i) => [x, y + 25 * i] as const))
        await sheet.waitFor({ state: 'detached' })
      },
      { viewport: { width: 390, height }, hasTouch: true },
    )
  })

  test('settings footer: the build hash is a commit of this repository, 6 characters', async () => {
    await withPage('/swap', async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await accountButton(page, ACCOUNT_0).click()
      await drawer(page).getByRole('button', { name: 'Settings' }).click()
      const shown = ((await drawer(page).getByTestId('settings-build').textContent()) ?? '').trim()
      assert.match(shown, /^[0-9a-f]{6}$/)
      const commit = execFileSync('git', ['rev-parse', '--verify', '--quiet', `${shown}^{commit}`], {
        cwd: import.meta.dirname,
        encoding: 'utf8',
      }).trim()
      assert.ok(commit.startsWith(shown))
    })
  })
})
