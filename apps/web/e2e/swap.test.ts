/**
 * The swap screen in Chromium against the full local stack (devnet ethereum + base on port base
 * 25100, the API as a child process on 25787, the built web on localhost:25573).
 *
 * Trades: native ETH to a stablecoin through v3, a stablecoin to another through v2 (tokens picked in
 * the selector), a trade through a v4 pool, an exact-output trade; each compares the on-chain balance
 * changes with the base-unit amounts the UI promised (`swap-quote` data-amount-in/out). Failures with
 * real causes: rejected in the wallet, slippage (the pool moved between the swap request and the
 * block), expired deadline (time passed before the block), failed network switch, insufficient
 * balance, insufficient funds for the network cost, no quotes, unsupported network. Wrap and
 * unwrap of the native currency. Also a
 * network switch with a trade on the new network and a reload keeping the connection. Test mode
 * (only the mock connector) is covered by e2e/wallet.test.ts ('test mode offers only the mock
 * connector') and not repeated here.
 *
 * Each test starts from the same chain state: both networks are reverted to a snapshot taken after
 * start-up, and the test waits until the API has followed the chain back.
 */

import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { NetworkSlug } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { erc20Abi } from '@oxbow/protocol'
import type { BrowserContext, Page } from 'playwright-core'
import type { Address, Hex } from 'viem'
import { stackForFile } from './fileStack.ts'
import { withCheckedPage } from './support.ts'
import {
  ACCOUNT_0,
  ACCOUNT_1,
  accountButton,
  apiEthSwap,
  balanceOf,
  byTestId,
  connectWallet,
  finalStatus,
  injectedTestWallet,
  pickTrade,
  reviewAndConfirm,
  type ShownQuote,
  seededTokenOf,
  selectToken,
  swapBox,
  switchNetworkFromSwapBox,
  toBaseUnits,
  transactionsFrom,
  waitForQuote,
  waitForSwapButton,
} from './swapKit.ts'

const PORTS = { devnetPortBase: 25100, apiPort: 25787, webPort: 25573 }
const LOCAL_WALLET = 'Local test wallet'
const SLIPPAGE_MESSAGE =
  'This transaction will not succeed due to price movement. Try increasing your slippage tolerance.'

// Its own chain, not the shard's: every test reverts both networks to a snapshot, holds blocks
// and upgrades the test account (EIP-7702); on the shared chain the 1-click fallback test once
// waited in vain for its standard swap (CI, 2026-11-27), never on a chain of its own.
const file = stackForFile(PORTS, { ownChain: true, restoreEachTest: true })
const clients = (slug: NetworkSlug, account = 0) => file.clients(slug, account)

/**
 * Account 2 makes the same ETH trade first: sent with a far higher tip, so it goes ahead of the
 * app's transaction in the next block.
 */
async function frontRun(amountIn: bigint, tokenOut: Address): Promise<void> {
  const mover = clients('ethereum', 2)
  const tx = await apiEthSwap(file.stack.apiUrl, {
    tokenOut,
    amount: amountIn,
    slippage: 50,
    swapper: mover.wallet.account.address,
  })
  await mover.wallet.sendTransaction({
    to: tx.to,
    data: tx.data,
    value: tx.value,
    gas: tx.gasLimit * 2n,
    maxFeePerGas: 500_000_000_000n,
    maxPriorityFeePerGas: 200_000_000_000n,
  })
}

function token(slug: NetworkSlug, symbol: string): { address: Address; symbol: string; decimals: number } {
  if (symbol === 'ETH') return { address: NATIVE_CURRENCY_ADDRESS, symbol, decimals: 18 }
  const found = seededTokenOf(file.stack.manifest.networks[slug], symbol)
  return { address: found.address, symbol, decimals: found.decimals }
}

function decimalsOf(slug: NetworkSlug) {
  return (address: Address) =>
    address === NATIVE_CURRENCY_ADDRESS
      ? 18
      : (file.stack.manifest.networks[slug]?.tokens.find(
          (t) => t.address.toLowerCase() === address.toLowerCase(),
        )?.decimals ?? 18)
}

