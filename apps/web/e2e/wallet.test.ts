/**
 * Wallet connection in Chromium against a real devnet (ethereum only, port base 23100) and the real
 * API (port 23188, whose analytics the failure must reach): the local
 * test wallet, persistence across reload, disconnect confirmation, EIP-6963 discovery with a
 * failing-then-succeeding injected wallet (error modal + Try again), and test mode.
 */
import assert from 'node:assert/strict'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { getNetwork } from '@oxbow/chains'
import { type Devnet, startDevnet } from '@oxbow/devnet'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, type RunningWeb, startWeb } from '../test/harness.ts'
import { type AnalyticsEventBody, recordAcceptedAnalytics } from './analyticsProbe.ts'
import { startApi } from './stack.ts'
import { recordScriptRequests, watchProblems } from './support.ts'

/** Its own port, so it never collides with the frame suite's server on 23573. */
const WALLET_TEST_PORT = 23576
const WALLET_API_PORT = 23188
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The devnet seed's spoofer: its reverse record claims alice.eth, whose forward record is account 1. */
const ACCOUNT_3 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

let devnet: Devnet
let api: Awaited<ReturnType<typeof startApi>>
let web: RunningWeb
let browser: Browser

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: 23100 })
  const rpcUrl = devnet.manifest.networks.ethereum?.rpcUrl
  assert.ok(rpcUrl, 'the devnet serves ethereum')
  // The real API (analytics included), reading this devnet.
  api = await startApi({
    port: WALLET_API_PORT,
    manifestPath: devnet.manifestPath,
    webOrigin: `http://localhost:${WALLET_TEST_PORT}`,
  })
  web = await startWeb({
    port: WALLET_TEST_PORT,
    config: {
      environment: 'local',
      apiUrl: api.url,
      rpcUrls: { ethereum: rpcUrl },
      analyticsSampleRate: 1,
    },
    // The devnet's ENS registry: account 1 is alice.eth.
    manifestPath: devnet.manifestPath,
  })
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
  await web?.close()
  await api?.stop()
  await devnet?.stop()
})

async function withPage(
  path: string,
  run: (page: Page, context: BrowserContext, scripts: string[]) => Promise<void>,
  setup?: (context: BrowserContext) => Promise<unknown>,
): Promise<void> {
  const context = await browser.newContext()
  await setup?.(context)
  const page = await context.newPage()
  const problems = watchProblems(page)
  const scripts = recordScriptRequests(page)
  try {
    await page.goto(web.url + path)
    await page.locator('main h1').first().waitFor()
    await run(page, context, scripts)
    assert.deepEqual(problems.errors, [], 'no console errors')
  } finally {
    await context.close()
  }
}

const connectButton = (page: Page) =>
  page.locator('header').getByRole('button', { name: 'Connect', exact: true })
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Connect a wallet' })
const accountButton = (page: Page, address: string) =>
  page.locator('header').getByRole('button', { name: `Account ${address.slice(0, 8)}…${address.slice(-6)}` })

async function connectLocalWallet(page: Page): Promise<void> {
  await connectButton(page).click()
  await drawer(page).getByRole('button', { name: 'Local test wallet' }).click()
  await accountButton(page, ACCOUNT_0).waitFor()
}

/**
 * Page script announcing two EIP-6963 wallets: Alpha connects, Beta rejects its first
 * eth_requestAccounts (after 400 ms, so the pending state is visible) and accepts the next. Plain JS
 * text: tsx would inject helpers into a serialized function.
 */
