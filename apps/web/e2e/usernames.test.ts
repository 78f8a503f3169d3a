/**
 * Username profiles in Chromium against the full local stack: devnet (ethereum + base, port base
 * 30500), the API (30587, its own fresh PGlite directory), the real indexer (30590) and the built
 * app (localhost:30573). Nothing of ours is mocked: the local test wallet signs every change
 * (personal_sign) and the API verifies it against the devnet.
 *
 * Covered: each of the spec's name rules shows its message live; a claim in the drawer's Username
 * view with an avatar upload (the image served back by the API, allowed by the CSP); the header
 * and the drawer show the name; two renames, then the third shows 'Address change limit reached';
 * the name left behind shows 'Unavailable'; search finds the wallet by its username; send resolves
 * a username (another address's, claimed through the API) to its address; search finds alice.eth's
 * address and account 1's address's ENS name; avatar links (ipfs:// through apps/sandbox's IPFS
 * gateway, started here on 30594, with no referrer; dead links, an unknown CID and an https host
 * that refuses, falling back; javascript: refused). Nothing is intercepted: every request the page
 * makes reaches a real server or fails as it would. Screenshots at 1280 px and 390 px in the temp
 * directory.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { profileSignText } from '@oxbow/core'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { launchChromium } from '../test/harness.ts'
import { drawer } from './drawerKit.ts'
import { type ServiceProcess, startService } from './service.ts'
import { type Stack, startStack } from './stack.ts'
import { withCheckedPage } from './support.ts'
import { ACCOUNT_0, connectButton } from './swapKit.ts'

const PORTS = { devnetPortBase: 30500, apiPort: 30587, webPort: 30573, indexerPort: 30590 }
const LOCAL_WALLET = 'Local test wallet'
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
// Names unique to this run (the stack's database is fresh anyway).
const run = Date.now().toString(36).slice(-5)
const NAMES = [`ox${run}a`, `ox${run}b`, `ox${run}c`, `ox${run}d`]

/** apps/sandbox's services (its IPFS gateway here; the relay rides along), on ports of this file. */
const SANDBOX_PORTS = { relay: 30592, fiat: 30593, ipfs: 30594 }
const IPFS_GATEWAY = `http://127.0.0.1:${SANDBOX_PORTS.ipfs}/ipfs/`
/** A loopback port nothing of this file listens on: an https avatar link there is refused. */
const CLOSED_PORT = 30599

let stack: Stack
let browser: Browser
let sandbox: ServiceProcess
const dbDir = mkdtempSync(join(tmpdir(), 'oxbow-usernames-e2e-'))

before(async () => {
  ;[sandbox, stack, browser] = await Promise.all([
    startService({
      name: 'sandbox',
      entry: 'apps/sandbox/src/serve.ts',
      env: {
        OXBOW_WC_RELAY_PORT: String(SANDBOX_PORTS.relay),
        OXBOW_FIAT_SANDBOX_PORT: String(SANDBOX_PORTS.fiat),
        OXBOW_IPFS_GATEWAY_PORT: String(SANDBOX_PORTS.ipfs),
        // One line per gateway request: what the browser sent (its Referer) is read from there.
        OXBOW_IPFS_GATEWAY_TRACE: '1',
        // Only the gateway is used here: the fiat providers (they pay from a devnet) stay off.
        OXBOW_MANIFEST: '/nonexistent/manifest.json',
      },
      readyTimeoutMs: 30_000,
    }),
    startStack(PORTS, { apiEnv: { OXBOW_API_DB_DIR: dbDir }, ipfsGateway: IPFS_GATEWAY }),
    launchChromium(),
  ])
})

after(async () => {
  await browser?.close().catch(() => {})
  await stack?.stop()
  await sandbox?.stop()
  rmSync(dbDir, { recursive: true, force: true })
})

/** Adds a file through the IPFS node's RPC (Kubo's `POST /api/v0/add`); its CID. */
async function addToIpfs(bytes: Buffer, name: string): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const response = await fetch(`http://127.0.0.1:${SANDBOX_PORTS.ipfs}/api/v0/add?cid-version=1`, {
    method: 'POST',
    body: form,
  })
  assert.equal(response.status, 200, await response.clone().text())
  return ((await response.json()) as { Hash: string }).Hash
}

/** The gateway's trace lines for requests whose path and status read `match` (5 s for them to arrive). */
async function gatewayRequests(match: string): Promise<string[]> {
  const deadline = Date.now() + 5000
  for (;;) {
    const lines = sandbox
      .log()
      .split('\n')
      .filter((line) => line.startsWith('ipfs gateway: GET ') && line.includes(` ${match} `))
    if (lines.length > 0 || Date.now() > deadline) return lines
    await new Promise((r) => setTimeout(r, 100))
  }
}

