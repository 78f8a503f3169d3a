/**
 * The spec's smart-wallet gates in Chromium against the full local stack (its own devnet on port
 * base 35300, the API on 35387, the built web on localhost:35373):
 * - the delegation mismatch: an account delegated (EIP-7702) to a contract that is not our delegate,
 *   whose wallet therefore cannot batch, raises the mismatch event and a popup (mismatch UX flag on
 *   only) that stays until the user dismisses it and never shows again for that address;
 * - the permit gate: with a mismatch (and its UX on), or forced by the forcePermits flag, the
 *   Permit2 allowance is a Permit2.approve transaction, never a signature; checked on chain;
 * - the flag that disables the wallet-capabilities check: no batch even with batched swaps on.
 * Each test starts from the same chain state (snapshots).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, zeroAddress } from 'viem'
import { type AnalyticsEventBody, recordAcceptedAnalytics } from './analyticsProbe.ts'
import { stackForFile } from './fileStack.ts'
import { screenshot, withCheckedPage } from './support.ts'
import {
  ACCOUNT_0,
  ACCOUNT_1,
  balanceOf,
  byTestId,
  connectWallet,
  finalStatus,
  injectedTestWallet,
  openReviewSteps,
  seededToken,
  stepsOf,
  swapBox,
  toBaseUnits,
  transactionsFrom,
  waitForQuote,
} from './swapKit.ts'

const PORTS = { devnetPortBase: 35300, apiPort: 35387, webPort: 35373 }
const LOCAL_WALLET = 'Local test wallet'
// Its own chain: account 0 is delegated to a foreign contract and approvals change. Every
// analytics session is sampled (the mismatch event is checked where the API receives it).
const file = stackForFile(PORTS, { ownChain: true, restoreEachTest: true, analyticsSampleRate: 1 })

const usdc = (): Address => seededToken(file.stack.manifest.networks.ethereum, 'USDC')
const swapUrl = (flags: string) =>
  `/swap?chain=ethereum&inputCurrency=${usdc()}&outputCurrency=ETH&featureFlagOverride=${flags}`

/** Account 0 delegates (EIP-7702) to `contract`: sent to another account, so no code of it runs. */
async function delegateAccount0(contract: Address): Promise<void> {
  const { public: client, wallet } = file.clients('ethereum', 0)
  const authorization = await wallet.signAuthorization({ contractAddress: contract, executor: 'self' })
  const hash = await wallet.sendTransaction({ authorizationList: [authorization], to: ACCOUNT_1, data: '0x' })
  assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success')
}

const withPage = (path: string, run: (page: Page, context: BrowserContext) => Promise<void>) =>
  withCheckedPage(file.browser, file.stack, path, run, {
    viewport: { width: 1280, height: 800 },
    timeout: 15_000,
    ready: (page) => swapBox(page).waitFor(),
    onFailure: () => console.log(`API output (last 2000 characters):\n${file.stack.apiLog().slice(-2000)}`),
  })

/** A contract of the devnet's Ethereum. */
const ethContract = (name: 'universalRouter' | 'permit2'): Address => {
  const address = file.stack.manifest.networks.ethereum?.contracts[name]
  assert.ok(address, `ethereum has ${name}`)
  return address
}

/** The transactions `sent` went, in order, to `targets`. */
const assertSentTo = (
  sent: readonly { to?: string | null }[],
  targets: readonly string[],
  message?: string,
) =>
  assert.deepEqual(
    sent.map((tx) => tx.to?.toLowerCase()),
    targets.map((a) => a.toLowerCase()),
    message,
  )

/**
 * Types 250 USDC, checks the review's steps, swaps it for ETH, and returns what account 0 sent
 * (checked successful) and the status view's steps at the end.
 */
