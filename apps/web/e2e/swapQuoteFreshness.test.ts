/**
 * A shown quote follows the chain (issue #16): when a block lands after the quote's, the swap form
 * re-quotes at once instead of at its 10 s refresh. Full local stack (devnet on port base 25200,
 * the API on 25788, the built web on localhost:25574), in Chromium.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import type { NetworkDeployment } from '@oxbow/protocol'
import type { Browser } from 'playwright-core'
import type { Hex } from 'viem'
import { launchChromium } from '../test/harness.ts'
import { type Stack, startStack } from './stack.ts'
import { byTestId, waitForQuote } from './swapKit.ts'

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
    const res = await fetch(`${stack.apiUrl}/v1/swap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        network: 'ethereum',
        tokenIn: 'ETH',
        tokenOut: usdc.address,
        amount: String(40n * 10n ** 18n),
        type: 'EXACT_INPUT',
        slippage: 1,
        swapper: wallet.account.address,
      }),
    })
    const swap = (await res.json()) as { status: string; tx: { to: Hex; data: Hex; value: string } }
    assert.equal(swap.status, 'READY')
    const receipt = await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({
        to: swap.tx.to,
        data: swap.tx.data,
        value: BigInt(swap.tx.value),
      }),
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
