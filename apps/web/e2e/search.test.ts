/**
 * The search modal's results in Chromium, from the real indexer (apps/indexer's `serve` over a real
 * devnet, ethereum only, port base 26500; indexer on 26590; app on localhost:26575): tokens, pools
 * and NFT collections for a typed query, popular NFT collections before typing, and disableNFTs
 * hiding every NFT result (issue #19); keyboard-only search (arrows, Enter) and recent searches
 * surviving a reload; trending tokens and pools in the indexer's order with their row actions; an
 * unknown address offered as a wallet; the tabs (All, Tokens, Pools, Wallets, NFTs), lookups by
 * name, pair and pool address, and a failure retried (issue #11). About 25 s of indexing before the first test.
 */
import assert from 'node:assert/strict'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { Devnet } from '@oxbow/devnet'
import type { Browser, Page } from 'playwright-core'
import { type RunningWeb, TEST_API_URL } from '../test/harness.ts'
import { startedForFile } from './fileStack.ts'
import type { RunningIndexer } from './indexer.ts'
import { searchDialog as dialog, openSearch, searchRegion as region, startIndexedWeb } from './searchKit.ts'
import { watchProblems } from './support.ts'

const SEARCH_TEST_PORT = 26575
const DEVNET_PORT_BASE = 26500
const INDEXER_PORT = 26590

let devnet: Devnet
let indexer: RunningIndexer
let web: RunningWeb
let browser: Browser
startedForFile(
  () =>
    startIndexedWeb({
      devnetPortBase: DEVNET_PORT_BASE,
      indexerPort: INDEXER_PORT,
      webPort: SEARCH_TEST_PORT,
    }),
  (stack) => {
    ;({ devnet, indexer, web, browser } = stack)
  },
)

async function withSearch(path: string, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const problems = watchProblems(page)
  try {
    await openSearch(page, web.url + path)
    await run(page)
    assert.deepEqual(problems.errors, [], 'no console errors')
  } finally {
    await context.close()
  }
}

/** The devnet's most traded seeded collection on ethereum (from its manifest), looked up by name. */
function seededCollection() {
  const collection = devnet.manifest.networks.ethereum?.nftCollections.find((c) => c.name === 'Oxbow Otters')
  assert.ok(collection, 'the devnet seeds Oxbow Otters on ethereum')
  return collection
}

