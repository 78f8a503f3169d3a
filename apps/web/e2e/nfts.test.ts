/**
 * The NFT pages in Chromium against the real indexer (apps/indexer's `serve` over a real devnet,
 * ethereum only, port base 29500; indexer on 29590; app on localhost:29575), nothing mocked: /nfts
 * lists the seeded collections; a collection page's stats and items equal the chain's (ownerOf and
 * tokenURI read back with viem); an item opens its details; a hostile collection deployed by this
 * test (HTML in its name and description) renders as text and runs nothing; bad addresses and
 * networks get the not-found state. About 25 s of indexing before the first test.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { compileSeedContracts, type Devnet, defaultDataDir, devnetClients, startDevnet } from '@oxbow/devnet'
import { erc721Abi, type Manifest } from '@oxbow/protocol'
import type { Browser, Page } from 'playwright-core'
import { type Address, parseAbi } from 'viem'
import { launchChromium, type RunningWeb, startWeb } from '../test/harness.ts'
import { type RunningIndexer, startIndexer } from './indexer.ts'
import { watchProblems } from './support.ts'

const NFTS_TEST_PORT = 29575
const DEVNET_PORT_BASE = 29500
const INDEXER_PORT = 29590
/** No quotes: the seed contract writes its name into JSON unescaped, and this must stay valid JSON. */
const HOSTILE_NAME = '<img src=x onerror=window.__pwned=1>'
const HOSTILE_DESCRIPTION = '<script>window.__pwned=2</script><b>bold?</b>'

let devnet: Devnet
let indexer: RunningIndexer
let web: RunningWeb
let browser: Browser
let hostile: Address

const eth = () => {
  const network = devnet.manifest.networks.ethereum
  assert.ok(network, 'the devnet serves ethereum')
  return network
}

/** Deploys a collection with HTML in its name and description and mints it one token. */
async function deployHostileCollection(): Promise<Address> {
  const compiled = compileSeedContracts(join(defaultDataDir, 'cache'))
  const { wallet, public: client } = devnetClients(devnet.manifest, 'ethereum', 2)
  const hash = await wallet.deployContract({
    abi: parseAbi(['constructor(string,string,string,uint256)']),
    bytecode: compiled.OxbowCollection.bytecode,
    args: [HOSTILE_NAME, 'EVIL', HOSTILE_DESCRIPTION, 90n],
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  assert.ok(receipt.contractAddress)
  const mint = await wallet.writeContract({
    address: receipt.contractAddress,
    abi: parseAbi(['function mint(address to) returns (uint256)']),
    functionName: 'mint',
    args: [wallet.account.address],
  })
  await client.waitForTransactionReceipt({ hash: mint })
  return receipt.contractAddress
}

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: DEVNET_PORT_BASE })
  hostile = await deployHostileCollection()
  // The indexer follows the collections its manifest names: this run's manifest names the hostile one too.
  const manifest = JSON.parse(readFileSync(devnet.manifestPath, 'utf8')) as Manifest
  manifest.networks.ethereum?.nftCollections.push({
    address: hostile,
    name: HOSTILE_NAME,
    symbol: 'EVIL',
    totalSupply: 1,
  })
  const manifestPath = join(mkdtempSync(join(tmpdir(), 'oxbow-nfts-')), 'manifest.json')
  writeFileSync(manifestPath, JSON.stringify(manifest))
  indexer = await startIndexer({ manifestPath, port: INDEXER_PORT, networks: ['ethereum'] })
  web = await startWeb({
    port: NFTS_TEST_PORT,
    config: { environment: 'local', rpcUrls: { ethereum: eth().rpcUrl }, graphqlUrl: indexer.url },
  })
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
  await web?.close()
  await indexer?.stop()
  await devnet?.stop()
})

async function withPage(path: string, width: number, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  const problems = watchProblems(page)
  try {
    await page.goto(web.url + path)
    await page.locator('main h1').first().waitFor()
    await run(page)
    assert.deepEqual(problems.errors, [], 'no console errors (a CSP-blocked image would be one)')
  } finally {
    await context.close()
  }
}

function seeded(name: string) {
  const collection = eth().nftCollections.find((c) => c.name === name)
  assert.ok(collection, `the devnet seeds ${name}`)
  return collection
}

/** Each token's owner and metadata name as the chain has them, by token id. */
async function onChainItems(address: Address, supply: number) {
  const { public: client } = devnetClients(devnet.manifest, 'ethereum')
  const items = []
  for (let id = 1n; id <= BigInt(supply); id++) {
    const owner = await client.readContract({ address, abi: erc721Abi, functionName: 'ownerOf', args: [id] })
    const uri = await client.readContract({ address, abi: erc721Abi, functionName: 'tokenURI', args: [id] })
    const json = JSON.parse(Buffer.from(uri.split(',')[1] ?? '', 'base64').toString('utf8'))
    items.push({ id: id.toString(), owner, name: String(json.name), description: String(json.description) })
  }
  return items
}

