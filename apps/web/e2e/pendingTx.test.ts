/**
 * Speed-up and cancel of a stuck transaction, in Chromium against the full local stack: devnet
 * (ethereum + base, port base 30300), the API (30387), the real indexer (30390) and the built app
 * (localhost:30373). Mining is paused on the devnet (anvil automine off, no interval mining) while
 * the app's send waits, then resumed.
 *
 * Covered: a send pending with the count on the account button and its row in Activity (the send's
 * review closes once the wallet sent it, so the stuck send does not block the app); Speed up
 * shows the new network cost, resends the same call with the same nonce and both fees raised by at
 * least 10 %; the replacement survives a reload (tracked under its new hash) and is the one mined,
 * the original never; the send form, waiting on the original hash, follows it to 'confirmed'.
 * Cancel (at 390 px, the bottom sheet): pending → Canceling → Canceled, on chain a 0-value
 * self-transfer took the nonce, the original was never mined and the recipient got nothing; the
 * canceled row survives a reload.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import type { Address, Hash } from 'viem'
import { connectToSend, drawer, drawerSuite, reviewSend, withMiningPaused } from './drawerKit.ts'
import { screenshot } from './support.ts'
import { ACCOUNT_0, accountButton, byTestId } from './swapKit.ts'

const PORTS = { devnetPortBase: 30300, apiPort: 30387, webPort: 30373, indexerPort: 30390 }
const LOCAL_WALLET = 'Local test wallet'

const suite = drawerSuite(PORTS)

const withPage = (
  path: string,
  viewport: { width: number; height: number },
  run: (page: Page, context: BrowserContext) => Promise<void>,
) => suite.withPage(path, run, { viewport })

const chain = () => devnetClients(suite.stack.manifest, 'ethereum', 0)

/** Fills the send form with ETH to a fresh address and confirms it (the new-address speed bump first). */
async function sendEth(page: Page, to: Address, amount: string): Promise<void> {
  await reviewSend(page, to, amount)
  await page.getByTestId('send-review').getByTestId('send-confirm').click()
  // Sent, not mined: the review can be closed (the send keeps waiting for its receipt).
  await page.getByTestId('send-review').getByTestId('send-review-close').click()
  await page.getByTestId('send-review').waitFor({ state: 'hidden' })
}

/** Opens the drawer on Activity and returns the app's pending row (its hash is the tracked one). */
async function openActivity(page: Page) {
  await accountButton(page, ACCOUNT_0).click()
  const tab = drawer(page).getByRole('tab', { name: /Activity/ })
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click()
  return drawer(page).getByTestId('portfolio-activity')
}

async function minedReceipt(hash: Hash): Promise<boolean> {
  return chain()
    .public.getTransactionReceipt({ hash })
    .then(
      () => true,
      () => false,
    )
}

