/**
 * WalletConnect end to end in Chromium: the app (its own port, 23577) pairs through the local relay
 * sandbox (apps/sandbox, run as a process on 23790) with a wallet that this test process plays with
 * @walletconnect/sign-client, against a real devnet (ethereum + base, port base 23700).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { getNetwork } from '@oxbow/chains'
import { type Devnet, startDevnet } from '@oxbow/devnet'
import { SignClient } from '@walletconnect/sign-client'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, type RunningWeb, startWeb } from '../test/harness.ts'
import { type ServiceProcess, startService } from './service.ts'
import { cspViolations, installCspListener, recordScriptRequests, watchProblems } from './support.ts'
import { switchNetworkFromSwapBox } from './swapKit.ts'

const WEB_PORT = 23577
const RELAY_PORT = 23790
const DEVNET_PORT_BASE = 23700
const PROJECT_ID = 'oxbow-e2e'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let devnet: Devnet
let relay: ServiceProcess
let web: RunningWeb
let browser: Browser
const relayUrl = `ws://127.0.0.1:${RELAY_PORT}`

before(async () => {
  ;[devnet, relay, browser] = await Promise.all([
    startDevnet({ networks: ['ethereum', 'base'], portBase: DEVNET_PORT_BASE }),
    startService({
      name: 'wc-relay',
      entry: 'apps/sandbox/src/serve.ts',
      env: {
        OXBOW_WC_RELAY_PORT: String(RELAY_PORT),
        OXBOW_WC_RELAY_TRACE: process.env.OXBOW_WC_RELAY_TRACE ?? '',
      },
      readyTimeoutMs: 30_000,
    }),
    launchChromium(),
  ])
  const rpcUrls = Object.fromEntries(
    Object.entries(devnet.manifest.networks).map(([slug, deployment]) => [slug, deployment.rpcUrl]),
  )
  web = await startWeb({
    port: WEB_PORT,
    config: { environment: 'local', rpcUrls, walletConnect: { relayUrl, projectId: PROJECT_ID } },
  })
})
after(async () => {
  await browser?.close()
  await web?.close()
  await relay?.stop()
  await devnet?.stop()
})

/** Key-value storage in memory: the wallet leaves no files behind (core's Node default writes a db). */
function memoryStorage() {
  const items = new Map<string, unknown>()
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() => [...items.entries()] as [string, T][],
    getItem: async <T>(key: string) => items.get(key) as T | undefined,
    setItem: async <T>(key: string, value: T) => {
      items.set(key, value)
    },
    removeItem: async (key: string) => {
      items.delete(key)
    },
  }
}

const accountButton = (page: Page, address: string) =>
  page.locator('header').getByRole('button', { name: `Account ${address.slice(0, 8)}…${address.slice(-6)}` })

/**
 * The test process as a WalletConnect wallet: approves account 1 on Ethereum, records every request
 * and answers it (a chain switch first adds the chain to the session, as a real wallet does).
 */
let wallets = 0

async function testWallet() {
  const ethereum = getNetwork('ethereum').local.chainId
  const base = getNetwork('base').local.chainId
  const wallet = await SignClient.init({
    projectId: PROJECT_ID,
    // Core keeps one instance per storage prefix in the process: each test's wallet gets its own.
    customStoragePrefix: `e2e-wallet-${++wallets}`,
    relayUrl,
    storage: memoryStorage(),
    telemetryEnabled: false,
    logger: 'error',
    metadata: { name: 'Test wallet', description: 'e2e', url: 'http://localhost', icons: [] },
  })
  const requests: { method: string; params: unknown }[] = []
  wallet.on('session_proposal', async ({ id, params }) => {
    assert.equal(params.proposer.metadata.name, 'Oxbow')
    await wallet.approve({
      id,
      namespaces: {
        eip155: {
          chains: [`eip155:${ethereum}`],
          accounts: [`eip155:${ethereum}:${ACCOUNT_1}`],
          methods: [
            'personal_sign',
            'eth_signTypedData_v4',
            'eth_sendTransaction',
            'wallet_switchEthereumChain',
          ],
          events: ['chainChanged', 'accountsChanged'],
        },
      },
    })
  })
  wallet.on('session_request', async ({ id, topic, params }) => {
    requests.push({ method: params.request.method, params: params.request.params })
    if (params.request.method === 'wallet_switchEthereumChain') {
      // As a real wallet does: the session gains the chain (and the account on it) before the
      // answer, and the answer waits for the app's acknowledgement of that update (an answer that
      // overtakes the update switches the app to a chain without its account, which disconnects
      // it). Sign client 2.25 in Node misses that acknowledgement now and then (4 of 20 switches on
      // a loaded machine, though the relay's trace showed it delivered and acknowledged), so the
      // wait is bounded: by then the app has sent it, so it has processed the update.
      const eip155 = wallet.session.get(topic).namespaces.eip155
      assert.ok(eip155)
      const { acknowledged } = await wallet.update({
        topic,
        namespaces: {
          eip155: {
            ...eip155,
            chains: [...(eip155.chains ?? []), `eip155:${base}`],
            accounts: [...eip155.accounts, `eip155:${base}:${ACCOUNT_1}`],
          },
        },
      })
      await Promise.race([acknowledged(), new Promise((resolve) => setTimeout(resolve, 3_000))])
    }
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: null } })
  })

  return {
    wallet,
    requests,
    async close() {
      // The wallet's core keeps a heartbeat interval and its socket: stop both so the run can end.
      wallet.core.heartbeat.stop()
      await wallet.core.relayer.transportClose().catch(() => undefined)
    },
  }
}