describe('NFT pages', () => {
  test('behavior: /nfts lists the seeded collections with their item counts; a card opens the collection', async () => {
    const otters = seeded('Oxbow Otters')
    const stones = seeded('River Stones')
    await withPage('/nfts', 1280, async (page) => {
      const list = page.getByRole('list', { name: 'Collections' })
      await list.getByRole('link', { name: new RegExp(otters.name) }).waitFor()
      await list.getByRole('link', { name: new RegExp(stones.name) }).waitFor()
      const card = list.getByRole('link', { name: new RegExp(otters.name) })
      assert.match((await card.textContent()) ?? '', new RegExp(`Items\\s*${otters.totalSupply}`))
      await page.screenshot({ path: join(tmpdir(), 'nfts-list-1280.png'), fullPage: true })
      await card.click()
      await page.getByTestId('nft-collection-name').waitFor()
      assert.equal(await page.getByTestId('nft-collection-name').textContent(), otters.name)
      assert.match(page.url(), new RegExp(`/nfts/collection/${otters.address}\\?chain=ethereum`, 'i'))
    })
  })

  test("behavior: a collection page shows the chain's owners and metadata, images drawn under the CSP, details on click", async () => {
    const stones = seeded('River Stones')
    const chain = await onChainItems(stones.address, stones.totalSupply)
    await withPage(`/nfts/collection/${stones.address}?chain=ethereum`, 1280, async (page) => {
      await page
        .getByTestId('nft-item')
        .nth(chain.length - 1)
        .waitFor()
      assert.equal(await page.getByTestId('nft-item').count(), chain.length)
      assert.equal(await page.getByTestId('nft-stat-items').textContent(), String(stones.totalSupply))
      assert.equal(
        await page.getByTestId('nft-stat-owners').textContent(),
        String(new Set(chain.map((c) => c.owner)).size),
      )
      const names = await page.getByTestId('nft-item-name').allTextContents()
      assert.deepEqual(
        names,
        chain.map((c) => c.name),
      )
      const owners = await page
        .getByTestId('nft-item-owner')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-owner')))
      assert.deepEqual(
        owners,
        chain.map((c) => c.owner),
      )
      // Every picture is the token's own inline SVG, actually drawn.
      const drawn = await page
        .getByTestId('nft-item')
        .locator('img')
        .evaluateAll((imgs) =>
          Promise.all(
            (imgs as HTMLImageElement[]).map(async (img) => {
              img.loading = 'eager'
              await img.decode().catch(() => undefined)
              return img.src.startsWith('data:image/svg+xml;base64,') && img.naturalWidth > 0
            }),
          ),
        )
      assert.deepEqual(
        drawn,
        chain.map(() => true),
      )
      await page.screenshot({ path: join(tmpdir(), 'nfts-collection-1280.png'), fullPage: true })
      await page.getByTestId('nft-item').first().click()
      const details = page.getByRole('dialog', { name: chain[0]?.name ?? '' })
      await details.waitFor()
      assert.equal(await details.getByTestId('nft-description').textContent(), chain[0]?.description)
      assert.match((await details.getByTestId('nft-traits').textContent()) ?? '', /Hue\d+/)
      assert.match((await details.textContent()) ?? '', new RegExp(chain[0]?.owner ?? 'x'))
      await page.screenshot({ path: join(tmpdir(), 'nfts-details-1280.png') })
      await page.keyboard.press('Escape')
      await details.waitFor({ state: 'hidden' })
    })
  })

  test("security: HTML in a collection's name and metadata renders as text and runs nothing", async () => {
    await withPage(`/nfts/collection/${hostile}?chain=ethereum`, 390, async (page) => {
      await page.getByTestId('nft-item').first().waitFor()
      assert.equal(await page.getByTestId('nft-collection-name').textContent(), HOSTILE_NAME)
      assert.equal(await page.getByTestId('nft-item-name').first().textContent(), `${HOSTILE_NAME} #1`)
      await page.getByTestId('nft-item').first().click()
      assert.equal(await page.getByTestId('nft-description').textContent(), HOSTILE_DESCRIPTION)
      assert.equal(await page.locator('main img[src="x"], main script, main b').count(), 0)
      assert.equal(await page.evaluate(() => (window as { __pwned?: number }).__pwned), undefined)
      await page.screenshot({ path: join(tmpdir(), 'nfts-hostile-390.png'), fullPage: true })
    })
  })

  test('bad input: a malformed or unknown address and an unknown network get the not-found state', async () => {
    const otters = seeded('Oxbow Otters')
    for (const path of [
      '/nfts/collection/0x1234?chain=ethereum',
      `/nfts/collection/0x${'0'.repeat(40)}?chain=ethereum`,
      `/nfts/collection/${otters.address}?chain=nowhere`,
      `/nfts/collection/${encodeURIComponent("' OR 1=1 --")}`,
    ]) {
      await withPage(path, 390, async (page) => {
        await page.getByTestId('nft-not-found').waitFor()
      })
    }
  })
})
