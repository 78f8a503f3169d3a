/**
 * The embedded wallet's download-wallet (backup) card in Chromium with a CDP virtual authenticator
 * (CTAP2, resident keys, user verification, PRF), against its own devnet (ethereum, port base
 * 24900), the real API (24688, PGlite in a fresh directory) and the built app on localhost:24675:
 * a new passkey wallet sees the card, downloads the backup (confirmed with the passkey: in progress,
 * then complete; the file holds the address and the key's ciphertext, never the key), then the card
 * is gone, also after a reload; the local test wallet (an external wallet) never sees it; a refused
 * passkey confirmation leaves it not backed up, and a dismissal hides it (kept across a reload).
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
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

const WEB_PORT = 24675
const API_PORT = 24688

let web: RunningWeb
let browser: Browser
startedForFile(
  () => startPasskeyStack({ devnetPortBase: 24900, apiPort: API_PORT, webPort: WEB_PORT }),
  (stack) => {
    ;({ web, browser } = stack)
  },
)

const PATH = '/swap?chain=ethereum&featureFlagOverride=embeddedWallet'
const card = (page: Page) => page.getByTestId('backup-card')
const storedBackup = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('oxbow.preferences') ?? '{}').walletBackup)

test('the embedded wallet downloads its backup (ciphertext only) from the drawer card; then it is gone', async () => {
  const context = await browser.newContext({ acceptDownloads: true })
  const page = await context.newPage()
  const problems = watchProblems(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await addAuthenticator(cdp)
  try {
    const address = await createPasskeyWallet(page, web.url + PATH)
    assert.match(address, /^0x[0-9a-fA-F]{40}$/)

    // The card, not backed up yet.
    await card(page).waitFor()
    assert.equal(await card(page).getAttribute('data-state'), 'notBackedUp')
    await card(page).getByRole('heading', { name: 'Back up your wallet' }).waitFor()
    await page.screenshot({ path: '/work/wt/shots/ident-backup-card.png' }).catch(() => {})

    // Every state the card passes through.
    // Plain JS text: tsx would inject helpers into a serialized function.
    await page.evaluate(`(() => {
      const current = () =>
        document.querySelector('[data-testid="backup-card"]')?.getAttribute('data-state')
      const seen = [current() ?? 'none']
      window.backupStates = seen
      new MutationObserver(() => {
        const state = current()
        if (state && seen.at(-1) !== state) seen.push(state)
      }).observe(document.body, { subtree: true, attributes: true, childList: true })
    })()`)
    const downloading = page.waitForEvent('download', { timeout: 40_000 })
    await card(page).getByRole('button', { name: 'Download backup' }).click()
    const download = await downloading
    assert.equal(download.suggestedFilename(), `oxbow-wallet-backup-${address}.json`)
    const text = readFileSync(await download.path(), 'utf8')
    const file = JSON.parse(text)
    assert.equal(file.format, 'oxbow-wallet-backup')
    assert.equal(file.version, 1)
    assert.equal(file.address, address)
    assert.equal(file.origin, web.url.replace(/\/$/, ''))
    assert.equal(file.keyProtection.prfInput, 'oxbow.wallet-key.prf.v1')
    assert.equal(file.keyProtection.salt, address.toLowerCase())
    // AES-GCM: a 12-byte IV and the 32-byte key sealed with its 16-byte tag (48 bytes: 64 base64url).
    assert.match(file.ciphertext, /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/)
    assert.doesNotMatch(text, /[0-9a-f]{64}/i, 'no private key in the clear')
    assert.ok(file.credentialId, 'the passkey that opens it')

    await page.waitForFunction(
      () => document.querySelector('[data-testid="backup-card"]')?.getAttribute('data-state') === 'complete',
    )
    await card(page).getByRole('heading', { name: 'Backup downloaded' }).waitFor()
    await page.screenshot({ path: '/work/wt/shots/ident-backup-complete.png' }).catch(() => {})
    const states = await page.evaluate(() => (window as unknown as { backupStates: string[] }).backupStates)
    assert.deepEqual(states, ['notBackedUp', 'inProgress', 'complete'])
    const stored = await storedBackup(page)
    assert.equal(stored.version, 1)
    assert.equal(stored.byAddress[address.toLowerCase()].state, 'complete')
    assert.doesNotMatch(JSON.stringify(stored), /[0-9a-f]{64}/i)

    await card(page).getByRole('button', { name: 'Done' }).click()
    await card(page).waitFor({ state: 'detached' })
    await page.screenshot({ path: '/work/wt/shots/ident-backup-done.png' }).catch(() => {})

    // Reload and unlock: still backed up, no card.
    await page.reload()
    await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).click()
    await connectDrawer(page).locator('[data-passkey="unlock"]').click()
    await walletAddress(page).waitFor({ timeout: 40_000 })
    assert.equal(await walletAddress(page).textContent(), address)
    await page.getByTestId('account-drawer').getByRole('button', { name: 'Send' }).waitFor()
    assert.equal(await card(page).count(), 0, 'a backed-up wallet sees no card')
    assert.deepEqual(problems.errors, [], 'no console errors')
  } finally {
    await context.close()
  }
})

test('an external wallet (the local test wallet) never sees the backup card nor the passkeys settings row', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    await page.goto(web.url + PATH)
    await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).click()
    await connectDrawer(page).getByRole('button', { name: 'Local test wallet' }).click()
    const account = page.locator('header').getByRole('button', { name: /^Account 0x/ })
    await account.waitFor({ timeout: 40_000 })
    if (!(await page.getByTestId('wallet-address').isVisible())) await account.click()
    await page.getByTestId('wallet-address').waitFor()
    await page.getByTestId('account-drawer').getByRole('button', { name: 'Send' }).waitFor()
    assert.equal(await card(page).count(), 0)
    assert.deepEqual((await storedBackup(page))?.byAddress ?? {}, {})
    // Nor the passkeys settings row: passkeys are the embedded wallet's only.
    const drawer = page.getByTestId('account-drawer')
    await drawer.getByRole('button', { name: 'Settings' }).click()
    await drawer.getByTestId('settings-smart-wallet').waitFor()
    assert.equal(await drawer.getByRole('button', { name: /^Passkeys/ }).count(), 0)
  } finally {
    await context.close()
  }
})

test('a refused confirmation leaves the wallet not backed up; a dismissal hides the card for good', async () => {
  const context = await browser.newContext({ acceptDownloads: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const authenticatorId = await addAuthenticator(cdp)
  try {
    const address = (await createPasskeyWallet(page, web.url + PATH)).toLowerCase()
    await card(page).waitFor()

    // The passkey's user verification fails: no file, back to not backed up, with the message.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false })
    await card(page).getByRole('button', { name: 'Download backup' }).click()
    await card(page)
      .getByRole('alert')
      .filter({ hasText: 'The backup was not downloaded. Try again.' })
      .waitFor()
    assert.equal(await card(page).getAttribute('data-state'), 'notBackedUp')
    assert.equal((await storedBackup(page)).byAddress[address].state, 'notBackedUp')

    // Dismissed: gone, for this address and across a reload.
    const before = Date.now()
    await card(page).getByRole('button', { name: 'Dismiss' }).click()
    await card(page).waitFor({ state: 'detached' })
    const stored = await storedBackup(page)
    assert.deepEqual(stored.byAddress[address], { state: 'notBackedUp', dismissed: true })
    assert.ok(stored.lastDismissedAt >= before && stored.lastDismissedAt <= Date.now())
    // Kept across a reload (the virtual authenticator refuses every ceremony once its user
    // verification was turned off, so the stored state is checked rather than an unlocked drawer).
    await page.reload()
    await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).waitFor()
    assert.deepEqual((await storedBackup(page)).byAddress[address], { state: 'notBackedUp', dismissed: true })
  } finally {
    await context.close()
  }
})
