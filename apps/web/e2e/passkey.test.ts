/**
 * The passkey embedded wallet in Chromium with a CDP virtual authenticator (CTAP2, resident keys,
 * user verification, PRF), against a real devnet (ethereum, port base 28100), the real API (28588,
 * PGlite in a fresh directory) and the built app on localhost:28575: create the wallet in the
 * connect view, fund it, reload, unlock, swap ETH for USDC signed by the embedded wallet (checked
 * on chain), a sign-out the API never gets (logged; the drawer's dismissable notice), log in on the
 * extension's popup page, then in the drawer's passkeys view (3 skeleton
 * rows, label, date) and on /manage/passkey add a passkey on another authenticator (the add
 * sub-modal at most 336 px; WebAuthn user names '{username} ({count+1})'), a failed delete (modal
 * closed, error shown, list refreshed), delete one, and delete the last from the drawer (signed
 * out, disconnected, the drawer closed); then a second wallet's last passkey deleted on the page
 * (signed out, disconnected, home). A second test: a new embedded wallet swaps USDC for ETH without
 * batching (the ERC-20 approve, the Permit2 signature, the swap: two plain transactions), checked on chain.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { test } from 'node:test'
import type { Devnet } from '@oxbow/devnet'
import { devnetClients } from '@oxbow/devnet'
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
import {
  byTestId,
  finalStatus,
  openReviewSteps,
  reviewAndConfirm,
  seededTokenOf,
  toBaseUnits,
  transactionsFrom,
  waitForQuote,
} from './swapKit.ts'

const WEB_PORT = 28575
const API_PORT = 28588

/** How long the suite's API counts a passkey verification before an add or a delete. */
const VERIFIED_SECONDS = 15

let devnet: Devnet
let web: RunningWeb
let browser: Browser
let rpcUrl: string
startedForFile(
  () =>
    startPasskeyStack({
      devnetPortBase: 28100,
      apiPort: API_PORT,
      webPort: WEB_PORT,
      // One user doing in a minute what a person does in a month: above the default 60 a minute;
      // a verification counts 15 s (not 5 min), so the failed delete below is the API's real refusal.
      apiEnv: { OXBOW_PASSKEY_PER_MINUTE: '600', OXBOW_PASSKEY_VERIFIED_SECONDS: String(VERIFIED_SECONDS) },
    }),
  (stack) => {
    ;({ devnet, rpcUrl, web, browser } = stack)
  },
)

const credentialsOn = async (cdp: CDPSession, authenticatorId: string) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials

const USERNAME = 'passkeyowner'