/**
 * A person takes seconds to scan the QR code; the test wallet would pair within milliseconds. Sign
 * client 2.25 replays unacknowledged session messages 1 s after it starts (processPendingMessageEvents),
 * and a settle that arrives right then is processed twice: the session still connects, but the SDK
 * logs "Pending session not found". Pairing after that second, as any real scan does, avoids the race.
 */
const scanDelay = (page: Page) => page.waitForTimeout(1_200)

/** Chooses WalletConnect in the connect drawer, pairs the wallet with the URI shown, waits for the account. */
async function pair(page: Page, wallet: Awaited<ReturnType<typeof SignClient.init>>): Promise<string> {
  await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).click()
  const drawer = page.getByRole('dialog', { name: 'Connect a wallet' })
  await drawer.getByRole('button', { name: 'WalletConnect' }).click()
  await drawer
    .getByTestId('walletconnect-uri')
    .waitFor({ timeout: 15_000 })
    .catch(async (error: unknown) => {
      throw new Error(`no pairing URI; the page shows: ${await page.locator('body').textContent()}`, {
        cause: error,
      })
    })
  const uri = (await drawer.getByTestId('walletconnect-uri').textContent()) ?? ''
  await scanDelay(page)
  await wallet.pair({ uri })
  await accountButton(page, ACCOUNT_1).waitFor()
  await drawer.waitFor({ state: 'hidden' })
  return uri
}

/** Switches the swap box to Base; the wallet must answer the wallet_switchEthereumChain it gets. */
async function switchToBase(page: Page, requests: readonly unknown[]): Promise<void> {
  const swapButton = page.getByTestId('swap-button')
  await switchNetworkFromSwapBox(page, { name: 'base', label: 'Base' }, async () => requests.length > 0)
  // The wallet answered: the app follows it to Base by itself (no reload).
  await page
    .waitForFunction(
      () => document.querySelector('[data-testid="swap-button"]')?.textContent?.trim() !== 'Switch to Base',
      undefined,
      { timeout: 15_000 },
    )
    .catch(async (error: unknown) => {
      const button = await swapButton.textContent()
      throw new Error(`still "${button}" after the switch; wallet requests: ${JSON.stringify(requests)}`, {
        cause: error,
      })
    })
}

describe('WalletConnect', () => {
  test('behavior: pairs through the local relay with a wallet approving account 1, then a network switch round-trips to the wallet', async () => {
    const base = getNetwork('base').local.chainId
    const { wallet, requests, close } = await testWallet()
    const context = await browser.newContext()
    await installCspListener(context)
    const page = await context.newPage()
    const problems = watchProblems(page)
    const scripts = recordScriptRequests(page)
    try {
      await page.goto(`${web.url}/swap`)
      await page.locator('main h1').first().waitFor()
      await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).click()
      const drawer = page.getByRole('dialog', { name: 'Connect a wallet' })
      await drawer.getByRole('button', { name: 'WalletConnect' }).waitFor()
      assert.ok(
        !scripts.some((path) => path.includes('/sdkConnectors-')),
        'SDK chunk not loaded before a choice',
      )
      await drawer.getByRole('button', { name: 'WalletConnect' }).click()

      const uriText = drawer.getByTestId('walletconnect-uri')
      await uriText.waitFor()
      const uri = (await uriText.textContent()) ?? ''
      assert.match(uri, /^wc:[0-9a-f]{64}@2\?.*relay-protocol=irn.*symKey=[0-9a-f]{64}/)
      await drawer.getByRole('img', { name: 'Scan with your phone’s wallet' }).waitFor()
      await drawer.getByRole('button', { name: 'Copy link' }).waitFor()
      assert.ok(
        scripts.some((path) => path.includes('/sdkConnectors-')),
        'SDK chunk loaded on choice',
      )
      assert.ok(
        scripts.some((path) => path.includes('/WalletConnectPairing-')),
        'QR view loaded with the URI',
      )

      await scanDelay(page)
      await wallet.pair({ uri })
      await accountButton(page, ACCOUNT_1).waitFor()
      await drawer.waitFor({ state: 'hidden' })

      // Base is not in the session: the switch goes to the wallet as wallet_switchEthereumChain,
      // the wallet answers, and the swap form follows the new chain.
      await switchToBase(page, requests)
      assert.deepEqual(requests, [
        { method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${base.toString(16)}` }] },
      ])
      await accountButton(page, ACCOUNT_1).waitFor()

      assert.deepEqual(problems.errors, [], 'no console errors')
      assert.deepEqual(await cspViolations(page), [], 'no CSP violations')
    } finally {
      await context.close()
      await close()
    }
  })

  test('behavior: the session survives a reload: still connected with the same account, and a request still reaches the wallet', async () => {
    const base = getNetwork('base').local.chainId
    const { wallet, requests, close } = await testWallet()
    const context = await browser.newContext()
    await installCspListener(context)
    const page = await context.newPage()
    const problems = watchProblems(page)
    try {
      await page.goto(`${web.url}/swap`)
      await page.locator('main h1').first().waitFor()
      await pair(page, wallet)
      const sessions = wallet.session.getAll().length

      await page.reload()
      await page.locator('main h1').first().waitFor()
      await accountButton(page, ACCOUNT_1).waitFor({ timeout: 20_000 })
      assert.equal(
        await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).count(),
        0,
        'no Connect button after the reload',
      )
      assert.equal(wallet.session.getAll().length, sessions, 'the same session, no new pairing')

      // The restored session carries requests: choosing Base sends the switch to the wallet.
      await switchNetworkFromSwapBox(page, { name: 'base', label: 'Base' }, async () => requests.length > 0)
      assert.deepEqual(requests, [
        { method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${base.toString(16)}` }] },
      ])

      assert.deepEqual(problems.errors, [], 'no console errors')
      assert.deepEqual(await cspViolations(page), [], 'no CSP violations')
    } finally {
      await context.close()
      await close()
    }
  })
})
