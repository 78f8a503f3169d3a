/**
 * LP rewards and screening (issues #13, #12) in Chromium against the full local stack (devnet
 * ethereum + base on port base 24600, indexer, the API with a screening list blocking the rewarded
 * test account, the built app), checked on chain with viem.
 *
 * Test account 4 is in both epochs' rewards trees (apps/devnet src/seed/rewards.ts), so unblocked
 * it would see 'Claim {amount} UNI' (e2e/rewards.test.ts). Blocked, the API refuses its rewards with
 * 403 ADDRESS_BLOCKED (no amount, no proof, for either epoch), and the drawer shows the claim button
 * disabled as 'Address blocked' with the blocked-address message; nothing is claimed on chain in
 * either epoch (their `isClaimed` answers do not move: on the shard's shared devnet
 * e2e/rewards.test.ts may already have claimed them).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import { merkleDistributorAbi } from '@oxbow/protocol/rewards'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../test/harness.ts'
import { waitForPortfolio } from './indexer.ts'
import { type Stack, startStack } from './stack.ts'
import { withCheckedPage } from './support.ts'
import { accountButton } from './swapKit.ts'

const PORTS = { devnetPortBase: 24600, apiPort: 24687, webPort: 24673, indexerPort: 24690 }
/** The test account the devnet hands a rewarded position. */
const REWARDED = 4
/** anvil's well-known account 4: the same on every devnet. */
const REWARDED_ADDRESS = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const SHOTS = process.env.OXBOW_E2E_SCREENSHOTS

let stack: Stack
let browser: Browser

before(async () => {
  stack = await startStack(PORTS, { apiEnv: { OXBOW_BLOCKLIST: REWARDED_ADDRESS }, liquidity: true })
  browser = await launchChromium()
  await waitForPortfolio(stack.graphqlUrl, REWARDED_ADDRESS)
})

after(async () => {
  await browser?.close().catch(() => {})
  await stack?.stop()
})

const drawer = (page: Page) => page.getByTestId('account-drawer')

describe('LP rewards for a blocked address', () => {
  test('error: the API refuses the rewarded, blocked account with 403 ADDRESS_BLOCKED and gives away no claim', async () => {
    assert.equal(stack.manifest.accounts[REWARDED]?.address, REWARDED_ADDRESS)
    const epochs = stack.manifest.networks.ethereum?.rewards?.epochs ?? []
    assert.equal(epochs.length, 2)
    for (const epoch of epochs)
      assert.ok(
        epoch.claims.some((c) => c.account === REWARDED_ADDRESS),
        `account 4 is in epoch ${epoch.epoch}'s tree`,
      )
    const response = await fetch(`${stack.apiUrl}/v1/rewards/${REWARDED_ADDRESS}`)
    assert.equal(response.status, 403)
    const body = (await response.json()) as { error: { code: string; message: string; details: unknown } }
    assert.equal(body.error.code, 'ADDRESS_BLOCKED')
    assert.equal(body.error.message, 'This address is blocked')
    assert.deepEqual(body.error.details, [{ path: 'address', message: 'this address is blocked' }])
  })

  test("behavior: the drawer's claim button reads 'Address blocked', disabled, with the blocked-address message; nothing is claimed", async () => {
    const epochs = stack.manifest.networks.ethereum?.rewards?.epochs ?? []
    assert.equal(epochs.length, 2)
    const { public: client } = devnetClients(stack.manifest, 'ethereum', REWARDED)
    const claimedOnChain = () =>
      Promise.all(
        epochs.map((epoch) => {
          const claim = epoch.claims.find((c) => c.account === REWARDED_ADDRESS)
          assert.ok(claim)
          return client.readContract({
            address: epoch.distributor,
            abi: merkleDistributorAbi,
            functionName: 'isClaimed',
            args: [BigInt(claim.index)],
          })
        }),
      )
    const before = await claimedOnChain()
    await withCheckedPage(
      browser,
      stack,
      `/swap?eagerlyConnect=true&eagerlyConnectAddress=${REWARDED_ADDRESS}`,
      async (page) => {
        // The blocked-address notice comes first (the screening module); close it.
        await page.getByTestId('blocked-address-close').click()
        await accountButton(page, REWARDED_ADDRESS).click()
        const button = drawer(page).getByTestId('claim-rewards')
        await button.and(page.locator('[data-blocked="true"]')).waitFor({ timeout: 30_000 })
        assert.equal(await button.textContent(), 'Address blocked')
        assert.equal(await button.isDisabled(), true)
        assert.equal(
          await drawer(page).getByTestId('claim-rewards-blocked').textContent(),
          'This address is blocked. It cannot swap, send or sign transactions in this app.',
        )
        assert.equal(await page.getByTestId('claim-rewards-modal').isVisible(), false)
        if (SHOTS) {
          await drawer(page).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
          await page.screenshot({ path: `${SHOTS}/rewards-claim-blocked-1280.png` })
        }
      },
    )
    assert.deepEqual(await claimedOnChain(), before)
  })
})