const withPage = (
  path: string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
  viewport = { width: 1280, height: 900 },
) => withCheckedPage(browser, stack, path, run, { viewport })

/** The header's account button, whatever it shows (the address, or the username once looked up). */
const accountButton = (page: Page) => page.locator('header').getByRole('button', { name: /^Account / })

/** Connects the local test wallet (ACCOUNT_0); its label may turn into its username at any time. */
async function connect(page: Page): Promise<void> {
  await connectButton(page).click()
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: LOCAL_WALLET })
    .click()
  await accountButton(page).waitFor()
}

async function openUsernameView(page: Page): Promise<void> {
  await connect(page)
  await accountButton(page).click()
  await drawer(page).getByRole('button', { name: 'Settings' }).click()
  await drawer(page).getByTestId('settings-username').click()
  await drawer(page).getByTestId('username-view').waitFor()
}

async function rename(page: Page, name: string): Promise<string> {
  await drawer(page).getByTestId('username-edit').click()
  await drawer(page).getByTestId('username-input').fill(name)
  await drawer(page).getByTestId('username-availability').filter({ hasText: 'Available' }).waitFor()
  await drawer(page).getByTestId('username-submit').click()
  const notice = drawer(page).getByTestId('username-notice')
  await notice.filter({ hasNotText: 'Sign the message in your wallet' }).waitFor()
  return (await notice.textContent()) ?? ''
}