test('create a passkey wallet, reload and unlock, swap with it on the devnet, add and delete passkeys', async () => {
  const usdc = seededTokenOf(devnet.manifest.networks.ethereum, 'USDC')
  const context = await browser.newContext()
  const page = await context.newPage()
  const problems = watchProblems(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const device = await addAuthenticator(cdp)
  const swapPath = `/swap?chain=ethereum&inputCurrency=ETH&outputCurrency=${usdc.address}&featureFlagOverride=embeddedWallet,batchedSwaps`
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

    // Disconnecting the embedded wallet also signs out of it at the API.
    const disconnect = async () => {
      const drawer = byTestId(page, 'account-drawer')
      await drawer.getByRole('button', { name: 'Disconnect' }).click()
      await page.getByText('Disconnect this wallet?').waitFor()
      await drawer.getByRole('button', { name: 'Disconnect' }).click()
      await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).waitFor()
    }
    const signOut = page.waitForResponse(
      (r) => r.url().endsWith('/v1/passkey/signout') && r.request().method() === 'POST',
    )
    await disconnect()
    assert.equal((await signOut).status(), 200, 'signed out at the API')

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
    const startBlock = await chain.getBlockNumber({ cacheTime: 0 })
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
    // With batched swaps on, the embedded wallet answers EIP-5792 itself: the swap went as one
    // wallet_sendCalls bundle that upgraded the account (EIP-7702) to Simple7702Account. One
    // transaction, nonce 2: a self-sponsored EIP-7702 authorization takes the nonce after the
    // transaction's own.
    assert.equal(await chain.getTransactionCount({ address }), 2, 'one transaction and its authorization')
    const sent = []
    // (cacheTime 0: viem caches the block number for 4 s)
    for (let n = startBlock + 1n; n <= (await chain.getBlockNumber({ cacheTime: 0 })); n++) {
      const block = await chain.getBlock({ blockNumber: n, includeTransactions: true })
      sent.push(...block.transactions.filter((tx) => tx.from.toLowerCase() === address.toLowerCase()))
    }
    assert.deepEqual(
      sent.map((tx) => [tx.type, tx.to?.toLowerCase()]),
      [['eip7702', address.toLowerCase()]],
      'one EIP-7702 transaction to the account itself',
    )
    const delegate = devnet.manifest.networks.ethereum?.contracts.simple7702Account ?? ''
    assert.match(delegate, /^0x[0-9a-fA-F]{40}$/)
    assert.equal(
      (await chain.getCode({ address }))?.toLowerCase(),
      `0xef0100${delegate.slice(2).toLowerCase()}`,
      'the embedded wallet delegated to Simple7702Account in its batch',
    )

    // A sign-out that fails (the browser is offline, so the request never reaches the API) is
    // logged and passed to the drawer's callback; the wallet still disconnects.
    await page.keyboard.press('Escape')
    await byTestId(page, 'swap-status').waitFor({ state: 'hidden' })
    await page
      .locator('header')
      .getByRole('button', { name: /^Account / })
      .click()
    await context.setOffline(true)
    const signOutLogged = page.waitForEvent('console', {
      predicate: (message) =>
        message.type() === 'warning' && message.text().includes('passkey sign-out failed'),
    })
    await disconnect()
    await signOutLogged
    // The callback: the drawer (the connect view now) says so until dismissed.
    const notice = byTestId(page, 'account-drawer')
      .getByRole('alert')
      .filter({ hasText: 'Signed out on this device only. The server could not be reached' })
    await notice.waitFor()
    await notice.getByRole('button', { name: 'Dismiss' }).click()
    await notice.waitFor({ state: 'detached' })
    await page.keyboard.press('Escape')
    await context.setOffline(false)

    // The extension's popup login (/auth/passkey/extension): a page load of its own, locked, then
    // logged in with the same passkey.
    await page.goto(`${web.url}/auth/passkey/extension?featureFlagOverride=embeddedWallet`)
    await page.getByRole('button', { name: 'Log in with a passkey' }).click()
    const popupAddress = byTestId(page, 'passkey-connected')
    await popupAddress.waitFor({ timeout: 40_000 })
    assert.equal(await popupAddress.textContent(), address)

    // A username for the wallet (signed by the embedded wallet in the page): new passkeys are named after it.
    const drawer = byTestId(page, 'account-drawer')
    await page
      .locator('header')
      .getByRole('button', { name: /^Account / })
      .click()
    await drawer.getByRole('button', { name: 'Settings' }).click()
    await drawer.getByTestId('settings-username').click()
    await drawer.getByTestId('username-input').fill(USERNAME)
    await drawer.getByTestId('username-availability').filter({ hasText: 'Available' }).waitFor()
    await drawer.getByTestId('username-submit').click()
    await drawer.getByTestId('username-current').filter({ hasText: USERNAME }).waitFor({ timeout: 40_000 })
    await drawer.getByRole('button', { name: 'Back' }).click()

    // The drawer's passkeys view is the passkey menu: 3 skeleton rows while the list loads (on a
    // slow network: the browser's own emulation, 2 s a round trip), then the passkey, labelled and dated.
    let listRequests = 0
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/v1/passkey/credentials')
        listRequests++
    })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 2000,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    const openPasskeysView = async () => {
      if (!(await drawer.isVisible()))
        await page
          .locator('header')
          .getByRole('button', { name: /^Account / })
          .click()
      // The drawer opens on the view it was left in (the default one once reset).
      const settings = drawer.getByRole('button', { name: 'Settings' })
      const passkeysRow = drawer.getByRole('button', { name: /^Passkeys/ })
      await settings.or(passkeysRow).or(drawer.getByTestId('passkey-list')).first().waitFor()
      if (await settings.isVisible()) {
        await settings.click()
        await passkeysRow.click()
      } else if (await passkeysRow.isVisible()) await passkeysRow.click()
    }
    await openPasskeysView()
    const skeleton = drawer.getByRole('status', { name: 'Loading passkeys' })
    await skeleton.waitFor()
    assert.equal(await skeleton.locator(':scope > div').count(), 3, '3 skeleton rows while loading')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    const drawerRows = drawer.getByTestId('passkey-row')
    await drawerRows.first().waitFor()
    assert.equal(await drawerRows.count(), 1)
    assert.match((await drawerRows.first().textContent()) ?? '', /Passkey 1/)
    // Created today: month and day, no year (this year's).
    const created = (await drawerRows.first().getByTestId('passkey-created').textContent()) ?? ''
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(new Date()),
    )
    assert.equal(created.trim(), today)
    assert.doesNotMatch(created, /\d{4}/, 'no year in the current year')
    // The delete icon shows on hover only; the help link leads to the info article.
    const rowDelete = drawerRows.first().getByRole('button', { name: 'Delete Passkey 1' })
    await page.mouse.move(0, 0)
    assert.equal(await rowDelete.evaluate((e) => getComputedStyle(e).opacity), '0')
    await drawerRows.first().hover()
    assert.equal(await rowDelete.evaluate((e) => getComputedStyle(e).opacity), '1')
    assert.equal(
      await drawer.getByRole('link', { name: 'What is a passkey?' }).getAttribute('href'),
      'https://oxbow.exchange/help/passkeys',
    )
    // The WebAuthn user name: '{username} ({count+1})' (no username claimed: the default name).
    assert.equal((await credentialsOn(cdp, device))[0]?.userName, 'Oxbow Wallet (1)')

    // The full page, from the drawer's link.
    await byTestId(page, 'manage-passkeys').click()
    await drawer.waitFor({ state: 'hidden' })
    await page.waitForURL(`**/manage/passkey/${address}*`)
    const rows = byTestId(page, 'passkey-row')
    await rows.first().waitFor()
    assert.equal(await rows.count(), 1)

    // Add on another authenticator (a security key): verify first, then Other device, in a
    // sub-modal at most 336 px wide.
    const key = await addAuthenticator(cdp, 'usb')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    const addModal = page.locator('dialog[data-modal="add"]')
    await addModal.waitFor()
    const box = await addModal.boundingBox()
    assert.ok(box && box.width <= 336 && box.width > 200, `add sub-modal ${box?.width} px wide`)
    // Its bound, not only its content's width: at most 336 px on this 1280 px wide page.
    assert.equal(await addModal.evaluate((e) => getComputedStyle(e).maxWidth), '336px')
    await page.getByRole('button', { name: 'Other device' }).click()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="passkey-row"]').length === 2,
      null,
      {
        timeout: 40_000,
      },
    )
    const added = await credentialsOn(cdp, key)
    assert.equal(added.length, 1, 'the new passkey lives on the security key')
    assert.equal(added[0]?.userName, `${USERNAME} (2)`, 'named after the wallet username, numbered')

    const deleteSecond = async (beforeDelete = async () => {}) => {
      await rows.nth(1).hover()
      await rows.nth(1).getByRole('button', { name: 'Delete Passkey 2' }).click()
      await page.getByRole('button', { name: 'Verify', exact: true }).click()
      await page.getByRole('button', { name: 'Continue' }).click()
      const remove = page.getByRole('button', { name: 'Delete', exact: true })
      assert.equal(await remove.isDisabled(), true, 'Delete waits for the acknowledgement')
      await page.getByRole('checkbox').check()
      await beforeDelete()
      await remove.click()
    }
    // A delete the API refuses (its verification has expired: the user waited past it on the speed
    // bump): the modal closes, the error shows and the list is asked again (both passkeys still there).
    const listedBefore = listRequests
    await deleteSecond(() => page.waitForTimeout((VERIFIED_SECONDS + 1) * 1000))
    await page.getByRole('alert').filter({ hasText: 'Passkey invalid or technical error' }).waitFor()
    await page.locator('dialog[data-testid="passkey-modal"][open]').waitFor({ state: 'detached' })
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="passkey-row"]').length === 2,
      null,
      { timeout: 10_000 },
    )
    assert.ok(listRequests > listedBefore, 'the list was refreshed after the failed delete')
    assert.equal(await rows.count(), 2)

    // Delete the second for real: verify, the speed bump, the acknowledgement.
    await deleteSecond()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="passkey-row"]').length === 1,
      null,
      {
        timeout: 40_000,
      },
    )

    // Delete the last from the drawer's passkeys view: signed out, disconnected, the drawer closed.
    await openPasskeysView()
    await drawerRows.first().waitFor()
    assert.equal(await drawerRows.count(), 1)
    await drawerRows.first().hover()
    await drawerRows.first().getByRole('button', { name: 'Delete Passkey 1' }).click()
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await drawer.waitFor({ state: 'hidden', timeout: 40_000 })
    await page
      .locator('header')
      .getByRole('button', { name: 'Connect', exact: true })
      .waitFor({ timeout: 40_000 })
    // The page's own menu is locked now: nothing to list without a sign-in.
    await page.getByRole('button', { name: 'Unlock with passkey' }).waitFor()

    // On the page, deleting the last passkey (of a second wallet) signs out, disconnects and goes home.
    await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).click()
    await connectDrawer(page).getByRole('button', { name: 'Create a wallet with a passkey' }).click()
    await walletAddress(page).waitFor({ timeout: 40_000 })
    const second = (await walletAddress(page).textContent()) as Address
    assert.notEqual(second.toLowerCase(), address.toLowerCase())
    await openPasskeysView()
    await drawerRows.first().waitFor()
    await byTestId(page, 'manage-passkeys').click()
    await page.waitForURL(`**/manage/passkey/${second}*`)
    await rows.first().waitFor()
    assert.equal(await rows.count(), 1)
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
    // The ones expected: the sign-out sent offline and the delete the API refused, above.
    const expected = [
      /ERR_INTERNET_DISCONNECTED \(.*\/v1\/passkey\/signout\)$/,
      /status of 403 \(Forbidden\) \(.*\/v1\/passkey\/credentials\/[\w-]+\)$/,
    ]
    assert.deepEqual(
      problems.errors.filter((e) => !expected.some((line) => line.test(e))),
      [],
      'no console errors',
    )
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

