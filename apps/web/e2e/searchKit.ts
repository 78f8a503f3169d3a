/**
 * What the search modal's suites share: a devnet (ethereum only), the real indexer over it and the
 * built app reading both, a Chromium, and the modal's dialog and sections as a user finds them.
 */
import assert from 'node:assert/strict'
import { type Devnet, startDevnet } from '@oxbow/devnet'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, type RunningWeb, startWeb } from '../test/harness.ts'
import { type RunningIndexer, startIndexer } from './indexer.ts'

export interface IndexedWeb {
  readonly devnet: Devnet
  readonly indexer: RunningIndexer
  readonly web: RunningWeb
  readonly browser: Browser
  stop(): Promise<void>
}

/** Starts the devnet (ethereum), the indexer and the app on the suite's own ports, then Chromium. */
export async function startIndexedWeb(ports: {
  readonly devnetPortBase: number
  readonly indexerPort: number
  readonly webPort: number
}): Promise<IndexedWeb> {
  const devnet = await startDevnet({ networks: ['ethereum'], portBase: ports.devnetPortBase })
  let indexer: RunningIndexer | undefined
  let web: RunningWeb | undefined
  let browser: Browser | undefined
  const stop = async () => {
    await browser?.close()
    await web?.close()
    await indexer?.stop()
    await devnet.stop()
  }
  try {
    const rpcUrl = devnet.manifest.networks.ethereum?.rpcUrl
    assert.ok(rpcUrl, 'the devnet serves ethereum')
    indexer = await startIndexer({
      manifestPath: devnet.manifestPath,
      port: ports.indexerPort,
      networks: ['ethereum'],
    })
    web = await startWeb({
      port: ports.webPort,
      config: { environment: 'local', rpcUrls: { ethereum: rpcUrl }, graphqlUrl: indexer.url },
    })
    browser = await launchChromium()
    return { devnet, indexer, web, browser, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export const searchDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Search tokens, pools and wallets' })
/** One of the modal's result sections by its heading. */
export const searchRegion = (page: Page, name: string) =>
  searchDialog(page).getByRole('region', { name, exact: true })

/** Opens `url` (once its page heading shows) and the search modal from the header's button. */
export async function openSearch(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.locator('main h1').first().waitFor()
  await page.getByRole('button', { name: 'Search tokens and pools' }).click()
}
