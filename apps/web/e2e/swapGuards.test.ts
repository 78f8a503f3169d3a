/**
 * Guards of the swap screen against a moving chain and lost funds (issue #16), in Chromium on the
 * full local stack (devnet on port base 25200, the API on 25788, the built web on
 * localhost:25574): a shown quote follows the chain (a block after the quote's re-quotes at once,
 * not at the 10 s refresh), and a swap whose proceeds would go to a protocol contract is refused
 * with the spec's 'Invalid recipient': by the form when it knows the address (button disabled),
 * else by the API.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import type { NetworkDeployment } from '@oxbow/protocol'
import type { Browser } from 'playwright-core'
import type { Address } from 'viem'
import { launchChromium } from '../test/harness.ts'
import { type Stack, startStack } from './stack.ts'
import {
  apiEthSwap,
  byTestId,
  connectWallet,
  injectedTestWallet,
  reviewAndConfirm,
  waitForQuote,
} from './swapKit.ts'

let stack: Stack
let browser: Browser

before(async () => {
  stack = await startStack({ devnetPortBase: 25200, apiPort: 25788, webPort: 25574 })
  browser = await launchChromium()
})

after(async () => {
  await browser?.close().catch(() => {})
  await stack?.stop()
})

test('behavior: a trade on chain after the quote re-quotes within 3 s, priced on the new block', async () => {
  const d = stack.manifest.networks.ethereum as NetworkDeployment
  const usdc = d.tokens.find((t) => t.symbol === 'USDC' && t.kind === 'stablecoin')
  assert.ok(usdc)
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${stack.webUrl}/swap?chain=ethereum&inputCurrency=ETH&outputCurrency=${usdc.address}`)
    const field = byTestId(page, 'swap-input-amount')
    await field.click()
    await field.pressSequentially('1')
    const shown = await waitForQuote(page, { side: 'in', amount: 10n ** 18n })

    // someone else's trade moves the ETH/USDC pools (native input: no approval or permit)
    const { public: client, wallet } = devnetClients(stack.manifest, 'ethereum', 1)
    const swap = await apiEthSwap(stack.apiUrl, {
      tokenOut: usdc.address,
      amount: 40n * 10n ** 18n,
      slippage: 1,
      swapper: wallet.account.address,
    })
    const receipt = await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: swap.to, data: swap.data, value: swap.value }),
    })
    const started = Date.now()
    await page.waitForFunction(
      (block) =>
        BigInt(document.querySelector('[data-testid="swap-quote"]')?.getAttribute('data-block') ?? '0') >=
        BigInt(block),
      receipt.blockNumber.toString(),
      { timeout: 3_000 },
    )
    const after = await waitForQuote(page, { side: 'in', amount: 10n ** 18n })
    assert.ok(after.block >= receipt.blockNumber, `quote block ${after.block}`)
    assert.ok(
      after.amountOut < shown.amountOut,
      `the trade moved the price: ${shown.amountOut} -> ${after.amountOut}`,
    )
    console.log(`# re-quoted ${Date.now() - started} ms after the trade's receipt`)
  } finally {
    await context.close()
  }
})

/** Opens /swap (ETH -> USDC) in a new context whose injected wallet's account is `account`. */
async function swapAs(account: Address, name: string) {
  const d = stack.manifest.networks.ethereum as NetworkDeployment
  const usdc = d.tokens.find((t) => t.symbol === 'USDC' && t.kind === 'stablecoin')
  assert.ok(usdc)
  const context = await browser.newContext()
  await context.addInitScript({
    content: injectedTestWallet({
      name,
      rdns: `test.${name.toLowerCase().replaceAll(' ', '-')}`,
      account,
      chains: [[d.chainId, stack.rpcUrl('ethereum')]],
    }),
  })
  const page = await context.newPage()
  await page.goto(`${stack.webUrl}/swap?chain=ethereum&inputCurrency=ETH&outputCurrency=${usdc.address}`)
  await connectWallet(page, name, account)
  const field = byTestId(page, 'swap-input-amount')
  await field.click()
  await field.pressSequentially('1')
  const sent = () =>
    page.evaluate(() =>
      ((window as unknown as { __testWalletCalls?: string[] }).__testWalletCalls ?? []).filter(
        (method) => method === 'eth_sendTransaction',
      ),
    )
  return { context, page, sent }
}

test('error: a wallet whose address is the Universal Router or WETH reads "Invalid recipient", disabled, and nothing is sent', async () => {
  const d = stack.manifest.networks.ethereum as NetworkDeployment
  for (const [account, name] of [
    [d.contracts.universalRouter, 'Router Wallet'],
    [d.contracts.weth9, 'Weth Wallet'],
  ] as const) {
    const { context, page, sent } = await swapAs(account, name)
    try {
      await page.waitForFunction(
        () => {
          const b = document.querySelector('[data-testid="swap-button"]') as HTMLButtonElement | null
          return b !== null && b.textContent?.trim() === 'Invalid recipient'
        },
        undefined,
        { timeout: 10_000 },
      )
      const button = byTestId(page, 'swap-button')
      assert.equal(await button.isDisabled(), true, name)
      assert.equal(await button.getAttribute('data-kind'), 'invalidRecipient')
      assert.deepEqual(await sent(), [], 'no transaction was sent')
    } finally {
      await context.close()
    }
  }
})

test('error: a wallet the form cannot tell from an account (a v4 hook) is refused by the API with "Invalid recipient" and nothing is sent', async () => {
  const d = stack.manifest.networks.ethereum as NetworkDeployment
  // a hook is not in the token list nor the form's contracts: the API's refusal is what stops it
  const hook = Object.values(d.hooks)[0]
  assert.ok(hook)
  const { test: anvil } = devnetClients(stack.manifest, 'ethereum')
  await anvil.setBalance({ address: hook, value: 10n ** 20n })
  const { context, page, sent } = await swapAs(hook, 'Hook Wallet')
  try {
    await waitForQuote(page, { side: 'in', amount: 10n ** 18n })
    const result = await reviewAndConfirm(page)
    assert.deepEqual(result, { state: 'failed', message: 'Invalid recipient' })
    assert.deepEqual(await sent(), [], 'no transaction was sent')
  } finally {
    await context.close()
  }
})