async function swapUsdc(page: Page, reviewSteps: readonly string[]) {
  const client = file.clients('ethereum').public
  const field = byTestId(page, 'swap-input-amount')
  await field.click()
  await field.pressSequentially('250')
  const shown = await waitForQuote(page, { side: 'in', amount: toBaseUnits('250', 6) })
  const start = await client.getBlockNumber()
  const before = await balanceOf(client, usdc(), ACCOUNT_0)
  const { steps } = await openReviewSteps(page)
  assert.deepEqual(steps, reviewSteps, 'the review lists the steps the swap takes')
  await byTestId(page, 'swap-confirm').click()
  const result = await finalStatus(page)
  assert.equal(result.state, 'confirmed', `swap failed: ${result.message}`)
  const status = page.locator('[data-testid="swap-status"]').first()
  assert.deepEqual(await stepsOf(status), reviewSteps, 'the status shows the same steps')
  assert.deepEqual(
    await stepsOf(status, 'data-state'),
    reviewSteps.map(() => 'done'),
  )
  const sent = await transactionsFrom(client, ACCOUNT_0, start, await client.getBlockNumber())
  assert.ok(
    sent.every((tx) => tx.status === 'success'),
    'every transaction succeeded',
  )
  assert.equal(before - (await balanceOf(client, usdc(), ACCOUNT_0)), shown.amountIn)
  return sent
}

/** The Permit2 allowance of the router: set by a transaction (a signature would leave it at 0 until the swap). */
async function permit2Approved(): Promise<boolean> {
  const d = file.stack.manifest.networks.ethereum
  const [amount] = (await file.clients('ethereum').public.readContract({
    address: d?.contracts.permit2 as Address,
    abi: [
      {
        type: 'function',
        name: 'allowance',
        stateMutability: 'view',
        inputs: [
          { name: 'owner', type: 'address' },
          { name: 'token', type: 'address' },
          { name: 'spender', type: 'address' },
        ],
        outputs: [
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
      },
    ] as const,
    functionName: 'allowance',
    args: [ACCOUNT_0, usdc(), d?.contracts.universalRouter as Address],
  })) as readonly [bigint, number, number]
  return amount > 0n
}

describe('smart-wallet gates', { concurrency: false }, () => {
  test('mismatch: delegated to a foreign contract, the popup and event come with the mismatch UX flag only; it stays until dismissed, never again after; the permit is a transaction', async () => {
    const router = ethContract('universalRouter')
    await delegateAccount0(router)

    // The flag off: no popup.
    await withPage(swapUrl('batchedSwaps'), async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await page.waitForTimeout(3_000)
      assert.equal(await byTestId(page, 'delegation-mismatch').count(), 0, 'no popup without the flag')
    })

    await withPage(swapUrl('mismatchUx,batchedSwaps'), async (page, context) => {
      const events: AnalyticsEventBody[] = []
      recordAcceptedAnalytics(context, file.stack.apiUrl, events)
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      const popup = byTestId(page, 'delegation-mismatch')
      await popup.waitFor({ timeout: 20_000 })
      assert.match(
        (await popup.textContent()) ?? '',
        /Smart wallet unavailable on this network.*delegated to another contract/s,
      )
      await screenshot(page, 'smart-wallet-mismatch-popup-1280')
      // Never auto-dismissed.
      await page.waitForTimeout(6_000)
      assert.ok(await popup.isVisible(), 'still open after 6 s')
      const deadline = Date.now() + 15_000
      while (!events.some((e) => e.name === 'smart_wallet_mismatch_detected') && Date.now() < deadline)
        await page.waitForTimeout(250)
      const event = events.find((e) => e.name === 'smart_wallet_mismatch_detected')
      assert.ok(event, 'the mismatch event reached analytics')
      assert.equal(event.properties.chainId, file.stack.manifest.networks.ethereum?.chainId)

      await byTestId(page, 'delegation-mismatch-dismiss').click()
      await popup.waitFor({ state: 'detached' })
      await page.reload()
      await swapBox(page).waitFor()
      await page.waitForTimeout(4_000)
      assert.equal(await byTestId(page, 'delegation-mismatch').count(), 0, 'dismissed for good')

      // The permit gate: with the mismatch the allowance is a Permit2.approve transaction.
      assert.equal(await permit2Approved(), false)
      const sent = await swapUsdc(page, ['approve', 'permitApprove', 'swap'])
      const permit2 = ethContract('permit2')
      assertSentTo(
        sent,
        [usdc(), permit2, router],
        'ERC-20 approve, Permit2 approve, swap: three transactions, no batch',
      )
      await screenshot(page, 'smart-wallet-mismatch-swapped-1280')
    })
    await delegateAccount0(zeroAddress)
  })

  test('forcePermits: on a plain account (no mismatch, no popup) the Permit2 allowance is a transaction too', async () => {
    await withPage(swapUrl('forcePermits,mismatchUx'), async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      const router = ethContract('universalRouter')
      const permit2 = ethContract('permit2')
      const sent = await swapUsdc(page, ['approve', 'permitApprove', 'swap'])
      assertSentTo(sent, [usdc(), permit2, router])
      assert.equal(await byTestId(page, 'delegation-mismatch').count(), 0, 'not delegated: no mismatch')
      assert.ok(await permit2Approved())
    })
  })

  test('control: without the gate an ERC-20 swap signs its permit (two transactions)', async () => {
    await withPage(swapUrl('mismatchUx'), async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      const router = ethContract('universalRouter')
      const sent = await swapUsdc(page, ['approve', 'permit', 'swap'])
      assertSentTo(sent, [usdc(), router])
    })
  })
})