describe('usernames', () => {
  test('claim in the drawer with the rules shown live; the header shows it; two renames, the third refused; search finds it', async () => {
    await withPage('/swap', async (page) => {
      await openUsernameView(page)
      const input = drawer(page).getByTestId('username-input')
      const rule = drawer(page).getByTestId('username-rule')
      const cases: [string, string][] = [
        ['Alice', 'Usernames can only contain lowercase letters and numbers'],
        ['al_ice', 'Usernames can only contain letters and numbers'],
        ['al', 'Usernames must be at least 3 characters'],
        ['a'.repeat(21), 'Usernames cannot be more than 20 characters'],
      ]
      for (const [name, message] of cases) {
        await input.fill(name)
        await rule.filter({ hasText: message }).waitFor()
        assert.equal(await drawer(page).getByTestId('username-submit').isDisabled(), true, name)
      }
      const [first, second, third, fourth] = NAMES as [string, string, string, string]
      await input.fill(first)
      await drawer(page).getByTestId('username-availability').filter({ hasText: 'Available' }).waitFor()
      await drawer(page).getByTestId('username-avatar-input').setInputFiles({
        name: 'avatar.png',
        mimeType: 'image/png',
        buffer: PNG,
      })
      await drawer(page).getByTestId('username-bio').fill('Swapping on the devnet')
      await drawer(page).getByTestId('username-twitter').fill('@oxbow')
      await drawer(page).getByTestId('username-submit').click()
      await drawer(page).getByTestId('username-current').filter({ hasText: first }).waitFor()
      // The avatar is served by the API and shown (CSP img-src allows the API's origin).
      const avatar = drawer(page).getByTestId('username-avatar')
      await avatar.waitFor()
      assert.ok((await avatar.getAttribute('src'))?.startsWith(`${stack.apiUrl}/v1/usernames/avatar/`))
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="username-avatar"]') as HTMLImageElement | null)
            ?.naturalWidth === 1,
      )
      // The header's account button and the drawer's header show the username.
      await page
        .locator('header')
        .getByRole('button', { name: `Account ${first}` })
        .waitFor()
      await page.screenshot({ path: join(tmpdir(), 'usernames-claimed-1280.png') })

      assert.equal(await rename(page, second), 'Profile saved')
      assert.equal(await rename(page, third), 'Profile saved')
      await page
        .locator('header')
        .getByRole('button', { name: `Account ${third}` })
        .waitFor()
      assert.equal(await rename(page, fourth), 'Address change limit reached')
      await page.screenshot({ path: join(tmpdir(), 'usernames-limit-1280.png') })
      // A name left behind is unavailable to everyone, its former holder included.
      await input.fill(first)
      await rule.filter({ hasText: 'Unavailable' }).waitFor()

      // The drawer header (back on the default view) shows the name instead of the address.
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await drawer(page).getByRole('button', { name: 'Back' }).click()
      await drawer(page).getByTestId('account-label').filter({ hasText: third }).waitFor()
      await page.keyboard.press('Escape')

      // Search: the wallet by its username.
      await page.getByRole('button', { name: 'Search tokens and pools' }).click()
      const search = page.getByRole('dialog', { name: 'Search tokens, pools and wallets' })
      await search.getByRole('searchbox').fill(third)
      const row = search
        .getByRole('region', { name: 'Wallets', exact: true })
        .getByTestId('search-wallet-username')
      await row.filter({ hasText: third }).waitFor()
      assert.match((await row.getAttribute('href')) ?? '', new RegExp(`/address/${ACCOUNT_0}$`, 'i'))
      // ... and by its own address, the profile first.
      await search.getByRole('searchbox').fill(ACCOUNT_0)
      await search.getByTestId('search-wallet-username').filter({ hasText: third }).waitFor()
      // The spec's order: the username profile, then the raw address (a wallet, not a contract).
      const walletRows = search
        .getByRole('region', { name: 'Wallets', exact: true })
        .locator('a[data-result]')
      await search.getByTestId('search-wallet-address').waitFor()
      assert.deepEqual(
        await walletRows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid'))),
        ['search-wallet-username', 'search-wallet-address'],
      )
      await page.screenshot({ path: join(tmpdir(), 'usernames-search-1280.png') })
      // ENS both ways, read from the devnet's registry: a name finds its address, an address its name.
      const alice = stack.manifest.accounts[1]?.address ?? ''
      await search.getByRole('searchbox').fill('alice.eth')
      const ens = search.getByTestId('search-wallet-ens')
      await ens.filter({ hasText: 'alice.eth' }).waitFor()
      assert.match((await ens.getAttribute('href')) ?? '', new RegExp(`/address/${alice}$`, 'i'))
      await search.getByRole('searchbox').fill(alice)
      await ens.filter({ hasText: 'alice.eth' }).waitFor()
      await page.screenshot({ path: join(tmpdir(), 'usernames-search-ens-1280.png') })
    })
  })

  test('send: a username resolves to its address under the field', async () => {
    // Another address claims through the API, signed by its own key (as the web app signs).
    const other = privateKeyToAccount(stack.manifest.accounts[1]?.privateKey ?? '0x')
    const name = `ox${run}send`
    const issuedAt = new Date().toISOString()
    const signature = await other.signMessage({
      message: profileSignText({
        action: 'claim',
        address: other.address,
        username: name,
        avatarSha256: null,
        bio: '',
        twitter: '',
        issuedAt,
      }),
    })
    const response = await fetch(`${stack.apiUrl}/v1/usernames/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-id': `e2e-device-${run}-xxxxxxxx` },
      body: JSON.stringify({
        action: 'claim',
        address: other.address,
        username: name,
        bio: '',
        twitter: '',
        issuedAt,
        signature,
      }),
    })
    assert.equal(response.status, 200, await response.clone().text())

    await withPage('/send?chain=ethereum&inputCurrency=ETH', async (page) => {
      await connect(page)
      await page.getByTestId('send-recipient').fill(` ${name} `)
      const resolved = page.getByTestId('send-recipient-resolved')
      await resolved.filter({ hasText: other.address }).waitFor()
      await page.getByTestId('send-amount').fill('0.01')
      await page
        .getByTestId('send-button')
        .filter({ hasText: /^Review$/ })
        .waitFor()
      // A username nobody has stays unresolved: the button says so.
      await page.getByTestId('send-recipient').fill(`ox${run}nobody`)
      await page.getByTestId('send-button').filter({ hasText: 'Invalid recipient' }).waitFor()
    })
  })

  test('the Username view at 390 px', async () => {
    await withPage(
      '/swap',
      async (page) => {
        await openUsernameView(page)
        await drawer(page).getByTestId('username-current').waitFor()
        await page.screenshot({ path: join(tmpdir(), 'usernames-view-390.png') })
        await drawer(page).getByTestId('username-edit').click()
        await drawer(page).getByTestId('username-input').fill('Bad')
        await drawer(page).getByTestId('username-rule').waitFor()
        await page.screenshot({ path: join(tmpdir(), 'usernames-edit-390.png') })
        // Delete: signed too; the name is gone from the header and can never be claimed again.
        await drawer(page).getByRole('button', { name: 'Cancel' }).click()
        await drawer(page).getByTestId('username-delete').click()
        await drawer(page).getByTestId('username-delete-confirm').click()
        await drawer(page).getByTestId('username-notice').filter({ hasText: 'Username deleted' }).waitFor()
        await page
          .locator('header')
          .getByRole('button', { name: `Account ${ACCOUNT_0.slice(0, 8)}…${ACCOUNT_0.slice(-6)}` })
          .waitFor()
        const deleted = NAMES[2] ?? ''
        const answer = await fetch(`${stack.apiUrl}/v1/usernames/available/${deleted}`)
        assert.deepEqual(await answer.json(), {
          available: false,
          problem: 'UNAVAILABLE',
          message: 'Unavailable',
        })
      },
      { width: 390, height: 844 },
    )
  })
  test('avatar links: an ipfs:// avatar loads through the local gateway with no referrer, dead links (an unknown CID, an https host that refuses) fall back, javascript: is refused', async () => {
    const owner = privateKeyToAccount(stack.manifest.accounts[8]?.privateKey ?? '0x')
    const name = `ox${run}pic`
    // The avatar goes to IPFS the way its owner would put it there: added through the node's RPC.
    const cid = await addToIpfs(PNG, 'avatar.png')
    assert.match(cid, /^bafkrei[a-z2-7]{52}$/, 'a raw-leaf CIDv1')
    let signedAt = Date.now()
    const write = async (action: 'claim' | 'edit', avatarUrl: string) => {
      signedAt += 1000
      const issuedAt = new Date(signedAt).toISOString()
      const fields = { action, address: owner.address, username: name, bio: '', twitter: '', issuedAt }
      const signature = await owner.signMessage({
        message: profileSignText({ ...fields, avatarSha256: null, avatarUrl }),
      })
      return fetch(`${stack.apiUrl}/v1/usernames/profile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-id': `e2e-avatar-${run}-xxxxxxxx` },
        body: JSON.stringify({ ...fields, avatarUrl, signature }),
      })
    }
    const refused = await write('claim', 'javascript:alert(1)')
    assert.equal(refused.status, 400)
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'AVATAR_INVALID')
    const claimed = await write('claim', `ipfs://${cid}`)
    assert.equal(claimed.status, 200, await claimed.clone().text())

    const session = `/swap?eagerlyConnect=true&eagerlyConnectAddress=${owner.address}`
    await withPage(session, async (page) => {
      const avatar = page.locator('header').getByTestId('account-avatar')
      await avatar.waitFor()
      assert.equal(await avatar.getAttribute('src'), `${IPFS_GATEWAY}${cid}`)
      assert.equal(await avatar.getAttribute('referrerpolicy'), 'no-referrer')
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="account-avatar"]') as HTMLImageElement | null)
            ?.naturalWidth === 1,
      )
      // The gateway's own record: the browser asked it for the CID and sent no Referer.
      const asked = await gatewayRequests(`/ipfs/${cid} 200`)
      assert.ok(asked.length > 0, 'the gateway served the avatar')
      assert.deepEqual(
        asked.filter((line) => !line.endsWith(' referer=-')),
        [],
        'no referrer reaches the gateway',
      )
      await accountButton(page).click()
      await drawer(page).getByTestId('drawer-avatar').waitFor()
      await page.screenshot({
        path: join(process.env.OXBOW_E2E_SCREENSHOTS ?? tmpdir(), 'usernames-avatar-ipfs-1280.png'),
      })
    })

    // Dead links: a CID no node here holds (the gateway answers 404), and an https host that
    // refuses the connection (a loopback port where nothing listens). Each is tried, then the
    // broken image gives way (no broken-image icon) and the drawer shows the address colour instead.
    const deadCid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'
    const deadHttps = `https://127.0.0.1:${CLOSED_PORT}/dead.png`
    const dead: { link: string; src: string; tried: (page: Page) => Promise<string> }[] = [
      {
        link: `ipfs://${deadCid}`,
        src: `${IPFS_GATEWAY}${deadCid}`,
        tried: async (page) => {
          const response = await page.waitForResponse(`${IPFS_GATEWAY}${deadCid}`)
          assert.equal(response.status(), 404)
          assert.ok((await gatewayRequests(`/ipfs/${deadCid} 404`)).length > 0, 'the gateway answered 404')
          return 'ipfs'
        },
      },
      {
        link: deadHttps,
        src: deadHttps,
        tried: async (page) => {
          const request = await page.waitForEvent('requestfailed', (r) => r.url() === deadHttps)
          assert.match(request.failure()?.errorText ?? '', /ERR_CONNECTION_REFUSED/)
          return 'https'
        },
      },
    ]
    for (const { link, src, tried } of dead) {
      assert.equal((await write('edit', link)).status, 200)
      await withCheckedPage(
        browser,
        stack,
        session,
        async (page) => {
          const attempt = tried(page)
          await page.reload()
          const kind = await attempt
          await accountButton(page).waitFor()
          await page.locator('header').getByTestId('account-avatar').waitFor({ state: 'detached' })
          await accountButton(page).click()
          await drawer(page).locator('header span[data-hue]').first().waitFor()
          assert.equal(await drawer(page).getByTestId('drawer-avatar').count(), 0)
          await page.screenshot({
            path: join(
              process.env.OXBOW_E2E_SCREENSHOTS ?? tmpdir(),
              `usernames-avatar-fallback-${kind}-1280.png`,
            ),
          })
        },
        { allow: (_text, from) => from === src },
      )
    }
  })
})
