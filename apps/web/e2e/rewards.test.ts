/**
 * LP rewards in Chromium against the full local stack (devnet ethereum + base on port base 24800,
 * indexer, API, the built app), checked on chain with viem (issue #13).
 *
 * The devnet's Ethereum runs a rewards programme: epoch 1's MerkleDistributor pays UNI to the LPs
 * of four v3 pools, and test account 4 holds one of their positions, so it is eligible with the
 * amount the manifest's tree records. The drawer shows 'Claim {amount} UNI'; a wallet that refuses
 * shows the spec's 'collect rewards failed'; the claim goes through the app's transaction
 * lifecycle, the UNI balance rises by exactly the amount, the button goes, Activity shows the claim
 * and a second claim is impossible (the API says claimed, the distributor refuses). Pools and
 * positions show the reward APR beside the base APR.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import { erc20Abi } from '@oxbow/protocol'
import { merkleDistributorAbi } from '@oxbow/protocol/rewards'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../test/harness.ts'
import { waitForPortfolio } from './indexer.ts'
import { type Stack, startStack } from './stack.ts'
import { withCheckedPage } from './support.ts'
import { accountButton, connectWallet, injectedTestWallet } from './swapKit.ts'

const PORTS = { devnetPortBase: 24800, apiPort: 24887, webPort: 24873, indexerPort: 24890 }
/** The test account the devnet hands a rewarded position (apps/devnet src/seed/rewards.ts). */
const REWARDED = 4
const SHOTS = process.env.OXBOW_E2E_SCREENSHOTS

let stack: Stack
let browser: Browser

before(async () => {
  stack = await startStack(PORTS, { liquidity: true })
  browser = await launchChromium()
  await waitForPortfolio(stack.graphqlUrl, stack.manifest.accounts[REWARDED]?.address ?? '')
})

after(async () => {
  await browser?.close().catch(() => {})
  await stack?.stop()
})

const drawer = (page: Page) => page.getByTestId('account-drawer')

function programme() {
  const rewards = stack.manifest.networks.ethereum?.rewards
  const epoch = rewards?.epochs[0]
  const me = stack.manifest.accounts[REWARDED]?.address
  const claim = epoch?.claims.find((c) => c.account === me)
  assert.ok(rewards && epoch && me && claim, 'account 4 is in the tree')
  return { rewards, epoch, me, claim }
}