const swapUrl = (slug: NetworkSlug, tokenIn: Address, tokenOut: Address) =>
  `/swap?chain=${slug}&inputCurrency=${tokenIn === NATIVE_CURRENCY_ADDRESS ? 'ETH' : tokenIn}&outputCurrency=${tokenOut === NATIVE_CURRENCY_ADDRESS ? 'ETH' : tokenOut}`

interface PageRun {
  readonly page: Page
  readonly context: BrowserContext
}

/**
 * A fresh browser context on `path`; after `run`, no console error, page error or CSP violation
 * may have happened. Answered API errors (4xx with a body the UI turns into a message) are the one
 * expected browser console line; `allow` adds others for a test that causes them on purpose.
 */
const withPage = (
  path: string,
  run: (page: PageRun) => Promise<void>,
  options: { setup?: (context: BrowserContext) => Promise<unknown>; allow?: RegExp } = {},
): Promise<void> =>
  withCheckedPage(file.browser, file.stack, path, (page, context) => run({ page, context }), {
    viewport: { width: 1280, height: 720 },
    timeout: 15_000,
    ...(options.setup && { setup: options.setup }),
    allow: (text, from) => options.allow?.test(`${text} (${from})`) ?? false,
    ready: (page) => swapBox(page).waitFor(),
    onFailure: () => console.log(`API output (last 2000 characters):\n${file.stack.apiLog().slice(-2000)}`),
  })

async function typeAmount(page: Page, side: 'input' | 'output', amount: string): Promise<void> {
  const field = byTestId(page, `swap-${side}-amount`)
  await field.click()
  await field.fill('')
  await field.pressSequentially(amount)
}

/**
 * One trade on `slug` by the local test wallet: type, read the promised amounts, confirm, and
 * compare with the chain. Exact input: received == amountOut and spent == amountIn (plus gas when
 * the input is native). Exact output: received == amountOut and spent == amountIn, which is below
 * the maximum sent.
 */
async function tradeAndCheck(
  page: Page,
  slug: NetworkSlug,
  trade: { tokenIn: Address; tokenOut: Address; amount: string; type: 'EXACT_INPUT' | 'EXACT_OUTPUT' },
  expectProtocol?: string,
): Promise<ShownQuote> {
  const client = clients(slug).public
  const decimals = decimalsOf(slug)
  const exactIn = trade.type === 'EXACT_INPUT'
  const typed = toBaseUnits(trade.amount, decimals(exactIn ? trade.tokenIn : trade.tokenOut))
  await typeAmount(page, exactIn ? 'input' : 'output', trade.amount)
  const shown = await waitForQuote(page, { side: exactIn ? 'in' : 'out', amount: typed })
  if (expectProtocol)
    assert.match(shown.route, new RegExp(expectProtocol, 'i'), `route shows ${expectProtocol}`)

  const startBlock = await client.getBlockNumber()
  const inBefore = await balanceOf(client, trade.tokenIn, ACCOUNT_0)
  const outBefore = await balanceOf(client, trade.tokenOut, ACCOUNT_0)
  let maximumSent: string | undefined
  if (!exactIn) maximumSent = (await byTestId(page, 'swap-maximum-sent').first().textContent()) ?? undefined

  const result = await reviewAndConfirm(page)
  assert.deepEqual(result.state, 'confirmed', `swap failed: ${result.message}`)
  assert.match(
    ((await byTestId(page, 'swap-status-hash').first().textContent()) ?? '').trim(),
    /0x[0-9a-f]/i,
    'the confirmed status shows the transaction hash',
  )

  const endBlock = await client.getBlockNumber()
  const sent = await transactionsFrom(client, ACCOUNT_0, startBlock, endBlock)
  assert.ok(sent.length >= 1, 'the wallet sent the swap')
  assert.ok(
    sent.every((tx) => tx.status === 'success'),
    'every transaction succeeded',
  )
  const gas = sent.reduce((sum, tx) => sum + tx.gasCost, 0n)
  const received = (await balanceOf(client, trade.tokenOut, ACCOUNT_0)) - outBefore
  const spent =
    inBefore -
    (await balanceOf(client, trade.tokenIn, ACCOUNT_0)) -
    (trade.tokenIn === NATIVE_CURRENCY_ADDRESS ? gas : 0n)

  assert.equal(received, shown.amountOut, 'received exactly the promised amount out')
  assert.equal(spent, shown.amountIn, 'spent exactly the promised amount in')
  if (maximumSent !== undefined) {
    const max = Number(maximumSent.replace(/[^0-9.]/g, ''))
    const spentHuman = Number(spent) / 10 ** decimals(trade.tokenIn)
    assert.ok(spentHuman <= max * 1.0001, `spent ${spentHuman} <= maximum sent ${maximumSent}`)
  }
  return shown
}