describe('search results', () => {
  test('behavior: the indexer answers a typed query with tokens, pools and NFT collections; popular collections show before typing', async () => {
    const collection = seededCollection()
    await withSearch('/swap', async (page) => {
      const popular = region(page, 'Popular NFT collections')
      await popular.getByRole('link', { name: new RegExp(collection.name) }).waitFor()
      await dialog(page).getByRole('searchbox').fill('Otter')
      const link = region(page, 'NFT collections').getByRole('link', { name: new RegExp(collection.name) })
      await link.waitFor()
      assert.equal(
        ((await link.getAttribute('href')) ?? '').toLowerCase(),
        `/nfts/collection/${collection.address.toLowerCase()}?chain=ethereum`,
      )

      await dialog(page).getByRole('searchbox').fill('USDC')
      const token = region(page, 'Tokens').getByRole('link', { name: /^USDC/ }).first()
      await token.waitFor()
      assert.match(
        (await token.getAttribute('href')) ?? '',
        /^\/explore\/tokens\/ethereum\/0x[0-9a-fA-F]{40}$/,
      )
      const pool = region(page, 'Pools').getByRole('link', { name: /USDC/ }).first()
      await pool.waitFor()
      assert.match((await pool.getAttribute('href')) ?? '', /^\/explore\/pools\/ethereum\/0x[0-9a-fA-F]+$/)
      await pool.click()
      await page.waitForURL(/\/explore\/pools\/ethereum\//)
      await dialog(page).waitFor({ state: 'detached' })
    })
  })

  test('behavior: with disableNFTs=true search shows no NFT results, typed or not, while other results still come', async () => {
    const collection = seededCollection()
    await withSearch('/swap?disableNFTs=true', async (page) => {
      const graphql: string[] = []
      page.on('request', (request) => {
        if (request.url() === indexer.url) graphql.push(request.postData() ?? '')
      })
      await region(page, 'Trending tokens').waitFor()
      assert.equal(await region(page, 'Popular NFT collections').count(), 0, 'no popular NFT collections')
      assert.deepEqual(
        await dialog(page).getByRole('tab').allTextContents(),
        ['All', 'Tokens', 'Pools', 'Wallets'],
        'no NFTs tab',
      )
      await dialog(page).getByRole('searchbox').fill('o')
      // The same query finds a token and the seeded collections: tokens show, collections do not.
      await region(page, 'Tokens').getByRole('link').first().waitFor()
      assert.equal(await region(page, 'NFT collections').count(), 0, 'no NFT collections section')
      assert.equal(
        await dialog(page)
          .getByRole('link', { name: new RegExp(collection.name) })
          .count(),
        0,
        'no NFT collection anywhere',
      )
      assert.ok(
        !graphql.some((body) => body.includes('PopularNftCollections')),
        'popular NFTs never asked for',
      )
    })
    // Without it the same query lists the collection: the hiding above is disableNFTs' doing.
    await withSearch('/swap', async (page) => {
      await dialog(page).getByRole('searchbox').fill('o')
      await region(page, 'NFT collections')
        .getByRole('link', { name: new RegExp(collection.name) })
        .waitFor()
    })
  })

  test('behavior: keyboard only: "/" opens, the arrows move the highlight, Enter opens it; the result is a recent search after a reload', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchProblems(page)
    try {
      await page.goto(`${web.url}/swap`)
      await page.locator('main h1').first().waitFor()
      await page.keyboard.press('/')
      const input = dialog(page).getByRole('searchbox')
      await input.waitFor()
      await page.keyboard.type('USDC')
      await region(page, 'Tokens').getByRole('link', { name: /^USDC/ }).first().waitFor()
      const rows = dialog(page).locator('a[data-result]')
      const activeHref = async () => {
        const id = await input.getAttribute('aria-activedescendant')
        assert.ok(id, 'a row is highlighted')
        return dialog(page).locator(`[id="${id}"]`).getAttribute('href')
      }
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowDown')
      assert.equal(await activeHref(), await rows.nth(1).getAttribute('href'))
      await page.keyboard.press('ArrowUp')
      const first = await rows.nth(0).getAttribute('href')
      assert.equal(await activeHref(), first)
      assert.match(first ?? '', /^\/explore\/tokens\/ethereum\//)
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.pathname === first)
      await dialog(page).waitFor({ state: 'detached' })
      await page.reload()
      await page.locator('main h1').first().waitFor()
      await page.keyboard.press('/')
      const recent = region(page, 'Recent searches').getByRole('link', { name: /^USDC/ })
      await recent.waitFor()
      assert.equal(await recent.getAttribute('href'), first)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
      assert.deepEqual(problems.errors, [], 'no console errors')
    } finally {
      await context.close()
    }
  })

  test("behavior: trending tokens and pools come in the indexer's 1-day volume order with their row actions; an unknown address is a wallet", async () => {
    const response = await fetch(indexer.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          '{ trendingTokens(first: 5) { symbol address } trendingPools(first: 5) { token0 { symbol } token1 { symbol } } }',
      }),
    })
    const { data } = (await response.json()) as {
      data: {
        trendingTokens: { symbol: string; address: string }[]
        trendingPools: { token0: { symbol: string }; token1: { symbol: string } }[]
      }
    }
    await withSearch('/swap', async (page) => {
      const tokens = region(page, 'Trending tokens')
      await tokens.locator('a[data-result]').first().waitFor()
      const symbols = await tokens.locator('a[data-result] > span:nth-last-child(2)').allTextContents()
      assert.deepEqual(
        symbols,
        data.trendingTokens.map((t) => t.symbol),
      )
      const pairs = await region(page, 'Trending pools')
        .locator('a[data-result] > span:first-child')
        .allTextContents()
      assert.deepEqual(
        pairs,
        data.trendingPools.map((p) => `${p.token0.symbol}/${p.token1.symbol}`),
      )
      const top = data.trendingTokens[0]
      assert.ok(top)
      const actions = tokens.getByRole('group', { name: `Actions for ${top.symbol}` }).first()
      assert.equal(
        await actions.getByRole('link', { name: 'Swap' }).getAttribute('href'),
        `/swap?chain=ethereum&outputCurrency=${top.address}`,
      )
      assert.equal(
        await actions.getByRole('link', { name: 'Send' }).getAttribute('href'),
        `/send?chain=ethereum&inputCurrency=${top.address}`,
      )
      await actions.getByRole('button', { name: 'Copy address' }).waitFor()
      await actions.getByRole('button', { name: `Share ${top.symbol}` }).waitFor()
      await page.screenshot({ path: join(tmpdir(), 'search-trending-1280.png') })

      const wallet = '0x000000000000000000000000000000000000dEaD'
      await dialog(page).getByRole('searchbox').fill(wallet)
      const row = region(page, 'Wallets').getByRole('link', { name: new RegExp(wallet) })
      await row.waitFor()
      assert.equal(await row.getAttribute('target'), '_blank')
      assert.match((await row.getAttribute('href')) ?? '', new RegExp(`/address/${wallet}$`))
      // A token's own address is that token, not a wallet.
      await dialog(page).getByRole('searchbox').fill(top.address)
      await region(page, 'Tokens')
        .getByRole('link', { name: new RegExp(`^${top.symbol}`) })
        .waitFor()
      assert.equal(await region(page, 'Wallets').count(), 0)
    })
  })
})

