/**
 * The order suites (gasless, limit): the full stack with the order filler and the API's order store
 * on PGlite in a temporary directory (removed afterwards), and Chromium.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before } from 'node:test'
import type { NetworkDeployment } from '@oxbow/protocol'
import type { Browser, Locator, Page } from 'playwright-core'
import { launchChromium } from '../test/harness.ts'
import { type Stack, type StackPorts, startStack } from './stack.ts'
import { byTestId } from './swapKit.ts'

/** An order suite's stack, browser and Ethereum deployment (there once its `before` hook has run). */
export interface OrdersSuite {
  readonly stack: Stack
  readonly browser: Browser
  readonly eth: NetworkDeployment
}

/**
 * Registers an order suite's hooks: before, the stack with the filler and the order store in a
 * fresh `oxbow-<name>-e2e-` directory (`apiEnv` on top), Chromium, then the file's `setUp` (node:test
 * runs a file's top-level `before` hooks concurrently, so set-up that needs the stack goes here);
 * after, the browser closed, the stack stopped and the directory removed.
 */
export function ordersSuite(
  name: string,
  ports: StackPorts,
  options: { apiEnv?: Readonly<Record<string, string>>; setUp?: (suite: OrdersSuite) => Promise<void> } = {},
): OrdersSuite {
  let dbDir: string | undefined
  let stack: Stack | undefined
  let browser: Browser | undefined
  before(async () => {
    dbDir = await mkdtemp(join(tmpdir(), `oxbow-${name}-e2e-`))
    stack = await startStack(ports, { filler: true, apiEnv: { OXBOW_API_DB_DIR: dbDir, ...options.apiEnv } })
    browser = await launchChromium()
    await options.setUp?.(suite)
  })
  after(async () => {
    await browser?.close().catch(() => {})
    await stack?.stop()
    if (dbDir) await rm(dbDir, { recursive: true, force: true })
  })
  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error(`the ${name} stack has not started (used outside a test?)`)
    return part
  }
  const suite: OrdersSuite = {
    get stack() {
      return started(stack)
    },
    get browser() {
      return started(browser)
    },
    get eth() {
      return started(started(stack).manifest.networks.ethereum)
    },
  }
  return suite
}

/** Opens the account drawer from the header, then its Activity tab (where orders are rows); returns the drawer. */
export async function openActivity(page: Page): Promise<Locator> {
  await page
    .locator('header')
    .getByRole('button', { name: /^Account / })
    .click()
  const drawer = byTestId(page, 'account-drawer')
  await drawer.getByRole('tab', { name: 'Activity' }).click()
  return drawer
}