describe('wallet capabilities check', () => {
  test('disableWalletCapabilitiesCheck: with batched swaps on, the wallet is not asked and the swap is the standard one (approve, permit, swap)', async () => {
    await withPage(swapUrl('batchedSwaps,disableWalletCapabilitiesCheck'), async (page) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      const router = ethContract('universalRouter')
      const sent = await swapUsdc(page, ['approve', 'permit', 'swap'])
      assertSentTo(sent, [usdc(), router], 'two transactions, no batch')
      assert.equal(
        await file.clients('ethereum').public.getCode({ address: ACCOUNT_0 }),
        undefined,
        'the account was not upgraded',
      )
    })
  })

  test("error: a failing wallet_getCapabilities is logged and counts as unsupported: with batched swaps on, the review is the standard swap's (approve, permit, swap)", async () => {
    // An injected wallet that forwards what it does not answer itself to the node, as many do: anvil
    // answers wallet_getCapabilities with its real JSON-RPC error (-32601 Method not found).
    const ethereum = file.stack.manifest.networks.ethereum
    assert.ok(ethereum)
    const wallet = {
      name: 'Forwarding test wallet',
      rdns: 'test.capabilities',
      account: ACCOUNT_0,
      chains: [[ethereum.chainId, ethereum.rpcUrl]] as const,
    }
    const options = {
      viewport: { width: 1280, height: 800 },
      timeout: 15_000,
      setup: (context: BrowserContext) => context.addInitScript({ content: injectedTestWallet(wallet) }),
      ready: (page: Page) => swapBox(page).waitFor(),
    }
    await withCheckedPage(
      file.browser,
      file.stack,
      swapUrl('batchedSwaps'),
      async (page) => {
        // The failure is logged (waited for before the review: while the wallet has not answered,
        // the review is the standard one anyway).
        const logged = page.waitForEvent('console', {
          predicate: (message) =>
            message.type() === 'warning' && message.text().includes('wallet_getCapabilities failed'),
          timeout: 30_000,
        })
        await connectWallet(page, wallet.name, ACCOUNT_0)
        const field = byTestId(page, 'swap-input-amount')
        await field.click()
        await field.pressSequentially('250')
        await waitForQuote(page, { side: 'in', amount: toBaseUnits('250', 6) })
        assert.match((await logged).text(), /Method not found/, "the node's own answer is logged")
        const { steps } = await openReviewSteps(page)
        assert.deepEqual(steps, ['approve', 'permit', 'swap'], 'no batch: the standard steps')
        const asked = await page.evaluate(
          () => (window as unknown as { __testWalletCalls: string[] }).__testWalletCalls,
        )
        assert.ok(asked.includes('wallet_getCapabilities'), 'the app asked the wallet for its capabilities')
      },
      options,
    )
  })
})