function eip6963Wallets(chainId: number, account: string): string {
  return `(() => {
    const calls = []
    window.__betaCalls = calls
    let rejectedOnce = false
    let connected = false
    const provider = (name, fail) => ({
      async request({ method }) {
        if (fail) calls.push(method)
        if (method === 'eth_requestAccounts') {
          if (fail && !rejectedOnce) {
            rejectedOnce = true
            await new Promise((resolve) => setTimeout(resolve, 400))
            throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          }
          connected = true
          return [${JSON.stringify(account)}]
        }
        if (method === 'eth_accounts') return connected ? [${JSON.stringify(account)}] : []
        if (method === 'eth_chainId') return '0x${chainId.toString(16)}'
        if (method === 'wallet_requestPermissions') return [{ parentCapability: 'eth_accounts' }]
        if (method === 'wallet_revokePermissions') return null
        throw Object.assign(new Error(name + ': unsupported ' + method), { code: 4200 })
      },
      on() {},
      removeListener() {},
    })
    const wallets = [
      { name: 'Alpha Wallet', rdns: 'test.alpha', fail: false },
      { name: 'Beta Wallet', rdns: 'test.beta', fail: true },
    ].map((wallet) => Object.freeze({
      info: Object.freeze({
        uuid: crypto.randomUUID(),
        name: wallet.name,
        rdns: wallet.rdns,
        icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%221%22 height=%221%22/%3E',
      }),
      provider: provider(wallet.name, wallet.fail),
    }))
    const announce = () => {
      for (const detail of wallets) {
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      }
    }
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  })()`
}

