/**
 * The account drawer and the send form as the drawer suites (account, accountDetails, accountEmpty,
 * drawerSettings, pendingTx, usernames) and the account benchmark drive them, and a stack with the
 * browser for those suites (`drawerSuite` registers its start and stop).
 */
import { after, before } from 'node:test'
import { localRpcUrl, testnetNetworks } from '@oxbow/chains'
import type { DevnetClients } from '@oxbow/devnet'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import type { Address } from 'viem'
import { launchChromium } from '../test/harness.ts'
import { waitForPortfolio } from './indexer.ts'
import { type Stack, type StackOptions, type StackPorts, startStack } from './stack.ts'
import { type CheckedPageOptions, withCheckedPage } from './support.ts'
import { ACCOUNT_0, connectWallet } from './swapKit.ts'

export const drawer = (page: Page): Locator => page.getByTestId('account-drawer')

/**
 * Starts the stack and Chromium, and waits until the indexer answers for `account` (it has caught
 * up with both networks).
 */
export async function startDrawerStack(
  ports: StackPorts,
  account: Address,
  options: StackOptions = {},
): Promise<{ stack: Stack; browser: Browser }> {
  const stack = await startStack(ports, options)
  let browser: Browser | undefined
  try {
    browser = await launchChromium()
    await waitForPortfolio(stack.graphqlUrl ?? '', account)
    return { stack, browser }
  } catch (error) {
    await browser?.close().catch(() => {})
    await stack.stop()
    throw error
  }
}

/** A drawer suite's stack and browser (there once its `before` hook has run), and its pages. */
export interface DrawerSuite {
  readonly stack: Stack
  readonly browser: Browser
  /** `withCheckedPage` on the suite's browser and stack. */
  withPage(
    path: string,
    run: (page: Page, context: BrowserContext) => Promise<void>,
    options?: CheckedPageOptions,
  ): Promise<void>
}

/**
 * Registers a drawer suite's hooks: before, `startDrawerStack` (waiting for `account`, account 0
 * unless given); after, the browser closed and the stack stopped.
 */
export function drawerSuite(
  ports: StackPorts,
  options: StackOptions = {},
  account: Address = ACCOUNT_0,
): DrawerSuite {
  let started: { stack: Stack; browser: Browser } | undefined
  before(async () => {
    started = await startDrawerStack(ports, account, options)
  })
  after(async () => {
    await started?.browser.close().catch(() => {})
    await started?.stack.stop()
  })
  const running = () => {
    if (!started) throw new Error('the drawer stack has not started (used outside a test?)')
    return started
  }
  return {
    get stack() {
      return running().stack
    },
    get browser() {
      return running().browser
    },
    withPage: (path, run, pageOptions) =>
      withCheckedPage(running().browser, running().stack, path, run, pageOptions),
  }
}

/**
 * The registry's testnets have RPC URLs in the app's config but do not run on this devnet: the
 * console errors of testnet mode reaching for one of their nodes, allowed (`CheckedPageOptions.allow`).
 */
export function idleTestnetRefusals(devnetPortBase: number): (text: string, from: string) => boolean {
  const idle = testnetNetworks.map((network) => `${localRpcUrl(network, devnetPortBase)}/`)
  return (text, from) => /net::ERR_CONNECTION_REFUSED/.test(text) && idle.includes(from)
}

/** Connects `walletName` on the send page and waits until the form lists the account's tokens. */
export async function connectToSend(page: Page, walletName: string, account: Address): Promise<void> {
  await connectWallet(page, walletName, account)
  await page.locator('[data-testid="send-token"] option[data-network]').first().waitFor({ state: 'attached' })
}

/** Waits until the send form's button reads Review and is enabled. */
export async function waitForSendReview(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const b = document.querySelector('[data-testid="send-button"]') as HTMLButtonElement | null
    return b?.textContent?.trim() === 'Review' && !b.disabled
  })
}

/**
 * Types a send of `amount` (in the token, not in dollars) to the new address `to`, presses Review
 * once it is enabled and passes the new-address check; the review dialog is then open.
 */
export async function reviewSend(page: Page, to: string, amount: string): Promise<void> {
  await page.getByTestId('send-recipient').fill(to)
  if (await page.getByTestId('send-toggle').isVisible()) {
    if (/in ETH/.test((await page.getByTestId('send-toggle').textContent()) ?? ''))
      await page.getByTestId('send-toggle').click()
  }
  await page.getByTestId('send-amount').fill(amount)
  await waitForSendReview(page)
  await page.getByTestId('send-button').click()
  await page.getByRole('dialog', { name: 'New address' }).getByRole('button', { name: 'Continue' }).click()
}

/** Pauses mining (no automine, no interval) for `run`, always resuming it. */
export async function withMiningPaused(
  anvil: DevnetClients['test'],
  run: () => Promise<void>,
): Promise<void> {
  await anvil.setAutomine(false)
  await anvil.setIntervalMining({ interval: 0 })
  try {
    await run()
  } finally {
    await anvil.setAutomine(true)
  }
}