describe('LP rewards', () => {
  test('behavior: pools and positions show the reward APR beside the base APR', async () => {
    const { epoch, me } = programme()
    const pool = epoch.pools[0]?.pool
    assert.ok(pool)
    await withCheckedPage(browser, stack, `/explore/pools/ethereum/${pool}`, async (page) => {
      const apr = page.getByTestId('pool-apr')
      await apr.getByTestId('apr-reward').waitFor()
      assert.match((await apr.getByTestId('apr-base').textContent()) ?? '', /%$/)
      assert.match((await apr.getByTestId('apr-reward').textContent()) ?? '', /^\+[\d.,]+% rewards$/)
      assert.ok(Number(await apr.getByTestId('apr-reward').getAttribute('data-value')) > 0)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-pool-apr.png`, fullPage: true })
    })
    await withCheckedPage(
      browser,
      stack,
      `/positions?eagerlyConnect=true&eagerlyConnectAddress=${me}`,
      async (page) => {
        // account 4's position (UNI/WETH 0.3%, incentivised) shows both APRs
        const rewarded = page.locator('[data-testid="position-row"]').filter({ hasText: 'UNI' })
        await rewarded.first().getByTestId('apr-reward').waitFor({ timeout: 30_000 })
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-positions-apr.png`, fullPage: true })
        // and its position page
        const tokenId = await rewarded.first().getAttribute('data-token-id')
        await rewarded.first().click()
        await page.waitForURL(`**/positions/v3/ethereum/${tokenId}`)
        const apr = page.getByTestId('position-apr')
        await apr.getByTestId('apr-reward').waitFor({ timeout: 30_000 })
        assert.match((await apr.getByTestId('apr-reward').textContent()) ?? '', /^\+[\d.,]+% rewards$/)
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-position-page-apr.png`, fullPage: true })
      },
    )
  })

  test('error: a wallet that refuses the claim shows "Collect rewards failed"; nothing is claimed', async () => {
    const { epoch, me, claim } = programme()
    const chainId = stack.manifest.networks.ethereum?.chainId ?? 0
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    try {
      await context.addInitScript({
        content: injectedTestWallet({
          name: 'Refusing Wallet',
          rdns: 'test.rewards.refuse',
          account: me,
          chains: [[chainId, stack.rpcUrl('ethereum')]],
          rejectSend: true,
        }),
      })
      const page = await context.newPage()
      await page.goto(`${stack.webUrl}/swap`)
      await connectWallet(page, 'Refusing Wallet', me)
      await accountButton(page, me).click()
      await drawer(page).getByTestId('claim-rewards').click()
      const modal = page.getByTestId('claim-rewards-modal')
      await modal.getByRole('button', { name: 'Claim', exact: true }).click()
      const error = modal.getByTestId('claim-rewards-error')
      await error.waitFor()
      assert.match((await error.textContent()) ?? '', /^Collect rewards failed/)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-claim-failed.png` })
    } finally {
      await context.close()
    }
    const { public: client } = devnetClients(stack.manifest, 'ethereum', REWARDED)
    const claimed = await client.readContract({
      address: epoch.distributor,
      abi: merkleDistributorAbi,
      functionName: 'isClaimed',
      args: [BigInt(claim.index)],
    })
    assert.equal(claimed, false)
  })

  test('behavior: the drawer claims the reward; the balance rises by exactly the amount, the button goes, Activity shows it, no second claim', async () => {
    const { rewards, epoch, me, claim } = programme()
    const { public: client, wallet } = devnetClients(stack.manifest, 'ethereum', REWARDED)
    const balance = () =>
      client.readContract({ address: rewards.token, abi: erc20Abi, functionName: 'balanceOf', args: [me] })
    const before = await balance()
    await withCheckedPage(
      browser,
      stack,
      `/swap?eagerlyConnect=true&eagerlyConnectAddress=${me}`,
      async (page) => {
        await accountButton(page, me).click()
        const button = drawer(page).getByTestId('claim-rewards')
        await button.waitFor()
        assert.equal(await button.getAttribute('data-amount'), claim.amount)
        const whole = (BigInt(claim.amount) / 10n ** 18n).toLocaleString('en-US')
        assert.match((await button.textContent()) ?? '', new RegExp(`^Claim ${whole}(\\.\\d+)? UNI$`))
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-drawer-claim.png` })
        await button.click()
        const modal = page.getByTestId('claim-rewards-modal')
        assert.equal(await modal.getByTestId('claim-rewards-address').textContent(), me)
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-claim-modal.png` })
        await modal.getByRole('button', { name: 'Claim', exact: true }).click()
        const confirmed = modal.locator('[data-testid="claim-rewards-status"][data-state="confirmed"]')
        await confirmed.waitFor({ timeout: 30_000 })
        const hash = (await confirmed.getAttribute('data-hash')) as `0x${string}`
        assert.equal((await client.getTransactionReceipt({ hash })).status, 'success')
        assert.equal((await balance()) - before, BigInt(claim.amount))
        // the toast of the confirmed transaction
        await page.getByText('Claimed LP rewards').first().waitFor()
        await modal.getByRole('button', { name: 'Cancel' }).click()
        await button.waitFor({ state: 'detached' })
        // Activity: the indexed claim, its type and the UNI received
        await drawer(page)
          .getByRole('tab', { name: /Activity/ })
          .click()
        const row = drawer(page).locator(`li[data-tx="${hash}"][data-status="confirmed"]`).first()
        await row.waitFor({ timeout: 60_000 })
        assert.match((await row.textContent()) ?? '', /Claimed LP rewards/)
        assert.match((await row.textContent()) ?? '', /\+[\d.,]+ UNI/)
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-activity.png` })
        // after a reload too: no button (the API reads the claim from the distributor)
        await page.reload()
        await accountButton(page, me).click()
        await drawer(page).getByTestId('portfolio-total').waitFor()
        await page.waitForTimeout(1_000)
        assert.equal(await drawer(page).getByTestId('claim-rewards').count(), 0)
      },
    )
    const api = (await (await fetch(`${stack.apiUrl}/v1/rewards/${me}`)).json()) as {
      rewards: { claimed: boolean }[]
    }
    assert.deepEqual(
      api.rewards.map((r) => r.claimed),
      [true],
    )
    await assert.rejects(
      client.simulateContract({
        account: wallet.account,
        address: epoch.distributor,
        abi: merkleDistributorAbi,
        functionName: 'claim',
        args: [BigInt(claim.index), me, BigInt(claim.amount), claim.proof],
      }),
      /Drop already claimed/,
    )
  })
})