describe('wallet connection', () => {
  test('the local test wallet connects: shortened address in the header, drawer closed, wagmi loaded only on demand', async () => {
    await withPage('/swap', async (page, _context, scripts) => {
      assert.ok(!scripts.some((path) => path.includes('/runtime-')), 'wallet layer not in the initial load')
      await connectButton(page).click()
      const view = drawer(page)
      await view.getByRole('heading', { name: 'Connect a wallet' }).waitFor()
      await view.getByText('By connecting a wallet, you agree to the Terms of Service').waitFor()
      assert.ok(
        scripts.some((path) => path.includes('/runtime-')),
        'wallet layer loaded on open',
      )
      await view.locator('[data-wallet-id]').first().waitFor()
      const names = await view.locator('[data-wallet-id]').allTextContents()
      assert.deepEqual(names, ['Local test wallet', 'WalletConnect', 'Coinbase Wallet'])
      await view.getByRole('button', { name: 'Local test wallet' }).click()
      const account = accountButton(page, ACCOUNT_0)
      await account.waitFor()
      assert.equal(await account.textContent(), '0xf39Fd6…b92266')
      await view.waitFor({ state: 'hidden' })
      await account.click()
      assert.equal(await page.getByTestId('wallet-address').textContent(), ACCOUNT_0)
    })
  })

  test('a reload keeps the connection; a corrupted persisted store is dropped, not fatal', async () => {
    await withPage('/swap', async (page) => {
      await connectLocalWallet(page)
      await page.reload()
      await accountButton(page, ACCOUNT_0).waitFor()
      assert.equal(await connectButton(page).count(), 0)
      // Persisted state is validated: a corrupted store is dropped (not fatal, no console error) and the
      // wallet, which still holds its own authorization, is restored.
      await page.evaluate(() => localStorage.setItem('oxbow.wagmi.store', '{broken'))
      await page.reload()
      await accountButton(page, ACCOUNT_0).waitFor()
      await page.waitForFunction(() => localStorage.getItem('oxbow.wagmi.store') !== '{broken')
    })
  })

  test('the account button shows the ENS name last seen for the account; stale or malformed names give way to the address', async () => {
    const names = (entry: Record<string, unknown>) =>
      `localStorage.setItem('oxbow.wallet.names', ${JSON.stringify(JSON.stringify({ [ACCOUNT_0.toLowerCase()]: entry }))})`
    const named = (page: Page, label: string) =>
      page.locator('header').getByRole('button', { name: `Account ${label}`, exact: true })
    // Looked up an hour ago: shown as it is (not asked again within a day).
    await withPage(
      '/swap',
      async (page) => {
        await connectButton(page).click()
        await drawer(page).getByRole('button', { name: 'Local test wallet' }).click()
        await named(page, 'alice.eth').waitFor()
        assert.equal(await named(page, 'alice.eth').textContent(), 'alice.eth')
      },
      (context) =>
        context.addInitScript({
          content: names({ username: null, ensName: 'alice.eth', checkedAt: Date.now() - 3_600_000 }),
        }),
    )
    // Two days old: looked up again; account 0 has no ENS name, so the address shows.
    await withPage(
      '/swap',
      async (page) => {
        await connectLocalWallet(page)
        await page.waitForFunction(
          () =>
            !JSON.parse(localStorage.getItem('oxbow.wallet.names') ?? '{}')[
              '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
            ]?.ensName,
        )
        assert.equal(await accountButton(page, ACCOUNT_0).textContent(), '0xf39Fd6…b92266')
      },
      (context) =>
        context.addInitScript({
          content: names({ username: null, ensName: 'alice.eth', checkedAt: Date.now() - 2 * 86_400_000 }),
        }),
    )
    // A stored name with markup is dropped on read, never rendered.
    await withPage(
      '/swap',
      async (page) => {
        await connectLocalWallet(page)
        assert.equal(await page.locator('header img').count(), 0)
      },
      (context) =>
        context.addInitScript({
          content: names({
            username: null,
            ensName: '<img src=x onerror=alert(1)>.eth',
            checkedAt: Date.now(),
          }),
        }),
    )
  })

  test('disconnect asks for confirmation; cancel keeps the wallet, confirming disconnects for good', async () => {
    await withPage('/swap', async (page) => {
      await connectLocalWallet(page)
      const account = accountButton(page, ACCOUNT_0)
      await account.click()
      await page.getByRole('button', { name: 'Disconnect' }).click()
      await page.getByText('Disconnect this wallet?').waitFor()
      await page.getByRole('button', { name: 'Cancel' }).click()
      assert.equal(await account.count(), 1, 'still connected after cancel')
      await page.getByRole('button', { name: 'Disconnect' }).click()
      await page.getByRole('button', { name: 'Disconnect' }).click()
      await connectButton(page).waitFor()
      assert.equal(await account.count(), 0)
      await page.reload()
      await page.locator('main h1').first().waitFor()
      await connectButton(page).waitFor()
      assert.equal(await connectButton(page).isEnabled(), true)
      assert.equal(await account.count(), 0, 'stays disconnected after reload')
    })
  })

  test('EIP-6963 wallets announced by the page are listed; a failure shows the error modal and Try again retries the same wallet', async () => {
    const chainId = getNetwork('ethereum').local.chainId
    const analytics: AnalyticsEventBody[] = []
    await withPage(
      '/swap',
      async (page) => {
        await connectButton(page).click()
        const view = drawer(page)
        await view.getByRole('button', { name: 'Alpha Wallet' }).waitFor()
        await view.getByRole('button', { name: 'Beta Wallet' }).waitFor()
        // Five wallets: four in the main view, the rest behind "Other wallets" (back arrow returns).
        assert.equal(await view.getByRole('button', { name: 'Coinbase Wallet' }).count(), 0)
        await view.getByRole('button', { name: 'Other wallets' }).click()
        await view.getByRole('heading', { name: 'Other wallets' }).waitFor()
        assert.equal(await view.locator('[data-wallet-id]').count(), 5)
        await view.getByRole('button', { name: 'Back' }).click()
        await view.getByRole('heading', { name: 'Connect a wallet' }).waitFor()
        await view.getByRole('button', { name: 'Beta Wallet' }).click()
        // Pending: spinner on the chosen wallet while the wallet answers.
        await view.locator('[data-wallet-id="test.beta"][aria-busy="true"]').waitFor()
        const modal = page.getByRole('alertdialog', { name: 'Error connecting' })
        await modal.waitFor()
        await modal.getByText('Connection failed. Please try again.').waitFor()
        await modal.getByText('User rejected the request.').waitFor()
        await modal.getByRole('button', { name: 'Try again' }).click()
        // Account 1 is alice.eth on this devnet: the address shows until the name is looked up.
        const account1 = page
          .locator('header')
          .getByRole('button', { name: /^Account (0x709979…dc79C8|alice\.eth)$/ })
        await account1.waitFor()
        await modal.waitFor({ state: 'hidden' })
        // The most recently used wallet now sorts first, marked Recent.
        await page.locator('header').getByRole('button', { name: 'Account alice.eth', exact: true }).click()
        await page.getByRole('button', { name: 'Disconnect' }).click()
        await page.getByRole('button', { name: 'Disconnect' }).click()
        await connectButton(page).click()
        await view.locator('[data-wallet-id]').first().waitFor()
        assert.equal(
          await view.locator('[data-wallet-id]').first().getAttribute('data-wallet-id'),
          'test.beta',
        )
        assert.match((await view.locator('[data-wallet-id]').first().textContent()) ?? '', /Recent/)
        const calls = await page.evaluate(() => (window as unknown as { __betaCalls: string[] }).__betaCalls)
        assert.equal(calls.filter((method) => method === 'eth_requestAccounts').length, 2, 'retried Beta')
        // The failure reached the analytics module (batched, flushed within 5 s).
        const deadline = Date.now() + 8000
        while (!analytics.some((event) => event.name === 'wallet_connect_failed') && Date.now() < deadline) {
          await page.waitForTimeout(200)
        }
        const failure = analytics.find((event) => event.name === 'wallet_connect_failed')
        assert.deepEqual(failure?.properties, {
          walletName: 'Beta Wallet',
          walletType: 'injected',
          page: '/swap',
          message: 'User rejected the request.',
        })
      },
      async (context) => {
        recordAcceptedAnalytics(context, api.url, analytics)
        await context.addInitScript({ content: eip6963Wallets(chainId, ACCOUNT_1) })
      },
    )
  })

  test('eagerlyConnect restores the recent wallet on load; without it a page does not load the wallet layer', async () => {
    await withPage('/swap', async (page, _context, scripts) => {
      await connectLocalWallet(page)
      // Forget the app's own "was connected" marker: only wagmi's recent connector remains.
      await page.evaluate(() => localStorage.removeItem('oxbow.wallet.connected'))
      scripts.length = 0
      await page.goto(`${web.url}/swap`)
      await connectButton(page).waitFor()
      assert.ok(!scripts.some((path) => path.includes('/runtime-')), 'no restore without a reason')
      await page.goto(`${web.url}/swap?eagerlyConnect=true`)
      await accountButton(page, ACCOUNT_0).waitFor()
    })
  })

  test('behavior: the account button shows the verified ENS name read from the devnet registry; a spoofed reverse record shows the address', async () => {
    const named = (page: Page, label: string) =>
      page.locator('header').getByRole('button', { name: `Account ${label}`, exact: true })
    await withPage(`/swap?eagerlyConnect=true&eagerlyConnectAddress=${ACCOUNT_1}`, async (page) => {
      await named(page, 'alice.eth').waitFor()
      const stored = await page.evaluate(() => localStorage.getItem('oxbow.wallet.names'))
      assert.match(stored ?? '', /"ensName":"alice\.eth"/)
      // Its avatar: the NFT its avatar record names (held by account 1), the token's inline image.
      const avatar = named(page, 'alice.eth').getByTestId('account-avatar')
      await avatar.waitFor()
      assert.match((await avatar.getAttribute('src')) ?? '', /^data:image\/svg\+xml;base64,/)
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="account-avatar"]') as HTMLImageElement | null)?.naturalWidth,
      )
      await page.screenshot({ path: join(tmpdir(), 'wallet-ens-avatar-1280.png') })
    })
    await withPage(`/swap?eagerlyConnect=true&eagerlyConnectAddress=${ACCOUNT_3}`, async (page) => {
      await accountButton(page, ACCOUNT_3).waitFor()
      // The lookup ran (and found no verified name): the address stays.
      await page.waitForFunction(
        (key) => JSON.parse(localStorage.getItem('oxbow.wallet.names') ?? '{}')[key]?.checkedAt > 0,
        ACCOUNT_3.toLowerCase(),
      )
      assert.equal(await accountButton(page, ACCOUNT_3).textContent(), '0x90F79b…93b906')
      assert.equal(await page.getByTestId('account-avatar').count(), 0, 'no verified name, no avatar')
    })
  })

  test("behavior: eagerlyConnect with a valid eagerlyConnectAddress connects as that account (the local test wallet's ten; the mock takes any); an invalid one is ignored", async () => {
    const alice = (page: Page) =>
      page.locator('header').getByRole('button', { name: 'Account alice.eth', exact: true })
    await withPage(`/swap?eagerlyConnect=true&eagerlyConnectAddress=${ACCOUNT_1}`, async (page) => {
      await alice(page).waitFor()
      // The same account after a reload (no parameter: the remembered connection).
      await page.goto(`${web.url}/swap`)
      await alice(page).waitFor()
    })
    await withPage('/swap?eagerlyConnect=true&eagerlyConnectAddress=0x1234', async (page) => {
      await accountButton(page, ACCOUNT_0).waitFor()
    })
    const other = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
    await withPage(`/swap?testMode=1&eagerlyConnect=true&eagerlyConnectAddress=${other}`, async (page) => {
      await accountButton(page, other).waitFor()
    })
  })

  test('Coinbase Wallet loads its SDK chunk only when chosen and fails into the error modal here (its popup host is unreachable)', async () => {
    await withPage('/swap', async (page, context, scripts) => {
      const hosts = new Set<string>()
      context.on('request', (request) => hosts.add(new URL(request.url()).host))
      await connectButton(page).click()
      const view = drawer(page)
      await view.getByRole('button', { name: 'Coinbase Wallet' }).waitFor()
      assert.ok(
        !scripts.some((path) => path.includes('/sdkConnectors-')),
        'SDK chunk not loaded before a choice',
      )
      const modal = page.getByRole('alertdialog', { name: 'Error connecting' })
      await view.getByRole('button', { name: 'Coinbase Wallet' }).click()
      await modal.waitFor()
      assert.ok(
        scripts.some((path) => path.includes('/sdkConnectors-')),
        'SDK chunk loaded on choice',
      )
      // It tried its popup (no answer from it here: the 20 s connect timeout fails it).
      assert.ok(hosts.has('keys.coinbase.com'), `the SDK opened its popup host: ${[...hosts].join(', ')}`)
      await modal.getByRole('button', { name: 'Close' }).click()
      await modal.waitFor({ state: 'hidden' })
      assert.equal(await connectButton(page).count(), 1, 'still not connected')
    })
  })

  test('test mode offers only the mock connector', async () => {
    await withPage('/swap?testMode=1', async (page) => {
      await connectButton(page).click()
      const view = drawer(page)
      await view.locator('[data-wallet-id]').first().waitFor()
      const kinds = await view
        .locator('[data-wallet-id]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-wallet-kind')))
      assert.deepEqual(kinds, ['mock'])
      await view.locator('[data-wallet-kind="mock"]').click()
      await accountButton(page, ACCOUNT_0).waitFor()
    })
  })

  test('with the embeddedWallet flag the connect view is titled "Log in or connect"', async () => {
    await withPage('/swap?testMode=1&featureFlagOverride=embeddedWallet', async (page) => {
      await connectButton(page).click()
      await page
        .getByRole('dialog', { name: 'Log in or connect' })
        .getByRole('heading', { name: 'Log in or connect' })
        .waitFor()
      await page.keyboard.press('Escape')
      await page.getByRole('dialog', { name: 'Log in or connect' }).waitFor({ state: 'hidden' })
    })
  })
})