describe('search: tabs, lookups and failure', () => {
  test('behavior: the tabs All, Tokens, Pools, Wallets and NFTs each show their kind only; a token is found by name, a pool by pair and by its address (alone: no tokens, no wallet); copy and share fill the clipboard; a contract address is no wallet', async () => {
    const ethereum = devnet.manifest.networks.ethereum
    assert.ok(ethereum)
    const symbolOf = (address: string) =>
      ethereum.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())?.symbol
    const weth = ethereum.tokens.find((t) => t.symbol === 'WETH')
    assert.ok(weth)
    const v2 = ethereum.pools.find((p) => p.version === 'v2' && [p.token0, p.token1].includes(weth.address))
    assert.ok(v2 && v2.version === 'v2', 'the devnet seeds a v2 WETH pool')
    const pair = `${symbolOf(v2.token0)}/${symbolOf(v2.token1)}`
    const collection = seededCollection()
    await withSearch('/swap', async (page) => {
      const tabs = dialog(page).getByRole('tab')
      await tabs.first().waitFor()
      assert.deepEqual(await tabs.allTextContents(), ['All', 'Tokens', 'Pools', 'Wallets', 'NFTs'])
      const box = dialog(page).getByRole('searchbox')

      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.url })
      const clipboard = (want: string) =>
        page.waitForFunction(async (text) => (await navigator.clipboard.readText()) === text, want)
      // A token by its name (its copy and share actions fill the clipboard), a pool by its pair.
      await box.fill(weth.name)
      const wethRow = region(page, 'Tokens')
        .locator('li')
        .filter({ has: page.getByRole('link', { name: /^WETH/ }) })
        .first()
      await wethRow.waitFor()
      await wethRow.getByRole('button', { name: 'Copy address' }).click()
      await clipboard(weth.address)
      await wethRow.getByRole('button', { name: 'Share WETH' }).click()
      await clipboard(`${web.url}/explore/tokens/ethereum/${weth.address}`)
      await box.fill(pair)
      await region(page, 'Pools')
        .getByRole('link', { name: new RegExp(`^${pair}.*v2`) })
        .first()
        .waitFor()

      // A pool's address: that pool alone; no tokens section, and not offered as a wallet.
      await box.fill(v2.address)
      // The rows follow the query once its answer came (the previous answer shows meanwhile).
      await page.waitForFunction((want) => {
        const links = [
          ...document.querySelectorAll('[role=dialog] section[aria-label="Pools"] a[data-result]'),
        ]
        return links.length === 1 && links[0]?.getAttribute('href')?.toLowerCase() === want
      }, `/explore/pools/ethereum/${v2.address.toLowerCase()}`)
      assert.equal(await region(page, 'Tokens').count(), 0, 'tokens omitted')
      assert.equal(await region(page, 'Wallets').count(), 0, 'no wallet row')
      const poolActions = region(page, 'Pools').getByRole('group', { name: `Actions for ${pair}` })
      await poolActions.getByRole('button', { name: 'Copy address' }).click()
      await page.waitForFunction(
        async (want) => (await navigator.clipboard.readText()).toLowerCase() === want,
        v2.address.toLowerCase(),
      )
      await poolActions.getByRole('button', { name: `Share ${pair}` }).click()
      await page.waitForFunction(
        async (want) => (await navigator.clipboard.readText()).toLowerCase() === want,
        `${web.url}/explore/pools/ethereum/${v2.address}`.toLowerCase(),
      )

      // Tabs narrow the sections: 'o' matches tokens and the seeded collections.
      await box.fill('o')
      await region(page, 'Tokens').locator('a[data-result]').first().waitFor()
      await region(page, 'NFT collections').locator('a[data-result]').first().waitFor()
      await dialog(page).getByRole('tab', { name: 'NFTs', exact: true }).click()
      assert.equal(
        await dialog(page).getByRole('tab', { name: 'NFTs', exact: true }).getAttribute('aria-selected'),
        'true',
      )
      await region(page, 'NFT collections')
        .getByRole('link', { name: new RegExp(collection.name) })
        .waitFor()
      assert.equal(await region(page, 'Tokens').count(), 0)
      await dialog(page).getByRole('tab', { name: 'Tokens', exact: true }).click()
      await region(page, 'Tokens').locator('a[data-result]').first().waitFor()
      assert.equal(await region(page, 'NFT collections').count(), 0)
      assert.equal(await region(page, 'Pools').count(), 0)
      await dialog(page).getByRole('tab', { name: 'Pools', exact: true }).click()
      await box.fill(pair)
      await region(page, 'Pools').locator('a[data-result]').first().waitFor()
      assert.equal(await region(page, 'Tokens').count(), 0)
      const wallet = '0x000000000000000000000000000000000000dEaD'
      await dialog(page).getByRole('tab', { name: 'Wallets', exact: true }).click()
      await box.fill(wallet)
      const row = region(page, 'Wallets').getByRole('link', { name: new RegExp(wallet) })
      await row.waitFor()
      assert.equal(await row.getAttribute('target'), '_blank')
      assert.equal(await dialog(page).locator('a[data-result]').count(), 1, 'the wallet only')
      // Back on All the same address is still the wallet (no token or pool has it).
      await dialog(page).getByRole('tab', { name: 'All', exact: true }).click()
      await region(page, 'Wallets')
        .getByRole('link', { name: new RegExp(wallet) })
        .waitFor()
      // A smart contract (the v2 router: no token, pool or collection) is not offered as a wallet.
      const router = ethereum.contracts.v2Router02
      assert.ok(router)
      await box.fill(router)
      await dialog(page).getByRole('status').filter({ hasText: 'No results' }).waitFor()
      assert.equal(await region(page, 'Wallets').count(), 0)
      assert.equal(await dialog(page).locator('a[data-result]').count(), 0)
    })
  })

  test('failure: with the network down a typed query says the data message with Try again, which loads the results once it is back', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    // The browser's own "Failed to load resource" lines for the indexer and API while offline.
    const problems = watchProblems(page, [new URL(indexer.url).origin, TEST_API_URL])
    try {
      await page.goto(`${web.url}/swap`)
      await page.locator('main h1').first().waitFor()
      await page.getByRole('button', { name: 'Search tokens and pools' }).click()
      await region(page, 'Trending tokens').locator('a[data-result]').first().waitFor()
      // A first query online loads the lookups' code (the wallet section's username lookup).
      await dialog(page).getByRole('searchbox').fill('usdc')
      await region(page, 'Tokens').getByRole('link', { name: /^USDC/ }).first().waitFor()
      await context.setOffline(true)
      await dialog(page).getByRole('searchbox').fill('USDC')
      const failed = region(page, 'Tokens').getByRole('alert')
      await failed.getByText("Data is unavailable at the moment; we're working on a fix").waitFor()
      assert.equal(await dialog(page).locator('a[data-result]').count(), 0)
      await context.setOffline(false)
      await failed.getByRole('button', { name: 'Try again' }).click()
      await region(page, 'Tokens').getByRole('link', { name: /^USDC/ }).first().waitFor()
      assert.equal(await dialog(page).getByRole('alert').count(), 0)
      assert.deepEqual(problems.errors, [], 'no console errors')
    } finally {
      await context.close()
    }
  })
})

