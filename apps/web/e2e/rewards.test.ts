/**
 * LP rewards in Chromium against the full local stack (devnet ethereum + base on port base 24800,
 * indexer, API, the built app), checked on chain with viem (issue #13).
 *
 * The devnet's Ethereum runs a rewards programme in two epochs (the seeded history's halves), each
 * its own MerkleDistributor paying UNI to the LPs of four v3 pools; test account 4 holds one of
 * their positions, so it is eligible in both with the amounts the manifest's trees record. The
 * drawer shows 'Claim {sum} UNI'; its modal lists both epochs with their amounts and states; a
 * wallet that refuses shows the spec's 'collect rewards failed' on that epoch only; each epoch is
 * claimed on its own through the app's transaction lifecycle (the UNI balance rises by exactly its
 * amount, `isClaimed` turns true for that epoch alone), the states survive reloads (a claim still
 * being mined stays 'pending', then 'claimed'), the button goes once both are claimed, Activity
 * shows the claims and a second claim is impossible. Pools and positions show the reward APR
 * beside the base APR, titled as the latest epoch's.
 *
 * Only this file claims, so both epochs are unclaimed when it starts (the seed's state), on a
 * devnet of its own or the shard's shared one.
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
  const me = stack.manifest.accounts[REWARDED]?.address
  assert.ok(rewards && me)
  assert.equal(rewards.epochs.length, 2)
  const claims = rewards.epochs.map((epoch) => {
    const claim = epoch.claims.find((c) => c.account === me)
    assert.ok(claim, `account 4 is in epoch ${epoch.epoch}'s tree`)
    return { epoch, claim }
  })
  return { rewards, me, claims }
}

const rpcCall = (method: string, params: unknown[] = []) =>
  fetch(stack.rpcUrl('ethereum'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  }).then((r) => r.json())

/** The distributors' own answer, per epoch. */
async function claimedOnChain(): Promise<boolean[]> {
  const { claims } = programme()
  const { public: client } = devnetClients(stack.manifest, 'ethereum', REWARDED)
  return Promise.all(
    claims.map(({ epoch, claim }) =>
      client.readContract({
        address: epoch.distributor,
        abi: merkleDistributorAbi,
        functionName: 'isClaimed',
        args: [BigInt(claim.index)],
      }),
    ),
  )
}

const epochRow = (page: Page, epoch: number) =>
  page
    .getByTestId('claim-rewards-modal')
    .locator(`[data-testid="claim-rewards-epoch"][data-epoch="${epoch}"]`)

/** Opens the drawer's claim modal (after a reload too) and waits for both epochs' rows. */
async function openClaimModal(page: Page, me: string) {
  await accountButton(page, me).click()
  await drawer(page).getByTestId('claim-rewards').click()
  await epochRow(page, 1).waitFor()
  await epochRow(page, 2).waitFor()
}