describe('pending transactions: speed up and cancel', { concurrency: false }, () => {
  test('speed up: same call, same nonce, both fees +10 % at least; survives a reload; the replacement is mined, the original never', async () => {
    const to = `0x${randomBytes(20).toString('hex')}` as Address
    await withPage('/send?chain=ethereum&inputCurrency=ETH', { width: 1280, height: 900 }, async (page) => {
      await connectToSend(page, LOCAL_WALLET, ACCOUNT_0)
      await withMiningPaused(chain().test, async () => {
        await sendEth(page, to, '0.01')
        await byTestId(page, 'account-pending-count').filter({ hasText: '1' }).waitFor()
        const activity = await openActivity(page)
        const row = activity.locator('li[data-status="pending"]').first()
        await row.waitFor()
        const original = (await row.getAttribute('data-tx')) as Hash
        assert.match(original, /^0x[0-9a-f]{64}$/i)
        const sent = await chain().public.getTransaction({ hash: original })
        assert.equal(sent.blockNumber, null, 'still in the mempool')

        await row.getByTestId('tx-speedup').click()
        const confirm = row.locator('[data-testid="tx-replace"][data-phase="ready"]')
        await confirm.waitFor()
        const cost = confirm.getByTestId('tx-replace-cost')
        assert.match((await cost.textContent()) ?? '', /ETH/)
        assert.ok(
          BigInt((await cost.getAttribute('data-wei')) ?? '0') > 0n,
          'a network cost is shown before signing',
        )
        await screenshot(page, 'pending-speedup-1280')
        await confirm.getByTestId('tx-replace-confirm').click()

        const replaced = activity.locator(
          `li[data-original="${original}"][data-status="pending"]:not([data-tx="${original}"])`,
        )
        await replaced.waitFor()
        const speedUp = (await replaced.getAttribute('data-tx')) as Hash
        assert.match((await replaced.textContent()) ?? '', /Sped up/)
        const bumped = await chain().public.getTransaction({ hash: speedUp })
        assert.equal(bumped.nonce, sent.nonce, 'same nonce')
        assert.equal(bumped.to?.toLowerCase(), sent.to?.toLowerCase())
        assert.equal(bumped.value, sent.value)
        assert.equal(bumped.input, sent.input)
        assert.ok(sent.maxFeePerGas !== undefined && bumped.maxFeePerGas !== undefined)
        assert.ok(sent.maxPriorityFeePerGas !== undefined && bumped.maxPriorityFeePerGas !== undefined)
        assert.ok(bumped.maxFeePerGas * 100n >= sent.maxFeePerGas * 110n, 'max fee +10 %')
        assert.ok(
          bumped.maxPriorityFeePerGas * 100n >= sent.maxPriorityFeePerGas * 110n,
          'priority fee +10 %',
        )

        // A reload: the tracked hash is the replacement, still pending.
        await page.reload()
        await byTestId(page, 'account-pending-count').filter({ hasText: '1' }).waitFor()
        const afterReload = await openActivity(page)
        await afterReload.locator(`li[data-tx="${speedUp}"][data-status="pending"]`).waitFor()
        assert.equal(await afterReload.locator(`li[data-tx="${original}"]`).count(), 0)
        await page.keyboard.press('Escape')

        const balanceBefore = await chain().public.getBalance({ address: to })
        await chain().test.mine({ blocks: 1 })
        await byTestId(page, 'account-pending-count').waitFor({ state: 'detached', timeout: 30_000 })
        const receipt = await chain().public.getTransactionReceipt({ hash: speedUp })
        assert.equal(receipt.status, 'success')
        assert.equal(await minedReceipt(original), false, 'the original is never mined')
        assert.equal(
          (await chain().public.getBalance({ address: to })) - balanceBefore,
          10_000_000_000_000_000n,
        )
      })
    })
  })

  test('speed up before the reload: the send form waiting on the original hash follows it to confirmed', async () => {
    const to = `0x${randomBytes(20).toString('hex')}` as Address
    await withPage('/send?chain=ethereum&inputCurrency=ETH', { width: 1280, height: 900 }, async (page) => {
      await connectToSend(page, LOCAL_WALLET, ACCOUNT_0)
      await withMiningPaused(chain().test, async () => {
        await sendEth(page, to, '0.002')
        const activity = await openActivity(page)
        const row = activity.locator('li[data-status="pending"]').first()
        await row.waitFor()
        const original = (await row.getAttribute('data-tx')) as Hash
        await row.getByTestId('tx-speedup').click()
        await row
          .locator('[data-testid="tx-replace"][data-phase="ready"]')
          .getByTestId('tx-replace-confirm')
          .click()
        await activity.locator(`li[data-original="${original}"]:not([data-tx="${original}"])`).waitFor()
        await page.keyboard.press('Escape')
        await chain().test.mine({ blocks: 1 })
        await page
          .getByTestId('send-form')
          .locator('[data-testid="send-status"][data-state="confirmed"]')
          .waitFor({ timeout: 30_000 })
        assert.equal(await minedReceipt(original), false)
      })
    })
  })

  test('cancel at 390 px: pending → Canceling → (cancel sped up) → Canceled; on chain the faster 0-value self-transfer took the nonce, the original and the first cancel never mined', async () => {
    const to = `0x${randomBytes(20).toString('hex')}` as Address
    await withPage('/send?chain=ethereum&inputCurrency=ETH', { width: 390, height: 844 }, async (page) => {
      await connectToSend(page, LOCAL_WALLET, ACCOUNT_0)
      await withMiningPaused(chain().test, async () => {
        await sendEth(page, to, '0.02')
        await byTestId(page, 'account-pending-count').filter({ hasText: '1' }).waitFor()
        const activity = await openActivity(page)
        const row = activity.locator('li[data-status="pending"]').first()
        await row.waitFor()
        const original = (await row.getAttribute('data-tx')) as Hash
        const sent = await chain().public.getTransaction({ hash: original })

        // Back closes the confirmation without sending anything.
        await row.getByTestId('tx-cancel').click()
        await row.locator('[data-testid="tx-replace"][data-phase="ready"]').waitFor()
        await row.getByRole('button', { name: 'Back' }).click()
        await row.getByTestId('tx-cancel').click()
        const confirm = row.locator('[data-testid="tx-replace"][data-kind="cancel"][data-phase="ready"]')
        await confirm.waitFor()
        assert.match((await confirm.getByTestId('tx-replace-cost').textContent()) ?? '', /ETH/)
        await screenshot(page, 'pending-cancel-390')
        await confirm.getByTestId('tx-replace-confirm').click()

        const canceling = activity.locator(`li[data-original="${original}"][data-status="canceling"]`)
        await canceling.waitFor()
        assert.match((await canceling.textContent()) ?? '', /Canceling/)
        const firstCancel = (await canceling.getAttribute('data-tx')) as Hash
        assert.notEqual(firstCancel, original)
        // Still counted as pending until it is mined.
        assert.equal((await byTestId(page, 'account-pending-count').textContent())?.trim(), '1')
        await screenshot(page, 'pending-canceling-390')

        // The cancel itself can be sped up (only that: no cancel of a cancel). The node forgets a
        // replaced transaction: its fees are read before.
        const slower = await chain().public.getTransaction({ hash: firstCancel })
        assert.equal(await canceling.getByTestId('tx-cancel').count(), 0)
        await canceling.getByTestId('tx-speedup').click()
        await canceling
          .locator('[data-testid="tx-replace"][data-kind="speedUp"][data-phase="ready"]')
          .waitFor()
        await canceling.getByTestId('tx-replace-confirm').click()
        const faster = activity.locator(
          `li[data-original="${original}"][data-status="canceling"]:not([data-tx="${firstCancel}"])`,
        )
        await faster.waitFor()
        const cancelHash = (await faster.getAttribute('data-tx')) as Hash

        await chain().test.mine({ blocks: 1 })
        const canceled = activity.locator(`li[data-original="${original}"][data-status="canceled"]`)
        await canceled.waitFor({ timeout: 30_000 })
        assert.match((await canceled.textContent()) ?? '', /Canceled/)
        await byTestId(page, 'account-pending-count').waitFor({ state: 'detached' })
        await screenshot(page, 'pending-canceled-390')

        const cancel = await chain().public.getTransaction({ hash: cancelHash })
        assert.equal(cancel.nonce, sent.nonce, 'the nonce is consumed by the cancel')
        assert.equal(cancel.from.toLowerCase(), ACCOUNT_0.toLowerCase())
        assert.equal(cancel.to?.toLowerCase(), ACCOUNT_0.toLowerCase(), 'a self-transfer')
        assert.equal(cancel.value, 0n)
        assert.equal(cancel.input, '0x')
        assert.ok(cancel.maxFeePerGas !== undefined && sent.maxFeePerGas !== undefined)
        assert.ok(cancel.maxFeePerGas * 100n >= sent.maxFeePerGas * 110n)
        assert.ok(slower.maxFeePerGas !== undefined)
        assert.ok(
          cancel.maxFeePerGas * 100n >= slower.maxFeePerGas * 110n,
          'the faster cancel pays 10 % more',
        )
        assert.equal((await chain().public.getTransactionReceipt({ hash: cancelHash })).status, 'success')
        assert.equal(await minedReceipt(original), false, 'the original is never mined')
        assert.equal(await minedReceipt(firstCancel), false, 'the slower cancel is never mined')
        assert.equal(await chain().public.getBalance({ address: to }), 0n, 'nothing was sent')
        assert.equal(
          await chain().public.getTransactionCount({ address: ACCOUNT_0, blockTag: 'latest' }),
          sent.nonce + 1,
        )
      })
      // The canceled row is history that survives a reload.
      await page.reload()
      const activity = await openActivity(page)
      await activity.locator('li[data-status="canceled"]').filter({ hasText: 'Canceled' }).first().waitFor()
    })
  })
})