/**
 * Reviews and confirms the typed trade with block production held on Ethereum: the app's
 * transaction waits in the mempool while `meanwhile` runs, then one block includes everything.
 */
async function confirmWithBlockHeld(page: Page, meanwhile: () => Promise<void>): Promise<void> {
  const client = clients('ethereum').public
  const testClient = clients('ethereum').test
  await testClient.setAutomine(false)
  try {
    await byTestId(page, 'swap-button').click()
    await byTestId(page, 'swap-review').waitFor()
    await byTestId(page, 'swap-confirm').click()
    const deadline = Date.now() + 20_000
    while (
      (await client.getTransactionCount({ address: ACCOUNT_0, blockTag: 'pending' })) ===
      (await client.getTransactionCount({ address: ACCOUNT_0 }))
    ) {
      if (Date.now() > deadline) throw new Error('the app never sent its transaction')
      await new Promise((r) => setTimeout(r, 50))
    }
    await meanwhile()
    await testClient.mine({ blocks: 1 })
  } finally {
    await testClient.setAutomine(true)
  }
}

describe('swap on the full local stack', () => {
  test('behavior: native ETH to a stablecoin through a v3 pool; balances change exactly as quoted (gas from the receipts)', async (t) => {
    const eth = token('ethereum', 'ETH')
    const candidates = ['USDC', 'DAI', 'USDT'].flatMap((symbol) =>
      ['0.001', '0.01', '0.05', '0.5', '2'].map((amount) => ({
        tokenIn: eth.address,
        tokenOut: token('ethereum', symbol).address,
        amount,
        type: 'EXACT_INPUT' as const,
      })),
    )
    const { trade } = await pickTrade(file.stack.apiUrl, 'ethereum', 'V3', candidates, decimalsOf('ethereum'))
    await withPage(swapUrl('ethereum', trade.tokenIn, trade.tokenOut), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      const shown = await tradeAndCheck(page, 'ethereum', trade, 'v3')
      t.diagnostic(`${trade.amount} ${trade.tokenIn} -> ${trade.tokenOut}, route shown: ${shown.route}`)
    })
  })

  test('behavior: an ERC-20 to another through v2, tokens chosen in the selector (approval and Permit2 signature)', async (t) => {
    // With the seeded pools arbitraged to one price, a stablecoin pair's 0.01 % v3 pools always beat
    // its 0.3 % v2 pair; LINK's v2 pair beats its 1 % v3 pool.
    const candidates = [
      ['USDC', 'DAI', '100'],
      ['DAI', 'USDC', '100'],
      ['LINK', 'WETH', '10'],
      ['WETH', 'LINK', '0.05'],
    ].map(([a, b, amount]) => ({
      tokenIn: token('ethereum', a as string).address,
      tokenOut: token('ethereum', b as string).address,
      amount: amount as string,
      type: 'EXACT_INPUT' as const,
      symbols: [a as string, b as string] as const,
    }))
    const { trade } = await pickTrade(file.stack.apiUrl, 'ethereum', 'V2', candidates, decimalsOf('ethereum'))
    await withPage('/swap?chain=ethereum', async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await selectToken(page, 'input', { address: trade.tokenIn, symbol: trade.symbols[0] })
      await selectToken(page, 'output', { address: trade.tokenOut, symbol: trade.symbols[1] })
      assert.equal((await byTestId(page, 'swap-input-token').textContent())?.trim(), trade.symbols[0])
      assert.equal((await byTestId(page, 'swap-output-token').textContent())?.trim(), trade.symbols[1])
      const shown = await tradeAndCheck(page, 'ethereum', trade, 'v2')
      t.diagnostic(`${trade.amount} ${trade.tokenIn} -> ${trade.tokenOut}, route shown: ${shown.route}`)
    })
  })

  test('behavior: a smart wallet (batchedSwaps flag) swaps USDC for ETH in one transaction: the wallet upgrades the account (EIP-7702) and runs approve, Permit2 approve and swap atomically', async () => {
    const client = clients('ethereum').public
    const usdc = token('ethereum', 'USDC')
    const permit2 = file.stack.manifest.networks.ethereum?.contracts.permit2 as Address
    const delegate = file.stack.manifest.networks.ethereum?.contracts.simple7702Account as Address
    assert.equal(await client.getCode({ address: ACCOUNT_0 }), undefined, 'a plain account before')
    await withPage(
      `${swapUrl('ethereum', usdc.address, NATIVE_CURRENCY_ADDRESS)}&featureFlagOverride=batchedSwaps`,
      async ({ page }) => {
        await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
        await typeAmount(page, 'input', '250')
        const shown = await waitForQuote(page, { side: 'in', amount: 250_000_000n })
        const startBlock = await client.getBlockNumber()
        const usdcBefore = await balanceOf(client, usdc.address, ACCOUNT_0)
        const ethBefore = await balanceOf(client, NATIVE_CURRENCY_ADDRESS, ACCOUNT_0)
        // The review lists the swap alone: no approval, no Permit2 signature.
        await waitForSwapButton(page)
        await byTestId(page, 'swap-button').click()
        await byTestId(page, 'swap-step').first().waitFor()
        assert.deepEqual(
          await byTestId(page, 'swap-step').evaluateAll((steps) =>
            steps.map((s) => s.getAttribute('data-step')),
          ),
          ['swap'],
        )
        await byTestId(page, 'swap-confirm').click()
        const result = await finalStatus(page)
        assert.equal(result.state, 'confirmed', `swap failed: ${result.message}`)
        const sent = await transactionsFrom(client, ACCOUNT_0, startBlock, await client.getBlockNumber())
        assert.equal(sent.length, 1, 'one transaction: approvals and swap together')
        const tx = await client.getTransaction({ hash: sent[0]?.hash as Hex })
        assert.equal(tx.type, 'eip7702', 'it carried the EIP-7702 authorization')
        assert.equal(tx.to?.toLowerCase(), ACCOUNT_0.toLowerCase(), 'a call to the account itself')
        assert.equal(
          (await client.getCode({ address: ACCOUNT_0 }))?.toLowerCase(),
          `0xef0100${delegate.slice(2).toLowerCase()}`,
          'the account now delegates to Simple7702Account',
        )
        const allowance = await client.readContract({
          address: usdc.address,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [ACCOUNT_0, permit2],
        })
        assert.ok(allowance > 0n, 'the batch approved Permit2')
        assert.equal(usdcBefore - (await balanceOf(client, usdc.address, ACCOUNT_0)), shown.amountIn)
        const gas = sent[0]?.gasCost ?? 0n
        assert.equal(
          (await balanceOf(client, NATIVE_CURRENCY_ADDRESS, ACCOUNT_0)) - ethBefore + gas,
          shown.amountOut,
          'received exactly the promised ETH',
        )
      },
    )
  })

  test('error: a failed 1-click (batched) swap offers the standard swap, which then goes through', async () => {
    const eth = token('ethereum', 'ETH')
    const usdc = token('ethereum', 'USDC')
    const client = clients('ethereum').public
    await withPage(
      `${swapUrl('ethereum', eth.address, usdc.address)}&featureFlagOverride=batchedSwaps`,
      async ({ page }) => {
        await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
        await byTestId(page, 'swap-settings').click()
        await byTestId(page, 'slippage-input').fill('0.01')
        await page.keyboard.press('Escape')
        await typeAmount(page, 'input', '2')
        const shown = await waitForQuote(page, { side: 'in', amount: toBaseUnits('2', 18) })
        const startBlock = await client.getBlockNumber()
        // Another account makes the same trade first, in the same block: the batch reverts.
        await confirmWithBlockHeld(page, async () => {
          await frontRun(shown.amountIn, usdc.address)
        })
        assert.equal((await finalStatus(page)).state, 'failed')
        await byTestId(page, 'swap-status-standard').click()
        const retried = await page
          .locator(
            '[data-testid="swap-status"][data-state="confirmed"], [data-testid="swap-status"][data-state="failed"]',
          )
          .first()
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid="swap-status"]')?.getAttribute('data-state') === 'confirmed',
          undefined,
          { timeout: 30_000 },
        )
        assert.equal(await retried.getAttribute('data-state'), 'confirmed')
        const sent = await transactionsFrom(client, ACCOUNT_0, startBlock, await client.getBlockNumber())
        assert.deepEqual(
          sent.map((tx) => [
            tx.status,
            tx.to?.toLowerCase() === ACCOUNT_0.toLowerCase() ? 'batch' : 'router',
          ]),
          [
            ['reverted', 'batch'],
            ['success', 'router'],
          ],
          'the batch reverted as a whole; the standard swap went to the router',
        )
      },
    )
  })

  test('behavior: a trade through a v4 pool executes exactly as quoted', async (t) => {
    const pairs = [
      ['ETH', 'USDC'],
      ['UNI', 'USDC'],
      ['ETH', 'WBTC'],
      ['ETH', 'LINK'],
      ['USDC', 'USDT'],
    ]
    const candidates = pairs.flatMap(([a, b]) =>
      ['0.01', '0.1', '1'].map((amount) => ({
        tokenIn: token('ethereum', a as string).address,
        tokenOut: token('ethereum', b as string).address,
        amount,
        type: 'EXACT_INPUT' as const,
      })),
    )
    const { trade } = await pickTrade(file.stack.apiUrl, 'ethereum', 'V4', candidates, decimalsOf('ethereum'))
    await withPage(swapUrl('ethereum', trade.tokenIn, trade.tokenOut), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      const shown = await tradeAndCheck(page, 'ethereum', trade, 'v4')
      t.diagnostic(`${trade.amount} ${trade.tokenIn} -> ${trade.tokenOut}, route shown: ${shown.route}`)
    })
  })

  test('behavior: exact output (typed in the buy field): native ETH in, receives exactly that amount, spends exactly the quoted input (no more than the maximum)', async () => {
    // Native input: the router takes the maximum as value and sweeps back what it did not spend, so
    // the check is exact after subtracting gas. (A v2 exact-output hop is exact too: the API has the
    // router pay the recipient exactly the amount asked, see apps/api's exact-output tests.)
    const usdc = token('ethereum', 'USDC')
    await withPage(swapUrl('ethereum', NATIVE_CURRENCY_ADDRESS, usdc.address), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await tradeAndCheck(page, 'ethereum', {
        tokenIn: NATIVE_CURRENCY_ADDRESS,
        tokenOut: usdc.address,
        amount: '150',
        type: 'EXACT_OUTPUT',
      })
      assert.equal(
        await byTestId(page, 'swap-minimum-received').count(),
        0,
        'exact output shows the maximum sent, not a minimum received',
      )
    })
  })

  test('error: rejected in the wallet shows "Transaction rejected in your wallet." and nothing is sent', async () => {
    const eth = token('ethereum', 'ETH')
    const usdc = token('ethereum', 'USDC')
    const chainId = file.stack.manifest.networks.ethereum?.chainId ?? 0
    const client = clients('ethereum').public
    await withPage(
      swapUrl('ethereum', eth.address, usdc.address),
      async ({ page }) => {
        await connectWallet(page, 'Rejecting Wallet', ACCOUNT_1)
        const nonce = await client.getTransactionCount({ address: ACCOUNT_1 })
        await typeAmount(page, 'input', '0.1')
        await waitForQuote(page, { side: 'in', amount: toBaseUnits('0.1', 18) })
        const result = await reviewAndConfirm(page)
        assert.deepEqual(result, { state: 'failed', message: 'Transaction rejected in your wallet.' })
        const calls = await page.evaluate(
          () => (window as unknown as { __testWalletCalls: string[] }).__testWalletCalls,
        )
        assert.ok(calls.includes('eth_sendTransaction'), 'the wallet was asked to send')
        assert.equal(await client.getTransactionCount({ address: ACCOUNT_1 }), nonce, 'nothing was sent')
      },
      {
        setup: (context) =>
          context.addInitScript({
            content: injectedTestWallet({
              name: 'Rejecting Wallet',
              rdns: 'test.rejecting',
              account: ACCOUNT_1,
              chains: [[chainId, file.stack.rpcUrl('ethereum')]],
              rejectSend: true,
            }),
          }),
      },
    )
  })

  test('error: slippage: the pool moves between the swap request and its block, the swap reverts with the slippage message', async () => {
    const eth = token('ethereum', 'ETH')
    const usdc = token('ethereum', 'USDC')
    const amount = '2'
    const client = clients('ethereum').public
    await withPage(swapUrl('ethereum', eth.address, usdc.address), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      // A tiny custom slippage tolerance, set in the settings popover.
      await byTestId(page, 'swap-settings').click()
      await byTestId(page, 'slippage-input').fill('0.01')
      assert.equal(await byTestId(page, 'slippage-message').count(), 0, 'no complaint about 0.01 %')
      await page.keyboard.press('Escape')
      await typeAmount(page, 'input', amount)
      const shown = await waitForQuote(page, { side: 'in', amount: toBaseUnits(amount, 18) })
      const startBlock = await client.getBlockNumber()

      // The app's transaction waits in the mempool; another account makes the same trade with a
      // higher tip, and both go into one block, the other first.
      await confirmWithBlockHeld(page, async () => {
        await frontRun(shown.amountIn, usdc.address)
      })
      const result = await finalStatus(page)
      assert.deepEqual(result, { state: 'failed', message: SLIPPAGE_MESSAGE })
      const sent = await transactionsFrom(client, ACCOUNT_0, startBlock, await client.getBlockNumber())
      assert.deepEqual(
        sent.map((tx) => tx.status),
        ['reverted'],
        'the app sent one swap, and it reverted on chain',
      )
      // The failed state shows the reverted transaction as the confirmed one does: shortened, with
      // its full hash on hover and a copy button; no explorer link on the devnet.
      const shownHash = byTestId(page, 'swap-status-hash').first()
      const hash = sent[0]?.hash ?? '0x'
      assert.equal(await shownHash.getAttribute('title'), hash)
      assert.equal((await shownHash.textContent())?.trim(), `${hash.slice(0, 6)}…${hash.slice(-4)}`)
      assert.equal(await byTestId(page, 'swap-status-copy-hash').count(), 1)
      assert.equal(await byTestId(page, 'swap-status-explorer').count(), 0)
    })
  })

  test('behavior: switching the network in the swap box switches the wallet; quotes and the trade come from Base', async () => {
    const ethUsdc = token('ethereum', 'USDC')
    const baseUsdc = token('base', 'USDC')
    const ethClient = clients('ethereum').public
    await withPage(swapUrl('ethereum', NATIVE_CURRENCY_ADDRESS, ethUsdc.address), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      const ethUsdcBefore = await balanceOf(ethClient, ethUsdc.address, ACCOUNT_0)
      // The wallet follows the box through the 'Switch to Base' action.
      await switchNetworkFromSwapBox(
        page,
        { name: 'base', label: 'Base' },
        async (clicked) =>
          clicked &&
          (await byTestId(page, 'swap-button').getAttribute('aria-busy')) !== 'true' &&
          (await byTestId(page, 'swap-button').textContent())?.trim() !== 'Switch to Base',
      )
      if ((await byTestId(page, 'swap-input-token').textContent())?.trim() !== 'ETH')
        await selectToken(page, 'input', { address: NATIVE_CURRENCY_ADDRESS, symbol: 'ETH' })
      await selectToken(page, 'output', { address: baseUsdc.address, symbol: 'USDC' })
      await tradeAndCheck(page, 'base', {
        tokenIn: NATIVE_CURRENCY_ADDRESS,
        tokenOut: baseUsdc.address,
        amount: '0.1',
        type: 'EXACT_INPUT',
      })
      assert.equal(
        await balanceOf(ethClient, ethUsdc.address, ACCOUNT_0),
        ethUsdcBefore,
        'nothing moved on Ethereum',
      )
    })
  })

  test('error: a wallet refusing the switch shows "Failed to switch networks"', async () => {
    const chainId = file.stack.manifest.networks.ethereum?.chainId ?? 0
    const baseChainId = file.stack.manifest.networks.base?.chainId ?? 0
    await withPage(
      swapUrl('ethereum', NATIVE_CURRENCY_ADDRESS, token('ethereum', 'USDC').address),
      async ({ page }) => {
        await connectWallet(page, 'Stubborn Wallet', ACCOUNT_1)
        await switchNetworkFromSwapBox(page, { name: 'base', label: 'Base' }, () =>
          page.getByText('Failed to switch networks').first().isVisible(),
        )
        const calls = await page.evaluate(
          () => (window as unknown as { __testWalletCalls: string[] }).__testWalletCalls,
        )
        assert.ok(calls.includes('wallet_switchEthereumChain'), 'the wallet was asked to switch')
      },
      {
        setup: (context) =>
          context.addInitScript({
            content: injectedTestWallet({
              name: 'Stubborn Wallet',
              rdns: 'test.stubborn',
              account: ACCOUNT_1,
              chains: [
                [chainId, file.stack.rpcUrl('ethereum')],
                [baseChainId, file.stack.rpcUrl('base')],
              ],
              rejectSwitch: true,
            }),
          }),
      },
    )
  })

  test('behavior: a reload keeps the connection and the prefilled trade', async () => {
    const usdc = token('ethereum', 'USDC')
    await withPage(swapUrl('ethereum', NATIVE_CURRENCY_ADDRESS, usdc.address), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await page.reload()
      await accountButton(page, ACCOUNT_0).waitFor()
      assert.equal(
        await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).count(),
        0,
      )
      await typeAmount(page, 'input', '0.01')
      await waitForQuote(page, { side: 'in', amount: toBaseUnits('0.01', 18) })
      await page.waitForFunction(
        () => document.querySelector('[data-testid="swap-button"]')?.textContent?.trim() === 'Review',
      )
    })
  })

  test('error: "Insufficient ETH balance" for an amount above the balance', async () => {
    const usdc = token('ethereum', 'USDC')
    await withPage(swapUrl('ethereum', NATIVE_CURRENCY_ADDRESS, usdc.address), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await typeAmount(page, 'input', '20000')
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="swap-button"]')?.textContent?.trim() ===
          'Insufficient ETH balance',
        undefined,
        { timeout: 15_000 },
      )
      assert.equal(await byTestId(page, 'swap-button').isDisabled(), true)
      assert.equal((await byTestId(page, 'swap-error').textContent())?.trim(), 'Insufficient ETH balance')
    })
  })

  test('error: "Insufficient funds to cover network cost" when the ETH balance covers the amount but not the gas', async () => {
    const usdc = token('ethereum', 'USDC')
    // Exactly 0.1 ETH: selling all of it leaves nothing for the network cost (the snapshot revert
    // before the next test restores the balance).
    await clients('ethereum').test.setBalance({ address: ACCOUNT_0, value: toBaseUnits('0.1', 18) })
    await withPage(swapUrl('ethereum', NATIVE_CURRENCY_ADDRESS, usdc.address), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await typeAmount(page, 'input', '0.1')
      await waitForQuote(page, { side: 'in', amount: toBaseUnits('0.1', 18) })
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="swap-button"]')?.textContent?.trim() ===
          'Insufficient funds to cover network cost',
        undefined,
        { timeout: 15_000 },
      )
      assert.equal(await byTestId(page, 'swap-button').isDisabled(), true)
      // A smaller amount leaves room for the gas: the trade can go ahead.
      await typeAmount(page, 'input', '0.05')
      await waitForQuote(page, { side: 'in', amount: toBaseUnits('0.05', 18) })
      await page.waitForFunction(
        () => document.querySelector('[data-testid="swap-button"]')?.textContent?.trim() === 'Review',
      )
    })
  })

  test('error: expired deadline: the block that includes the swap is past its deadline, the swap reverts with the deadline message', async () => {
    const usdc = token('ethereum', 'USDC')
    const client = clients('ethereum').public
    const testClient = clients('ethereum').test
    await withPage(swapUrl('ethereum', NATIVE_CURRENCY_ADDRESS, usdc.address), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      await byTestId(page, 'swap-settings').click()
      await byTestId(page, 'deadline-input').fill('1')
      await page.keyboard.press('Escape')
      await typeAmount(page, 'input', '0.2')
      await waitForQuote(page, { side: 'in', amount: toBaseUnits('0.2', 18) })
      const startBlock = await client.getBlockNumber()
      // The swap waits in the mempool; the block that finally includes it is two minutes later,
      // past the one-minute deadline the app asked for. (The app's deadline is wall-clock now + 1
      // minute; the devnet's clock may lag the wall clock after snapshot reverts, so the block's
      // time is set outright.)
      await confirmWithBlockHeld(page, () =>
        testClient.setNextBlockTimestamp({ timestamp: BigInt(Math.floor(Date.now() / 1000) + 120) }),
      )
      const result = await finalStatus(page)
      assert.deepEqual(result, {
        state: 'failed',
        message:
          'This transaction could not be sent because the deadline has passed. Check that your transaction deadline is not too low.',
      })
      const sent = await transactionsFrom(client, ACCOUNT_0, startBlock, await client.getBlockNumber())
      assert.deepEqual(
        sent.map((tx) => tx.status),
        ['reverted'],
        'the app sent one swap, and it reverted on chain',
      )
    })
  })

  test('behavior: wrap ETH into WETH and unwrap it back; balances change by exactly the typed amount', async () => {
    const weth = token('ethereum', 'WETH')
    const client = clients('ethereum').public
    await withPage(swapUrl('ethereum', NATIVE_CURRENCY_ADDRESS, weth.address), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      const amount = toBaseUnits('0.75', 18)
      for (const [from, label] of [
        [NATIVE_CURRENCY_ADDRESS, 'Wrap'],
        [weth.address, 'Unwrap'],
      ] as const) {
        if (label === 'Unwrap') {
          await byTestId(page, 'swap-status-close').first().click()
          await byTestId(page, 'swap-flip').click()
        }
        await typeAmount(page, 'input', '0.75')
        const shown = await waitForQuote(page, { side: 'in', amount })
        assert.equal(shown.amountOut, amount, `${label}: one for one`)
        const startBlock = await client.getBlockNumber()
        const ethBefore = await balanceOf(client, NATIVE_CURRENCY_ADDRESS, ACCOUNT_0)
        const wethBefore = await balanceOf(client, weth.address, ACCOUNT_0)
        const result = await reviewAndConfirm(page, 30_000, label)
        assert.equal(result.state, 'confirmed', `${label} failed: ${result.message}`)
        assert.match(
          result.message,
          label === 'Wrap' ? /^Wrapped 0\.75 ETH into 0\.75 WETH/ : /^Unwrapped 0\.75 WETH into 0\.75 ETH/,
        )
        const sent = await transactionsFrom(client, ACCOUNT_0, startBlock, await client.getBlockNumber())
        const gas = sent.reduce((sum, tx) => sum + tx.gasCost, 0n)
        const ethChange = (await balanceOf(client, NATIVE_CURRENCY_ADDRESS, ACCOUNT_0)) - ethBefore + gas
        const wethChange = (await balanceOf(client, weth.address, ACCOUNT_0)) - wethBefore
        const sign = from === NATIVE_CURRENCY_ADDRESS ? -1n : 1n
        assert.equal(ethChange, sign * amount, `${label}: ETH moved by the amount (gas aside)`)
        assert.equal(wethChange, -sign * amount, `${label}: WETH moved by the amount`)
      }
    })
  })

  test('error: "No quotes found" when no pool can fill the trade', async () => {
    const usdc = token('ethereum', 'USDC')
    const pepe = token('ethereum', 'PEPE')
    await withPage(swapUrl('ethereum', usdc.address, pepe.address), async ({ page }) => {
      await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
      // Buying more PEPE than every pool holds: no route can deliver it.
      await typeAmount(page, 'output', '1000000000000000')
      await byTestId(page, 'swap-error').filter({ hasText: 'No quotes found' }).waitFor({ timeout: 15_000 })
    })
  })

  test('error: "Unsupported network" for a network the API does not serve', async () => {
    await withPage(
      '/swap?chain=ethereum',
      async ({ page }) => {
        await connectWallet(page, LOCAL_WALLET, ACCOUNT_0)
        await page.locator('select[aria-label="Network"]').selectOption('unichain')
        await page.getByText('Unsupported network').first().waitFor({ timeout: 15_000 })
      },
      // Nothing runs Unichain here: balance reads to its (unused) RPC port are refused.
      { allow: /ERR_CONNECTION_REFUSED|127\.0\.0\.1:251\d\d/ },
    )
  })
})