describe('search: hostile input', () => {
  test('bad input: very long, Unicode, SQL and GraphQL queries are sent as data and answered "No results", nothing injected', async () => {
    await withSearch('/swap', async (page) => {
      const box = dialog(page).getByRole('searchbox')
      for (const query of [
        'A'.repeat(5000),
        '🦄\u202e\u0000ǅ',
        "'); DROP TABLE token; --",
        '{ __schema { types { name } } }',
        `0x${'f'.repeat(64)}`,
      ]) {
        await box.fill(query)
        await dialog(page).getByRole('status').filter({ hasText: 'No results' }).waitFor()
        assert.equal(await dialog(page).locator('a[data-result]').count(), 0, query.slice(0, 40))
      }
      // A query that matches something shows its rows and no "No results".
      await box.fill('WETH')
      await region(page, 'Tokens').locator('a[data-result]').first().waitFor()
      assert.equal(await dialog(page).getByText('No results').count(), 0)
    })
  })
})

describe('search: logos and safety', () => {
  test("behavior: token rows show the token list's logo (the letter when the list has none or the image fails); a blocked token's row has no swap, send or buy", async () => {
    const eth = devnet.manifest.networks.ethereum
    const blocked = eth?.tokens.find((t) => t.safety === 'blocked')
    assert.ok(blocked, 'the devnet seeds a blocked token')
    await withSearch('/swap', async (page) => {
      const box = dialog(page).getByRole('searchbox')
      await box.fill('USDC')
      const usdc = region(page, 'Tokens').locator('a[data-result]').filter({ hasText: 'USD Coin' }).first()
      await usdc.waitFor()
      // The real USDC has the list's logo, loaded from our own origin; its impersonator has none.
      const logo = usdc.locator('img[data-token-logo]')
      await logo.waitFor()
      assert.equal(await logo.getAttribute('src'), '/token-logos/usdc.svg')
      assert.equal(await logo.getAttribute('alt'), '', 'decorative: the symbol is text beside it')
      await page.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        await logo.elementHandle(),
      )
      const rows = region(page, 'Tokens').locator('a[data-result]')
      const withLogo = await rows.locator('img[data-token-logo]').count()
      const letters = await rows.locator('[data-token-letter]').count()
      assert.ok(withLogo >= 1 && letters >= 1, `logo ${withLogo}, letters ${letters}`)
      // An image that fails to load (here: one that does not decode) gives way to the letter.
      await logo.evaluate((img: HTMLImageElement) => {
        img.src = 'data:image/png;base64,AAAA'
      })
      await usdc.locator('[data-token-letter]').waitFor()
      assert.equal(await usdc.locator('img').count(), 0)

      await box.fill(blocked.symbol)
      const row = region(page, 'Tokens').getByRole('link', { name: new RegExp(`^${blocked.symbol}`) })
      await row.waitFor()
      await row.locator('[data-token-letter]').waitFor()
      const actions = region(page, 'Tokens').getByRole('group', { name: `Actions for ${blocked.symbol}` })
      await actions.getByRole('button', { name: 'Copy address' }).waitFor()
      for (const name of ['Swap', 'Send', 'Buy']) {
        assert.equal(await actions.getByRole('link', { name }).count(), 0, `no ${name} for a blocked token`)
      }
      // Any other token keeps them.
      await box.fill('WETH')
      const weth = region(page, 'Tokens').getByRole('group', { name: 'Actions for WETH' }).first()
      await weth.getByRole('link', { name: 'Swap' }).waitFor()
      await weth.getByRole('link', { name: 'Buy' }).waitFor()
    })
  })
})
