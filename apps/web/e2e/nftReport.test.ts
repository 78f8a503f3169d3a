/**
 * The NFT detail's report action in Chromium against the real stack (devnet ethereum on port base
 * 31700, the indexer on 31790, the API as a process on 31792, the app on localhost:31775), nothing
 * mocked: a report chosen in the dialog is stored by the API and read back from it; reporting again
 * from the same client is not counted twice; with the API stopped the dialog shows the spec's
 * 'Could not report NFT. Try again later.'. In the mainnet environment (app on 31776) the
 * marketplace link opens in a new tab without an opener.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type Devnet, startDevnet } from '@oxbow/devnet'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, type RunningWeb, startWeb } from '../test/harness.ts'
import { type RunningIndexer, startIndexer } from './indexer.ts'
import { startApi } from './stack.ts'
import { watchProblems } from './support.ts'

const DEVNET_PORT_BASE = 31700
const INDEXER_PORT = 31790
const API_PORT = 31792
const WEB_PORT = 31775
const MAINNET_WEB_PORT = 31776
const SHOTS = process.env.OXBOW_SHOTS_DIR

let devnet: Devnet
let indexer: RunningIndexer
let api: Awaited<ReturnType<typeof startApi>> | undefined
let web: RunningWeb
let mainnetWeb: RunningWeb | undefined
let browser: Browser

const otters = () => {
  const collection = devnet.manifest.networks.ethereum?.nftCollections.find((c) => c.name === 'Oxbow Otters')
  assert.ok(collection, 'the devnet seeds Oxbow Otters')
  return collection
}

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: DEVNET_PORT_BASE })
  indexer = await startIndexer({
    manifestPath: devnet.manifestPath,
    port: INDEXER_PORT,
    networks: ['ethereum'],
  })
  api = await startApi({
    port: API_PORT,
    manifestPath: devnet.manifestPath,
    webOrigin: `http://localhost:${WEB_PORT}`,
  })
  const rpcUrls = { ethereum: devnet.manifest.networks.ethereum?.rpcUrl ?? '' }
  web = await startWeb({
    port: WEB_PORT,
    config: { environment: 'local', rpcUrls, graphqlUrl: indexer.url, apiUrl: api.url },
  })
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
  await mainnetWeb?.close()
  await web?.close()
  await api?.stop()
  await indexer?.stop()
  await devnet?.stop()
})

/** Opens the collection's first item's details and its report dialog. */
async function openReport(page: Page, base: string) {
  await page.goto(`${base}/nfts/collection/${otters().address}?chain=ethereum`)
  await page.getByTestId('nft-item').first().click()
  const details = page.getByTestId('nft-details')
  await details.waitFor()
  await details.getByTestId('nft-report').click()
  const dialog = page.getByRole('dialog', { name: 'Report this NFT' })
  await dialog.waitFor()
  return dialog
}

async function storedReports(tokenId: string) {
  const response = await fetch(`${api?.url}/v1/nfts/reports/ethereum/${otters().address}/${tokenId}`)
  assert.equal(response.status, 200)
  return (await response.json()) as { reports: number; reasons: Record<string, number> }
}

describe('NFT report', () => {
  test('behavior: a report chosen in the dialog is stored by the API; the same client is not counted twice', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const problems = watchProblems(page)
    try {
      const before = await storedReports('1')
      const dialog = await openReport(page, web.url)
      const send = dialog.getByRole('button', { name: 'Send report' })
      assert.equal(await send.isDisabled(), true, 'no reason chosen yet')
      for (const reason of ['Spam', 'Scam or phishing', 'Offensive content', 'Stolen or copied artwork']) {
        await dialog.getByRole('radio', { name: reason }).waitFor()
      }
      await dialog.getByRole('radio', { name: 'Scam or phishing' }).check()
      await send.click()
      await dialog.getByRole('status').filter({ hasText: 'Thank you. Your report was sent.' }).waitFor()
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/nft-report-sent-1280.png` })
      const after = await storedReports('1')
      assert.equal(after.reports, before.reports + 1)
      assert.equal(after.reasons.scam, (before.reasons.scam ?? 0) + 1)
      // Reporting the same NFT again from this browser: accepted, not counted again.
      await dialog.getByRole('button', { name: 'Close' }).click()
      await dialog.waitFor({ state: 'hidden' })
      const again = await openReport(page, web.url)
      await again.getByRole('radio', { name: 'Spam' }).check()
      await again.getByRole('button', { name: 'Send report' }).click()
      await again.getByTestId('nft-report-sent').waitFor()
      assert.deepEqual(await storedReports('1'), after)
      assert.deepEqual(problems.errors, [])
    } finally {
      await context.close()
    }
  })

  test('links: the marketplace link (mainnet environment) opens in a new tab without an opener', async () => {
    mainnetWeb = await startWeb({
      port: MAINNET_WEB_PORT,
      config: {
        environment: 'mainnet',
        rpcUrls: { ethereum: devnet.manifest.networks.ethereum?.rpcUrl ?? '' },
        graphqlUrl: indexer.url,
        apiUrl: api?.url ?? '',
      },
    })
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    try {
      await page.goto(`${mainnetWeb.url}/nfts/collection/${otters().address}?chain=ethereum`)
      await page.getByTestId('nft-item').first().click()
      const link = page.getByTestId('nft-details').getByRole('link', { name: /View on OpenSea/ })
      await link.waitFor()
      assert.equal(await link.getAttribute('target'), '_blank')
      assert.match((await link.getAttribute('rel')) ?? '', /\bnoopener\b/)
      assert.equal(
        await link.getAttribute('href'),
        `https://opensea.io/assets/ethereum/${otters().address}/1`,
      )
    } finally {
      await context.close()
    }
  })

  test("failure: with the API stopped the dialog says 'Could not report NFT. Try again later.' ", async () => {
    const apiUrl = api?.url ?? ''
    await api?.stop()
    api = undefined
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const problems = watchProblems(page, [apiUrl])
    try {
      await page.goto(`${web.url}/nfts/collection/${otters().address}?chain=ethereum`)
      await page.getByTestId('nft-item').nth(1).click()
      await page.getByTestId('nft-details').getByTestId('nft-report').click()
      const dialog = page.getByRole('dialog', { name: 'Report this NFT' })
      await dialog.getByRole('radio', { name: 'Offensive content' }).check()
      await dialog.getByRole('button', { name: 'Send report' }).click()
      const alert = dialog.getByRole('alert')
      await alert.waitFor()
      assert.equal(await alert.textContent(), 'Could not report NFT. Try again later.')
      // The form stays, to try again.
      assert.equal(await dialog.getByRole('radio', { name: 'Offensive content' }).isChecked(), true)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/nft-report-failed-390.png` })
      assert.deepEqual(
        problems.errors.filter((e) => !e.includes('ERR_CONNECTION_REFUSED')),
        [],
      )
    } finally {
      await context.close()
    }
  })
})
