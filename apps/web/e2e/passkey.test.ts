/**
 * The passkey embedded wallet in Chromium with a CDP virtual authenticator (CTAP2, resident keys,
 * user verification, PRF), against a real devnet (ethereum, port base 28100), the real API (28588,
 * PGlite in a fresh directory) and the built app on localhost:28575: create the wallet in the
 * connect view, fund it, reload, unlock, swap ETH for USDC signed by the embedded wallet (checked
 * on chain), then on /manage/passkey add a passkey on another authenticator, delete one, and
 * delete the last (signed out and disconnected).
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { test } from 'node:test'
import type { Devnet } from '@oxbow/devnet'
import type { Browser, CDPSession } from 'playwright-core'
import { type Address, createPublicClient, createTestClient, erc20Abi, http, parseEther } from 'viem'
import type { RunningWeb } from '../test/harness.ts'
import { startedForFile } from './fileStack.ts'
import {
  addAuthenticator,
  connectDrawer,
  createPasskeyWallet,
  startPasskeyStack,
  walletAddress,
} from './passkeyKit.ts'
import { watchProblems } from './support.ts'
import { byTestId, reviewAndConfirm, waitForQuote } from './swapKit.ts'

const WEB_PORT = 28575
const API_PORT = 28588

let devnet: Devnet
let web: RunningWeb
let browser: Browser
let rpcUrl: string
startedForFile(
  () => startPasskeyStack({ devnetPortBase: 28100, apiPort: API_PORT, webPort: WEB_PORT }),
  (stack) => {
    ;({ devnet, rpcUrl, web, browser } = stack)
  },
)

const credentialsOn = async (cdp: CDPSession, authenticatorId: string) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials

test('create a passkey wallet, reload and unlock, swap with it on the devnet, add and delete passkeys', async () => {
  const usdc = devnet.manifest.networks.ethereum?.tokens.find(
    (t) => t.symbol === 'USDC' && t.kind !== 'impersonator',
  )
  assert.ok(usdc, 'the devnet has USDC')
  const context = await browser.newContext()
  const page = await context.newPage()
  const problems = watchProblems(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const device = await addAuthenticator(cdp)
  const swapPath = `/swap?chain=ethereum&inputCurrency=ETH&outputCurrency=${usdc.address}&featureFlagOverride=embeddedWallet`
  try {
    // Create: the connect view's passkey login.
    const started = Date.now()
    // After connecting, the wallet modal opens with the new address.
    const address = (await createPasskeyWallet(page, web.url + swapPath)) as Address
    assert.match(address, /^0x[0-9a-fA-F]{40}$/)
    console.log(`passkey wallet created and connected in ${Date.now() - started} ms`)
    const stored = await credentialsOn(cdp, device)
    assert.equal(stored.length, 1, 'one resident credential on the authenticator')

    // Nothing of the key in the page's storage: only the address is remembered.
    const storage = await page.evaluate(() =>
      JSON.stringify({ ...window.localStorage, ...window.sessionStorage }),
    )
    assert.doesNotMatch(storage, /"0x[0-9a-f]{64}"/i, 'no private key in web storage')

    const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
    await test.setBalance({ address, value: parseEther('5') })

    // Reload: locked again; log in with the passkey (offered first now) unlocks the same wallet.
    await page.reload()
    const connect = page.locator('header').getByRole('button', { name: 'Connect', exact: true })
    await connect.waitFor()
    await connect.click()
    const logIn = connectDrawer(page).locator('[data-passkey="unlock"]')
    assert.equal(
      await connectDrawer(page).locator('[data-passkey]').first().getAttribute('data-passkey'),
      'unlock',
    )
    const unlockStarted = Date.now()
    await logIn.click()
    await walletAddress(page).waitFor({ timeout: 40_000 })
    console.log(`passkey sign-in to connected in ${Date.now() - unlockStarted} ms`)
    assert.equal(await walletAddress(page).textContent(), address)
    await page.keyboard.press('Escape')

    // A real swap signed in the page by the embedded wallet.
    const chain = createPublicClient({ transport: http(rpcUrl) })
    const before = await chain.readContract({
      address: usdc.address as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })
    const field = byTestId(page, 'swap-input-amount')
    await field.click()
    await field.pressSequentially('0.1')
    await waitForQuote(page, { side: 'in', amount: parseEther('0.1') })
    const result = await reviewAndConfirm(page)
    assert.equal(result.state, 'confirmed', result.message)
    const afterSwap = await chain.readContract({
      address: usdc.address as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })
    assert.ok(afterSwap > before, 'USDC arrived at the embedded wallet')
    assert.equal(await chain.getTransactionCount({ address }), 1, 'the embedded wallet sent one transaction')

    // Manage passkeys: the account drawer's settings, Passkeys (after closing the swap's status).
    await page.keyboard.press('Escape')
    await byTestId(page, 'swap-status').waitFor({ state: 'hidden' })
    await page
      .locator('header')
      .getByRole('button', { name: /^Account / })
      .click()
    const drawer = byTestId(page, 'account-drawer')
    await drawer.getByRole('button', { name: 'Settings' }).click()
    await drawer.getByRole('button', { name: /^Passkeys/ }).click()
    await byTestId(page, 'manage-passkeys').click()
    await page.waitForURL(`**/manage/passkey/${address}*`)
    const rows = byTestId(page, 'passkey-row')
    await rows.first().waitFor()
    assert.equal(await rows.count(), 1)
    assert.match((await rows.first().textContent()) ?? '', /Passkey 1/)

    // Add on another authenticator (a security key): verify first, then Other device.
    const key = await addAuthenticator(cdp, 'usb')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await page.getByRole('button', { name: 'Other device' }).click()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="passkey-row"]').length === 2,
      null,
      {
        timeout: 40_000,
      },
    )
    assert.equal((await credentialsOn(cdp, key)).length, 1, 'the new passkey lives on the security key')

    // Delete the second: verify, the speed bump, the acknowledgement.
    await rows.nth(1).hover()
    await rows.nth(1).getByRole('button', { name: 'Delete Passkey 2' }).click()
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    const remove = page.getByRole('button', { name: 'Delete', exact: true })
    assert.equal(await remove.isDisabled(), true, 'Delete waits for the acknowledgement')
    await page.getByRole('checkbox').check()
    await remove.click()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="passkey-row"]').length === 1,
      null,
      {
        timeout: 40_000,
      },
    )

    // Delete the last: signed out, disconnected, back home (the landing: its own top bar, no header).
    await rows.first().hover()
    await rows.first().getByRole('button', { name: 'Delete Passkey 1' }).click()
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page
      .getByRole('navigation', { name: 'Oxbow' })
      .getByRole('button', { name: 'Connect', exact: true })
      .waitFor({ timeout: 40_000 })
    assert.equal(new URL(page.url()).pathname, '/')
    assert.deepEqual(problems.errors, [], 'no console errors')
  } catch (error) {
    if (process.env.OXBOW_E2E_SCREENSHOTS)
      await page
        .screenshot({ path: join(process.env.OXBOW_E2E_SCREENSHOTS, 'passkey-failure.png') })
        .catch(() => {})
    console.log(`page problems: ${JSON.stringify(problems.errors)}`)
    throw error
  } finally {
    await context.close()
  }
})
