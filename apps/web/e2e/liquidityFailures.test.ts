/**
 * Liquidity transactions that fail, in Chromium against the real local stack (devnet ethereum on
 * port base 33600, the indexer on 33690, the built app on localhost:33675), checked on chain with
 * viem (issue #13, "Bad input"):
 * - a removal that really reverts on chain shows the decoded reason and leaves the position as it
 *   was: with automine off the app estimates and sends the removal (its deadline valid at the chain's
 *   time), then the devnet mines it in a block 1 h later than the deadline, so the v3
 *   NonfungiblePositionManager reverts with `Error("Transaction too old")`, which the app decodes by
 *   replaying it at its block;
 * - a zero amount and a dust amount (1 wei of WETH: zero liquidity) are refused with the spec's
 *   "Enter an amount" before any wallet request.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import type { Page } from 'playwright-core'
import {
  indexedPosition,
  type LiquidityFixture,
  type LiquidityStack,
  positionManagers,
  setUpPositions,
  startLiquidityStack,
  withLiquidityPage,
} from './liquidityKit.ts'

const PORTS = { devnetPortBase: 33600, indexer: 33690, web: 33675 }
const WALLET = 'Liquidity Failures Test Wallet'

let stack: LiquidityStack
let contracts: LiquidityFixture['contracts']
let tokenId: bigint

const clients = () => devnetClients(stack.devnet.manifest, 'ethereum', 0)
const managers = () => positionManagers(clients().public, contracts)

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(stack.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** The methods the page asked the injected wallet to carry out that sign or send. */
const walletSends = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { __testWalletCalls?: string[] }).__testWalletCalls ?? []).filter((method) =>
      /^(eth_sendTransaction|eth_sign|eth_signTypedData.*|personal_sign)$/.test(method),
    ),
  )

before(async () => {
  stack = await startLiquidityStack(PORTS, async (devnet) => {
    ;({ contracts, tokenId } = await setUpPositions(devnet))
  })
  await indexedPosition(stack.indexer.url, tokenId)
})

after(async () => {
  await stack?.stop()
})

const withPositionPage = (run: (page: Page) => Promise<void>) =>
  withLiquidityPage(stack, `/positions/v3/ethereum/${tokenId}`, run, {
    wallet: { name: WALLET, rdns: 'test.failures' },
    // The reverted transaction's replay is an eth_call that fails: the browser logs the RPC's error.
    expected: (error) => /Failed to load resource|execution reverted|Transaction too old/i.test(error),
  })

describe('liquidity failures', () => {
  test('error: zero and dust amounts to add read "Enter an amount", disabled, and nothing is signed or sent', async () => {
    await withPositionPage(async (page) => {
      await page.locator('[data-testid="position"]').waitFor()
      const field = page.locator('[data-testid="add-amount0"]')
      const button = page.getByRole('button', { name: 'Enter an amount' })
      for (const text of ['0', '0.000000000000000001']) {
        await field.fill(text)
        assert.equal(await field.inputValue(), text)
        await button.waitFor()
        assert.equal(await button.isDisabled(), true, `${text}: the button is disabled`)
        await button.click({ force: true })
        assert.equal(await page.getByRole('button', { name: 'Add liquidity' }).count(), 0, text)
        // Nothing linked on the other side: the amount gives no liquidity.
        assert.equal(await page.locator('[data-testid="add-amount1"]').inputValue(), '')
      }
      // A real amount turns the button on (the test above could not pass by a button that never shows).
      await field.fill('0.01')
      await page.getByRole('button', { name: 'Add liquidity' }).waitFor()
      assert.deepEqual(await walletSends(page), [], 'no wallet request to sign or send')
    })
  })

  test('error: a removal that reverts on chain (deadline passed when mined) shows the decoded reason; the position is unchanged', async () => {
    const before = await managers().v3Position(tokenId)
    assert.ok(before[7] > 0n, 'the position has liquidity')
    await withPositionPage(async (page) => {
      await page.locator('[data-testid="position"]').waitFor()
      await page.getByRole('button', { name: '50%' }).click()
      await rpc('evm_setAutomine', [false])
      try {
        await page.getByRole('button', { name: 'Remove liquidity' }).click()
        const pending = page.locator('[data-testid="liquidity-tx-status"][data-state="pending"]')
        await pending.waitFor({ timeout: 30_000 })
        const hash = (await pending.getAttribute('data-hash')) as `0x${string}`
        // Mined an hour after the app's 20-minute deadline.
        const block = await clients().public.getBlock()
        await rpc('evm_setNextBlockTimestamp', [Number(block.timestamp) + 20 * 60 + 3600])
        await rpc('evm_mine')
        const receipt = await clients().public.waitForTransactionReceipt({ hash })
        assert.equal(receipt.status, 'reverted', 'the removal reverted on chain')
      } finally {
        await rpc('evm_setAutomine', [true])
      }
      const failed = page.locator('[data-testid="liquidity-tx-status"][data-state="failed"]')
      await failed.waitFor({ timeout: 30_000 })
      assert.equal(await failed.textContent(), 'Transaction failed: Transaction too old')
    })
    assert.deepEqual(await managers().v3Position(tokenId), before, 'the position is unchanged on chain')
  })
})