test('the embedded wallet swaps an ERC-20 without batching: approve, permit signature, swap; checked on chain', async () => {
  const network = devnet.manifest.networks.ethereum
  assert.ok(network, 'the devnet runs ethereum')
  const usdc = seededTokenOf(network, 'USDC')
  const token = usdc.address
  const context = await browser.newContext()
  const page = await context.newPage()
  const problems = watchProblems(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await addAuthenticator(cdp)
  try {
    // The embedded wallet's flag only: batched swaps off, so the standard swap.
    const address = (await createPasskeyWallet(
      page,
      `${web.url}/swap?chain=ethereum&inputCurrency=${token}&outputCurrency=ETH&featureFlagOverride=embeddedWallet`,
    )) as Address
    await page.keyboard.press('Escape')
    // Funded on the devnet: ETH for gas, and 500 USDC from the devnet's first account.
    const { public: chain, test: anvil, wallet } = devnetClients(devnet.manifest, 'ethereum', 0)
    await anvil.setBalance({ address, value: parseEther('1') })
    const funded = await wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, toBaseUnits('500', usdc.decimals)],
    })
    assert.equal((await chain.waitForTransactionReceipt({ hash: funded })).status, 'success')

    const field = byTestId(page, 'swap-input-amount')
    await field.click()
    await field.pressSequentially('200')
    const shown = await waitForQuote(page, { side: 'in', amount: toBaseUnits('200', usdc.decimals) })
    const start = await chain.getBlockNumber()
    const [usdcBefore, ethBefore] = [
      await chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      await chain.getBalance({ address }),
    ]
    // The balance read after funding (the button reads Review once the wallet's USDC is known).
    const { steps } = await openReviewSteps(page, 30_000)
    assert.deepEqual(
      steps,
      ['approve', 'permit', 'swap'],
      'no batch: the approve, the Permit2 signature and the swap, one by one',
    )
    await byTestId(page, 'swap-confirm').click()
    const result = await finalStatus(page, 60_000)
    assert.equal(result.state, 'confirmed', result.message)

    // On chain: the USDC quoted left, ETH arrived (more than the gas), in two plain transactions
    // (the approve to Permit2, then the swap through the Universal Router); no delegation.
    const sent = await transactionsFrom(chain, address, start, await chain.getBlockNumber())
    assert.deepEqual(
      sent.map((tx) => [tx.status, tx.to?.toLowerCase()]),
      [
        ['success', token.toLowerCase()],
        ['success', network.contracts.universalRouter?.toLowerCase()],
      ],
      'approve, then swap',
    )
    const usdcAfter = await chain.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })
    assert.equal(usdcBefore - usdcAfter, shown.amountIn, 'the quoted USDC left the embedded wallet')
    assert.ok((await chain.getBalance({ address })) > ethBefore, 'ETH arrived, more than the gas spent')
    assert.equal(await chain.getCode({ address }), undefined, 'a plain account: no delegation')
    assert.deepEqual(problems.errors, [], 'no console errors')
  } catch (error) {
    if (process.env.OXBOW_E2E_SCREENSHOTS)
      await page
        .screenshot({ path: join(process.env.OXBOW_E2E_SCREENSHOTS, 'passkey-unbatched-failure.png') })
        .catch(() => {})
    console.log(`page problems: ${JSON.stringify(problems.errors)}`)
    throw error
  } finally {
    await context.close()
  }
})