describe('LP rewards', () => {
  test('behavior: pools and positions show the reward APR beside the base APR', async () => {
    const { rewards, me } = programme()
    const pool = rewards.epochs[1]?.pools[0]?.pool
    assert.ok(pool)
    await withCheckedPage(browser, stack, `/explore/pools/ethereum/${pool}`, async (page) => {
      const apr = page.getByTestId('pool-apr')
      await apr.getByTestId('apr-reward').waitFor()
      assert.match((await apr.getByTestId('apr-base').textContent()) ?? '', /%$/)
      assert.match((await apr.getByTestId('apr-reward').textContent()) ?? '', /^\+[\d.,]+% rewards$/)
      assert.ok(Number(await apr.getByTestId('apr-reward').getAttribute('data-value')) > 0)
      // the badge says which epoch its figure is
      assert.match((await apr.getByTestId('apr-reward').getAttribute('title')) ?? '', /latest reward epoch/)
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

  test('error: a wallet that refuses a claim shows "Collect rewards failed" on that epoch; nothing is claimed', async () => {
    const { me } = programme()
    assert.deepEqual(await claimedOnChain(), [false, false], 'the seed leaves both epochs unclaimed')
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
      await openClaimModal(page, me)
      await epochRow(page, 1).getByRole('button', { name: 'Claim', exact: true }).click()
      const error = epochRow(page, 1).getByTestId('claim-rewards-error')
      await error.waitFor()
      assert.match((await error.textContent()) ?? '', /^Collect rewards failed/)
      // the other epoch is untouched
      assert.equal(await epochRow(page, 1).getAttribute('data-state'), 'claimable')
      assert.equal(await epochRow(page, 2).getAttribute('data-state'), 'claimable')
      assert.equal(await epochRow(page, 2).getByTestId('claim-rewards-error').count(), 0)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-claim-failed.png` })
    } finally {
      await context.close()
    }
    assert.deepEqual(await claimedOnChain(), [false, false])
  })

  test('behavior: the drawer lists both epochs and claims each on its own; states survive reloads (pending, then claimed), confirmed on chain; Activity shows them; no second claim', async () => {
    const { rewards, me, claims } = programme()
    const [first, second] = claims
    assert.ok(first && second)
    const [amount1, amount2] = [BigInt(first.claim.amount), BigInt(second.claim.amount)]
    const { public: client, wallet } = devnetClients(stack.manifest, 'ethereum', REWARDED)
    const balance = (): Promise<bigint> =>
      client.readContract({ address: rewards.token, abi: erc20Abi, functionName: 'balanceOf', args: [me] })
    const before = await balance()
    assert.deepEqual(await claimedOnChain(), [false, false], 'the seed leaves both epochs unclaimed')
    await withCheckedPage(
      browser,
      stack,
      `/swap?eagerlyConnect=true&eagerlyConnectAddress=${me}`,
      async (page) => {
        await accountButton(page, me).click()
        const button = drawer(page).getByTestId('claim-rewards')
        await button.waitFor()
        // the button sums the unclaimed epochs
        assert.equal(await button.getAttribute('data-amount'), (amount1 + amount2).toString())
        assert.equal(await button.getAttribute('data-epochs'), '2')
        const whole = ((amount1 + amount2) / 10n ** 18n).toLocaleString('en-US')
        assert.match((await button.textContent()) ?? '', new RegExp(`^Claim ${whole}(\\.\\d+)? UNI$`))
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-drawer-claim.png` })
        await button.click()
        const modal = page.getByTestId('claim-rewards-modal')
        assert.equal(await modal.getByTestId('claim-rewards-address').textContent(), me)
        for (const { epoch, claim } of claims) {
          const row = epochRow(page, epoch.epoch)
          await row.waitFor()
          assert.equal(await row.getAttribute('data-state'), 'claimable')
          assert.match((await row.textContent()) ?? '', new RegExp(`^Epoch ${epoch.epoch} on Ethereum`))
          assert.equal(
            await row.getByTestId('claim-rewards-epoch-amount').getAttribute('data-amount'),
            claim.amount,
          )
          assert.match((await row.getByTestId('claim-rewards-epoch-amount').textContent()) ?? '', / UNI$/)
        }
        assert.equal(await modal.getByTestId('claim-rewards-epoch').count(), 2)
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-claim-modal-two-epochs.png` })

        // epoch 2 first: only it is claimed, on chain too
        await epochRow(page, 2).getByRole('button', { name: 'Claim', exact: true }).click()
        const claimed2 = modal.locator(
          '[data-testid="claim-rewards-epoch"][data-epoch="2"][data-state="claimed"]',
        )
        await claimed2.waitFor({ timeout: 30_000 })
        const hash2 = (await claimed2.getAttribute('data-hash')) as `0x${string}`
        assert.equal((await client.getTransactionReceipt({ hash: hash2 })).status, 'success')
        assert.deepEqual(await claimedOnChain(), [false, true])
        assert.equal((await balance()) - before, amount2)
        await page.getByText('Claimed LP rewards').first().waitFor()
        assert.equal(await epochRow(page, 2).getByRole('button', { name: 'Claim', exact: true }).count(), 0)
        assert.equal(await epochRow(page, 1).getAttribute('data-state'), 'claimable')
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-claim-modal-one-claimed.png` })
        await modal.getByRole('button', { name: 'Cancel' }).click()
        // the button now shows what is left: epoch 1
        await drawer(page)
          .locator(`[data-testid="claim-rewards"][data-amount="${amount1}"][data-epochs="1"]`)
          .waitFor()

        // Activity: the indexed claim, its type and the UNI received
        await drawer(page)
          .getByRole('tab', { name: /Activity/ })
          .click()
        const activity = drawer(page).locator(`li[data-tx="${hash2}"][data-status="confirmed"]`).first()
        await activity.waitFor({ timeout: 60_000 })
        assert.match((await activity.textContent()) ?? '', /Claimed LP rewards/)
        assert.match((await activity.textContent()) ?? '', /\+[\d.,]+ UNI/)
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-activity.png` })

        // after a reload: epoch 2 claimed, epoch 1 claimable (read from the distributors)
        await page.reload()
        await openClaimModal(page, me)
        await epochRow(page, 2).and(page.locator('[data-state="claimed"]')).waitFor()
        assert.equal(await epochRow(page, 1).getAttribute('data-state'), 'claimable')

        // epoch 1 sent while blocks are not mined: pending, still pending after a reload, then claimed
        await rpcCall('evm_setAutomine', [false])
        try {
          await epochRow(page, 1).getByRole('button', { name: 'Claim', exact: true }).click()
          const pending1 = epochRow(page, 1).and(page.locator('[data-state="pending"]'))
          await pending1.waitFor({ timeout: 30_000 })
          const hash1 = (await pending1.getAttribute('data-hash')) as `0x${string}`
          assert.match(hash1, /^0x[0-9a-f]{64}$/i)
          await page.reload()
          await openClaimModal(page, me)
          await epochRow(page, 1)
            .and(page.locator(`[data-state="pending"][data-hash="${hash1}"]`))
            .waitFor()
          assert.equal(await epochRow(page, 2).getAttribute('data-state'), 'claimed')
          assert.equal(await epochRow(page, 1).getByRole('button', { name: 'Claim', exact: true }).count(), 0)
          assert.deepEqual(await claimedOnChain(), [false, true])
          if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-claim-modal-pending-after-reload.png` })
          await rpcCall('evm_mine')
          await epochRow(page, 1).and(page.locator('[data-state="claimed"]')).waitFor({ timeout: 30_000 })
          assert.equal((await client.getTransactionReceipt({ hash: hash1 })).status, 'success')
        } finally {
          await rpcCall('evm_setAutomine', [true])
        }
        assert.deepEqual(await claimedOnChain(), [true, true])
        assert.equal((await balance()) - before, amount1 + amount2)
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-claim-modal-both-claimed.png` })

        // after a reload: no button (both claimed on chain)
        await page.reload()
        await accountButton(page, me).click()
        await drawer(page).getByTestId('portfolio-total').waitFor()
        // (the cache restored from before the reload may show it until the API has answered)
        await drawer(page).getByTestId('claim-rewards').waitFor({ state: 'detached', timeout: 15_000 })
        await page.waitForTimeout(1_000)
        assert.equal(await drawer(page).getByTestId('claim-rewards').count(), 0)
      },
    )
    const api = (await (await fetch(`${stack.apiUrl}/v1/rewards/${me}`)).json()) as {
      rewards: { epoch: number; claimed: boolean }[]
    }
    assert.deepEqual(
      api.rewards.map((r) => [r.epoch, r.claimed]),
      [
        [1, true],
        [2, true],
      ],
    )
    for (const { epoch, claim } of claims) {
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
    }
  })
})
