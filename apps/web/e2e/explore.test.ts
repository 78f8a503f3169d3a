/**
 * Explore, token and pool pages in Chromium against the real stack (issue #11): a devnet (ethereum
 * and base, port base 27500), the indexer of both (apps/indexer `serve`, 27590) and the built app
 * (localhost:27575).
 * Nothing is mocked: figures on screen are compared with reads of the chain made here with viem,
 * and a swap sent to the devnet must reach the transactions table and the token page.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { formatFiat, formatTokenAmount } from '@oxbow/core'
import {
  type Devnet,
  feeOnTransferTokenAbi,
  MARKUP_SYMBOL,
  startDevnet,
  walletTransport,
} from '@oxbow/devnet'
import { erc20Abi, type NetworkDeployment, v2PairAbi, v2Router02Abi, v3PoolAbi } from '@oxbow/protocol'
import type { Browser, Page } from 'playwright-core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  http,
  type PublicClient,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { buildRuntimeConfig } from '../server/runtimeConfig.ts'
import {
  EXPLORE_PAGE_SIZE,
  TOKENS_DEFAULT_SORT,
  TOKENS_QUERY,
  type TokenRow,
  type TokenSort,
} from '../src/modules/explore/services/exploreData.ts'
import { changeText, num, priceText, usdText } from '../src/modules/explore/services/format.ts'
import { launchChromium, type RunningWeb, startWeb } from '../test/harness.ts'
import { type RunningIndexer, startIndexer } from './indexer.ts'
import { withWatchedPage } from './support.ts'
import { ACCOUNT_0, balanceOf, connectWallet, swapBox } from './swapKit.ts'

const WEB_PORT = 27575
const DEVNET_PORT_BASE = 27500
const INDEXER_PORT = 27590
/** The app in the mainnet environment (public explorers), for the explorer link. */
const MAINNET_WEB_PORT = 27576

let devnet: Devnet
let eth: NetworkDeployment
let base: NetworkDeployment
let client: PublicClient
let baseClient: PublicClient
let indexer: RunningIndexer
let web: RunningWeb
let mainnetWeb: RunningWeb | undefined
let browser: Browser

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum', 'base'], portBase: DEVNET_PORT_BASE })
  const d = devnet.manifest.networks.ethereum
  const b = devnet.manifest.networks.base
  assert.ok(d && b, 'the devnet serves ethereum and base')
  eth = d
  base = b
  client = createPublicClient({ transport: http(eth.rpcUrl) }) as PublicClient
  baseClient = createPublicClient({ transport: http(base.rpcUrl) }) as PublicClient
  indexer = await startIndexer({
    manifestPath: devnet.manifestPath,
    port: INDEXER_PORT,
    networks: ['ethereum', 'base'],
  })
  web = await startWeb({
    port: WEB_PORT,
    // The devnet's manifest configures the app as `npm start` does (its local test wallet included).
    manifestPath: devnet.manifestPath,
    config: {
      environment: 'local',
      rpcUrls: { ethereum: eth.rpcUrl, base: base.rpcUrl },
      graphqlUrl: indexer.url,
    },
  })
  browser = await launchChromium()
  await indexedToHead()
})
after(async () => {
  await browser?.close()
  await web?.close()
  await mainnetWeb?.close()
  await indexer?.stop()
  await devnet?.stop()
})

/** Waits until the indexer has indexed both chains' current heads. */
async function indexedToHead(): Promise<void> {
  const heads = new Map([
    ['ethereum', await client.getBlockNumber()],
    ['base', await baseClient.getBlockNumber()],
  ])
  const deadline = Date.now() + 60_000
  let last = ''
  while (Date.now() < deadline) {
    try {
      const response = await fetch(indexer.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ networks { network blockNumber } }' }),
      })
      const body = (await response.json()) as {
        data?: { networks: { network: string; blockNumber: string }[] }
      }
      const at = new Map(body.data?.networks.map((n) => [n.network, BigInt(n.blockNumber)]))
      if ([...heads].every(([network, head]) => (at.get(network) ?? -1n) >= head)) return
    } catch (error) {
      // A keep-alive socket the indexer closed while idle: ask again on a new one.
      last = String(error)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`indexer did not reach the heads ${[...heads].join(' ')} ${last}`)
}

const withPage = (path: string, run: (page: Page) => Promise<void>) =>
  withWatchedPage(browser, web.url + path, run, {
    context: { viewport: { width: 1400, height: 900 } },
    ready: null,
  })

const token = (symbol: string, kind?: string) => {
  const t = eth.tokens.find((x) => x.symbol === symbol && (kind === undefined || x.kind === kind))
  assert.ok(t, `the devnet seeds ${symbol}`)
  return t
}

/** Asks the indexer directly (what the page should show, read the way the app reads it). */
/** Devnet account `index` swaps `ether` ETH for USDC through the v2 router (sent, not waited for). */
async function swapEthForUsdc(index: number, ether: string) {
  const account = privateKeyToAccount(devnet.manifest.accounts[index]?.privateKey ?? '0x')
  const wallet = createWalletClient({ account, transport: walletTransport(eth.rpcUrl) })
  const hash = await wallet.writeContract({
    chain: null,
    address: eth.contracts.v2Router02,
    abi: v2Router02Abi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [token('WETH').address, token('USDC', 'stablecoin').address], account.address, 2n ** 40n],
    value: parseEther(ether),
  })
  return { account, hash }
}

async function indexerQuery<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await fetch(indexer.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await response.json()) as { data?: T; errors?: unknown }
  assert.ok(body.data, JSON.stringify(body.errors))
  return body.data
}

/** "$3,212.45" -> 3212.45 */
const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''))

/**
 * WETH's USD price as the chain has it: the spec's pricing anchors USDC at 1 and prices WETH through
 * its deepest USDC pool (largest USDC balance); v3's slot0 gives that pool's price.
 */
async function wethPriceOnChain(blockNumber: bigint): Promise<number> {
  const weth = token('WETH')
  const usdc = token('USDC', 'stablecoin')
  const candidates = eth.pools.filter(
    (p) =>
      p.version !== 'v4' &&
      [p.token0, p.token1].every((a) => [weth.address, usdc.address].includes(a as Address)),
  )
  let best: { price: number; depth: bigint } | undefined
  for (const p of candidates) {
    if (p.version === 'v4') continue
    const depth = await client.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [p.address],
      blockNumber,
    })
    const wethIs0 = p.token0.toLowerCase() === weth.address.toLowerCase()
    let price0: number
    if (p.version === 'v2') {
      const [r0, r1] = await client.readContract({
        address: p.address,
        abi: v2PairAbi,
        functionName: 'getReserves',
        blockNumber,
      })
      const [d0, d1] = wethIs0 ? [18, 6] : [6, 18]
      price0 = Number(r1) / 10 ** d1 / (Number(r0) / 10 ** d0)
    } else {
      const [sqrt] = await client.readContract({
        address: p.address,
        abi: v3PoolAbi,
        functionName: 'slot0',
        blockNumber,
      })
      const s = Number(sqrt) / 2 ** 96
      price0 = s * s * 10 ** (wethIs0 ? 18 - 6 : 6 - 18)
    }
    const price = wethIs0 ? price0 : 1 / price0
    if (!best || depth > best.depth) best = { price, depth }
  }
  assert.ok(best)
  return best.price
}

describe('explore tables', () => {
  test('behavior: the tokens tab lists indexed tokens; WETH shows the price the chain gives, sortable and filterable', async () => {
    await withPage('/explore', async (page) => {
      const rows = page.getByTestId('explore-token-row')
      await rows.first().waitFor()
      assert.ok((await rows.count()) >= 5, 'several tokens')
      await page.getByRole('searchbox', { name: 'Filter by name, symbol or address' }).fill('WETH')
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid=explore-token-row]')].every((r) =>
            r.textContent?.includes('WETH'),
          ) && document.querySelectorAll('[data-testid=explore-token-row]').length > 0,
      )
      const block = await client.getBlockNumber()
      const shown = money(await rows.first().getByTestId('explore-token-price').textContent())
      const chain = await wethPriceOnChain(block)
      assert.ok(Math.abs(shown - chain) <= 0.005, `shown ${shown}, chain ${chain}`)

      // Sorting by price, ascending then descending, reorders the rows.
      await page.getByRole('searchbox', { name: 'Filter by name, symbol or address' }).fill('')
      const priceHeader = page.getByRole('columnheader', { name: 'Price' })
      await priceHeader.getByRole('button').click()
      await page.waitForFunction(() =>
        document.querySelector('th[aria-sort]')?.textContent?.startsWith('Price'),
      )
      await page.waitForFunction(() => {
        const prices = [...document.querySelectorAll('[data-testid=explore-token-price]')].map((c) =>
          Number((c.textContent ?? '').replace(/[^0-9.]/g, '')),
        )
        return prices.length > 3 && prices.every((p, i) => i === 0 || p <= (prices[i - 1] ?? 0))
      })
      await priceHeader.getByRole('button').click()
      await page.waitForFunction(() => document.querySelector('th[aria-sort=ascending]') !== null)
    })
  })

  test("behavior: the tokens table's cells (price, 1 h and 1 d change, FDV, 1 d volume, sparkline) are the indexer's, formatted as the page formats them; price and volume sort in the indexer's order", async () => {
    await indexedToHead()
    const indexedBlocks = () =>
      indexerQuery<{ networks: { network: string; blockNumber: string }[] }>(
        '{ networks { network blockNumber } }',
      )
    const before = await indexedBlocks()
    // The page's currency and locale here: USD (no API for FX rates) in en-US.
    const fiat = (usd: number) => formatFiat(usd, { currency: 'USD', rate: 1, locale: 'en-US' })
    /** The page's own query, with the variables its table sends for the first page. */
    const indexerTokens = async (orderBy: TokenSort, direction: 'ASC' | 'DESC') =>
      (
        await indexerQuery<{ tokens: { nodes: TokenRow[] } }>(TOKENS_QUERY, {
          networks: ['ethereum'],
          orderBy,
          orderDirection: direction,
          first: EXPLORE_PAGE_SIZE,
          after: null,
          filter: null,
        })
      ).tokens.nodes
    const cellsOf = (t: TokenRow) => ({
      href: `/explore/tokens/${t.network}/${t.address}`.toLowerCase(),
      price: priceText(num(t.priceUsd), fiat),
      change1h: changeText(t.priceChange1h, 'en-US'),
      change1d: changeText(t.priceChange24h, 'en-US'),
      fdv: usdText(t.fdvUsd, fiat),
      volume: usdText(t.volume24hUsd, fiat),
      // The sparkline draws one point per hourly close; fewer than two draw nothing.
      sparklinePoints: t.sparkline.length >= 2 ? t.sparkline.length : 0,
    })
    type Cells = ReturnType<typeof cellsOf>
    // (No named functions inside the page's callback: tsx would wrap them in a helper the page lacks.)
    const readCells = (): Promise<Cells[]> =>
      page.getByTestId('explore-token-row').evaluateAll((rows) =>
        rows.map((row) => {
          const text: Record<string, string | null> = {}
          for (const id of ['price', 'change1h', 'change1d', 'fdv', 'volume']) {
            text[id] = row.querySelector(`[data-testid=explore-token-${id}]`)?.textContent ?? null
          }
          const points = row
            .querySelector('[data-testid=explore-token-sparkline] polyline')
            ?.getAttribute('points')
          return {
            href: row.querySelector('a')?.getAttribute('href')?.toLowerCase() ?? '',
            price: text.price ?? '',
            change1h: text.change1h ?? '',
            change1d: text.change1d ?? '',
            fdv: text.fdv ?? '',
            volume: text.volume ?? '',
            sparklinePoints: points ? points.trim().split(/\s+/).length : 0,
          }
        }),
      )
    let page: Page
    /** Waits until the table shows exactly `want` (row order and every cell). */
    const tableShows = async (want: Cells[], what: string) => {
      const deadline = Date.now() + 10_000
      let shown = await readCells()
      while (JSON.stringify(shown) !== JSON.stringify(want) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100))
        shown = await readCells()
      }
      assert.deepEqual(shown, want, what)
    }

    await withPage('/explore/tokens/ethereum', async (p) => {
      page = p
      await page.getByTestId('explore-token-row').first().waitFor()
      const first = await indexerTokens(TOKENS_DEFAULT_SORT, 'DESC')
      assert.ok(first.length >= 5, 'several tokens indexed')
      // Enough real figures that a wrong cell shows: priced rows, a traded day, a drawn sparkline.
      assert.ok(first.filter((t) => num(t.priceUsd) !== null).length >= 3, 'priced tokens')
      assert.ok(
        first.some((t) => (num(t.volume24hUsd) ?? 0) > 0),
        'a token traded today',
      )
      assert.ok(
        first.some((t) => t.sparkline.length >= 2),
        'a sparkline to draw',
      )
      await tableShows(first.map(cellsOf), 'default order (1 d volume, descending)')

      // Each sparkline is the indexer's closes: x evenly spaced, height the close within the day's range.
      const drawn = await page.getByTestId('explore-token-row').evaluateAll((rows) =>
        rows.map((row) => {
          const svg = row.querySelector('[data-testid=explore-token-sparkline] svg')
          const points = svg?.querySelector('polyline')?.getAttribute('points')
          const [, , width, height] = (svg?.getAttribute('viewBox') ?? '').split(' ').map(Number)
          return {
            width: width ?? 0,
            height: height ?? 0,
            points: points
              ? points
                  .trim()
                  .split(/\s+/)
                  .map((xy) => xy.split(',').map(Number))
              : [],
          }
        }),
      )
      for (const [row, t] of first.entries()) {
        const closes = t.sparkline.map(Number)
        const svg = drawn[row]
        assert.ok(svg)
        if (closes.length < 2) {
          assert.equal(svg.points.length, 0, `${t.symbol}: nothing to draw`)
          continue
        }
        const min = Math.min(...closes)
        const span = Math.max(...closes) - min || 1
        assert.equal(svg.points.length, closes.length, `${t.symbol}: one point per close`)
        for (const [i, close] of closes.entries()) {
          const [x = Number.NaN, y = Number.NaN] = svg.points[i] ?? []
          assert.ok(Math.abs(x / svg.width - i / (closes.length - 1)) <= 0.01, `${t.symbol} x ${i}`)
          assert.ok(
            Math.abs((svg.height - y) / svg.height - (close - min) / span) <= 0.01,
            `${t.symbol} point ${i}: drawn at ${y} of ${svg.height}, close ${close} in [${min}, ${min + span}]`,
          )
        }
      }

      // The first click on a column sorts it descending, the next ascending (price starts the
      // rounds: volume is the default sort, so its first click is a new column again after price).
      for (const [label, key] of [
        ['Price', 'PRICE'],
        ['1D volume', 'VOLUME_24H'],
      ] as const) {
        for (const direction of ['DESC', 'ASC'] as const) {
          await page.getByRole('columnheader', { name: label, exact: true }).getByRole('button').click()
          await page.waitForFunction(
            ([name, want]) =>
              [...document.querySelectorAll('th[aria-sort]')].some(
                (th) => th.getAttribute('aria-sort') === want && th.textContent?.startsWith(name ?? '-'),
              ),
            [label, direction === 'DESC' ? 'descending' : 'ascending'],
          )
          const want = await indexerTokens(key, direction)
          await tableShows(want.map(cellsOf), `${label} ${direction}`)
        }
      }
    })
    assert.deepEqual(await indexedBlocks(), before, 'the indexed state did not move during the comparison')
  })

  test('behavior: the pools tab shows pairs with version and the spec fee tier; "All networks" and the network selector change the list and title', async () => {
    await withPage('/explore/pools/ethereum', async (page) => {
      const rows = page.getByTestId('explore-pool-row')
      await rows.first().waitFor()
      const texts = await rows.allTextContents()
      assert.ok(
        texts.some((t) => /WETH\/USDC.*v3.*0\.05%/.test(t)),
        texts.join('\n'),
      )
      assert.ok(
        texts.some((t) => /v2.*0\.3%/.test(t)),
        'v2 shows its default tier',
      )
      assert.equal(await page.title(), 'Explore top pools on Ethereum | Oxbow Interface')
      await page.getByRole('combobox', { name: 'Network' }).selectOption('all')
      await page.waitForURL(/\/explore\/pools\?networks=all$/)
      await page.waitForFunction(() => document.title.startsWith('Explore top pools on all networks'))
      await rows.first().waitFor()
      await page.getByRole('combobox', { name: 'Network' }).selectOption('arbitrum')
      await page.waitForURL(/\/explore\/pools\/arbitrum$/)
      // arbitrum is not indexed here: the indexer refuses it and the page says the spec's data message.
      await page
        .getByRole('alert')
        .getByText("Data is unavailable at the moment; we're working on a fix")
        .waitFor()
    })
  })

  test("behavior: the pools table sorts by each sortable column in the indexer's order, descending then ascending", async () => {
    await withPage('/explore/pools/ethereum', async (page) => {
      const rows = page.getByTestId('explore-pool-row')
      await rows.first().waitFor()
      const shownIds = () =>
        page
          .locator('[data-testid=explore-pool-row] a')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')?.split('/').pop()?.toLowerCase()))
      const header = (name: string) => page.getByRole('columnheader', { name })
      for (const [label, key] of [
        ['APR', 'APR'],
        ['1D volume', 'VOLUME_24H'],
        ['30D volume', 'VOLUME_30D'],
        ['TVL', 'TVL'],
      ] as const) {
        for (const direction of ['DESC', 'ASC'] as const) {
          // The first click on a column sorts it descending, the next ascending.
          await header(label).getByRole('button').click()
          const sort = direction === 'DESC' ? 'descending' : 'ascending'
          await page.waitForFunction(
            ([name, want]) =>
              [...document.querySelectorAll('th[aria-sort]')].some(
                (th) => th.getAttribute('aria-sort') === want && th.textContent?.startsWith(name ?? '-'),
              ),
            [label, sort],
          )
          const want = (
            await indexerQuery<{ pools: { nodes: { address: string | null; poolId: string | null }[] } }>(
              `{ pools(networks: ["ethereum"], orderBy: ${key}, orderDirection: ${direction}, first: 25) { nodes { address poolId } } }`,
            )
          ).pools.nodes.map((p) => (p.address ?? p.poolId ?? '').toLowerCase())
          await page
            .waitForFunction(
              (ids) =>
                JSON.stringify(
                  [...document.querySelectorAll('[data-testid=explore-pool-row] a')].map((a) =>
                    a.getAttribute('href')?.split('/').pop()?.toLowerCase(),
                  ),
                ) === JSON.stringify(ids),
              want,
              { timeout: 10_000 },
            )
            .catch(async (error) => {
              assert.deepEqual(await shownIds(), want, `${label} ${direction}`)
              throw error
            })
        }
      }
    })
  })

  test("behavior: skeleton rows show while the first page loads; Load more fetches the next page by the indexer's cursor, in its order", async () => {
    await withPage('/explore', async (page) => {
      // The indexer is held still for 2 s (SIGSTOP, then SIGCONT), so the loading state is seen.
      const slow = indexer.suspend(2000)
      await page.getByRole('link', { name: 'Transactions' }).click()
      await page.getByTestId('explore-skeleton-row').first().waitFor()
      assert.equal(await page.getByTestId('explore-transaction-row').count(), 0)
      await page.getByTestId('explore-transaction-row').first().waitFor()
      assert.equal(await page.getByTestId('explore-skeleton-row').count(), 0, 'skeletons replaced')
      await slow
      const { transactions } = await indexerQuery<{
        transactions: { nodes: { id: string; txHash: string }[] }
      }>('{ transactions(networks: ["ethereum"], first: 50) { nodes { id txHash } } }')
      assert.ok(transactions.nodes.length > 25, 'the devnet has more than a page of transactions')
      const shown = () =>
        page
          .getByTestId('explore-transaction-row')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-tx')))
      assert.deepEqual(
        await shown(),
        transactions.nodes.slice(0, 25).map((t) => t.txHash),
      )
      await page.getByRole('button', { name: 'Load more' }).click()
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=explore-transaction-row]').length > 25,
      )
      assert.deepEqual(
        (await shown()).slice(0, 50),
        transactions.nodes.map((t) => t.txHash),
      )
    })
  })

  test('behavior: a swap sent to the devnet appears in the transactions tab without a reload', async () => {
    await withPage('/explore/transactions/ethereum', async (page) => {
      await page.getByTestId('explore-transaction-row').first().waitFor()
      const { account, hash } = await swapEthForUsdc(2, '1')
      const receipt = await client.waitForTransactionReceipt({ hash })
      assert.equal(receipt.status, 'success')
      const row = page.locator(`[data-testid=explore-transaction-row][data-tx="${hash}"]`)
      await row.waitFor({ timeout: 15_000 })
      const text = (await row.textContent()) ?? ''
      assert.match(text, /Swap/)
      assert.match(text, /1 WETH/)
      assert.match(text, new RegExp(account.address.slice(0, 6)))
    })
  })

  test("behavior: the transactions table sorts by value and time in the indexer's order (Load more included); the filter box narrows rows on the indexer", async () => {
    await withPage('/explore/transactions/ethereum', async (page) => {
      await page.getByTestId('explore-transaction-row').first().waitFor()
      const shown = () =>
        page
          .getByTestId('explore-transaction-row')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-tx')))
      const sortedBy = (name: string, want: 'ascending' | 'descending') =>
        page.waitForFunction(
          ([label, sort]) =>
            [...document.querySelectorAll('th[aria-sort]')].some(
              (th) => th.getAttribute('aria-sort') === sort && th.textContent?.startsWith(label ?? '-'),
            ),
          [name, want],
        )
      /** The indexer's first `first` rows of this list, as tx hashes. */
      const indexerTxs = async (args: string, first: number) =>
        (
          await indexerQuery<{ transactions: { nodes: { txHash: string }[] } }>(
            `{ transactions(networks: ["ethereum"], ${args}, first: ${first}) { nodes { txHash } } }`,
          )
        ).transactions.nodes.map((t) => t.txHash)
      const shows = async (want: string[], what: string) => {
        await page
          .waitForFunction(
            (txs) =>
              JSON.stringify(
                [...document.querySelectorAll('[data-testid=explore-transaction-row]')].map((row) =>
                  row.getAttribute('data-tx'),
                ),
              ) === JSON.stringify(txs),
            want,
            { timeout: 10_000 },
          )
          .catch(async (error) => {
            assert.deepEqual(await shown(), want, what)
            throw error
          })
      }
      await sortedBy('Time', 'descending')
      const value = page.getByRole('columnheader', { name: 'Value' }).getByRole('button')
      await value.click()
      await sortedBy('Value', 'descending')
      const byValue = await indexerTxs('orderBy: VALUE_USD, orderDirection: DESC', 50)
      assert.ok(byValue.length > 25, 'more than a page of transactions')
      await shows(byValue.slice(0, 25), 'VALUE_USD DESC')
      // The next page follows the value order's own cursor.
      await page.getByRole('button', { name: 'Load more' }).click()
      await shows(byValue, 'VALUE_USD DESC, two pages')
      await value.click()
      await sortedBy('Value', 'ascending')
      await shows(await indexerTxs('orderBy: VALUE_USD, orderDirection: ASC', 25), 'VALUE_USD ASC')

      // The filter goes to the indexer: every row has a USDC leg, in the current order.
      const box = page.getByRole('searchbox', { name: 'Filter by name, symbol or address' })
      await box.fill('USDC')
      const usdc = await indexerTxs('orderBy: VALUE_USD, orderDirection: ASC, filter: "USDC"', 25)
      assert.ok(usdc.length > 0)
      await shows(usdc, 'filter USDC')
      for (const text of await page.getByTestId('explore-transaction-row').allTextContents())
        assert.match(text, /USDC/)
      // A wallet's address keeps that wallet's transactions only.
      const wallet = privateKeyToAccount(devnet.manifest.accounts[2]?.privateKey ?? '0x').address
      await box.fill(wallet)
      const mine = await indexerTxs(`orderBy: VALUE_USD, orderDirection: ASC, filter: "${wallet}"`, 25)
      assert.ok(mine.length > 0, 'the swap of the test before')
      await shows(mine, 'filter wallet')
      const all = await indexerTxs('orderBy: VALUE_USD, orderDirection: ASC', 100)
      assert.ok(mine.length < all.length, 'the wallet filter narrows the list')
      for (const title of await page
        .locator('[data-testid=explore-transaction-row] td[title]')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('title'))))
        assert.equal(title, wallet)

      // Back to time: newest first again (the live order).
      await box.fill('')
      await page.getByRole('columnheader', { name: 'Time' }).getByRole('button').click()
      await sortedBy('Time', 'descending')
      await shows(await indexerTxs('orderBy: TIMESTAMP, orderDirection: DESC', 25), 'TIMESTAMP DESC')
    })
  })

  test('error: hostile filter text is sent as data and answered with no rows; an unknown tab is the not-found page', async () => {
    await withPage('/explore/tokens/ethereum', async (page) => {
      await page.getByTestId('explore-token-row').first().waitFor()
      const box = page.getByRole('searchbox', { name: 'Filter by name, symbol or address' })
      await box.fill(
        `'); DROP TABLE token; -- { __schema { types { name } } } <img src=x onerror=alert(1)> 🦄`,
      )
      await page.getByText('No results').waitFor()
      assert.equal(await page.locator('img[src=x]').count(), 0)
    })
    await withPage('/explore/unknown-tab', async (page) => {
      await page.waitForURL(/\/not-found$/)
    })
  })
})

describe('token page', () => {
  test('behavior: WETH shows name and symbol, the chain price, a drawn chart (line and candles, every range) with a crosshair, and its stats', async () => {
    const weth = token('WETH')
    await withPage(`/explore/tokens/ethereum/${weth.address}`, async (page) => {
      await page.getByTestId('token-name').waitFor()
      assert.match((await page.locator('main h1').textContent()) ?? '', /Wrapped Ether\s*WETH/)
      await page.waitForFunction(() => document.title.startsWith('Wrapped Ether (WETH) on Ethereum'))
      const block = await client.getBlockNumber()
      const shown = money(await page.getByTestId('token-price').textContent())
      const chain = await wethPriceOnChain(block)
      assert.ok(Math.abs(shown - chain) <= 0.005, `shown ${shown}, chain ${chain}`)
      const chart = page.getByTestId('price-chart')
      await page.locator('[data-testid=price-chart][data-drawn=true]').waitFor()
      assert.ok(Number(await chart.getAttribute('data-points')) > 1)
      assert.ok((await chart.locator('canvas').count()) > 0, 'lightweight-charts drew on canvas')
      const box = await chart.boundingBox()
      assert.ok(box)
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2)
      await page.waitForFunction(() =>
        /\$[\d,]+\.\d{2}\s+\w{3} \d{1,2}, \d{4}/.test(
          document.querySelector('[data-testid=chart-crosshair]')?.textContent ?? '',
        ),
      )
      await page.getByRole('button', { name: 'Candlestick' }).click()
      await page.locator('[data-testid=price-chart][data-drawn=true]').waitFor()
      for (const range of ['1H', '1W', '1M', '1Y', 'All']) {
        await page.getByRole('group', { name: 'Chart range' }).getByRole('button', { name: range }).click()
        await page
          .locator('[data-testid=price-chart][data-drawn=true], main p:has-text("No trades in this range")')
          .first()
          .waitFor()
      }
      for (const label of ['TVL', 'Market cap', 'FDV', '1D volume', '52W high', '52W low']) {
        const value = await page
          .locator('dl div')
          .filter({ has: page.locator(`dt:text-is("${label}")`) })
          .locator('dd')
          .textContent()
        assert.match(value ?? '', /\$[\d,]+/, `${label}: ${value}`)
      }
      // The real swap box on the page (its trades: e2e/tokenSwap.test.ts, which runs the API).
      await page
        .getByTestId('token-swap')
        .getByRole('heading', { name: 'Swap WETH' })
        .waitFor({ state: 'attached' })
      await swapBox(page).waitFor()
    })
  })

  test('behavior: a devnet swap moves the token page (1D volume up, price = chain, the swap in its transactions)', async () => {
    const weth = token('WETH')
    await withPage(`/explore/tokens/ethereum/${weth.address}`, async (page) => {
      await page.getByTestId('token-name').waitFor()
      const volume = page.getByTestId('token-volume')
      await page.waitForFunction(() =>
        /\$/.test(document.querySelector('[data-testid=token-volume]')?.textContent ?? ''),
      )
      const before = money(await volume.textContent())
      const { hash } = await swapEthForUsdc(3, '5')
      const receipt = await client.waitForTransactionReceipt({ hash })
      await page
        .locator(`[data-testid=explore-transaction-row][data-tx="${hash}"]`)
        .waitFor({ timeout: 15_000 })
      await page.waitForFunction(
        (b) =>
          Number(
            (document.querySelector('[data-testid=token-volume]')?.textContent ?? '').replace(/[^0-9.]/g, ''),
          ) >
          b + 1000,
        before,
      )
      const shown = money(await page.getByTestId('token-price').textContent())
      const chain = await wethPriceOnChain(receipt.blockNumber)
      assert.ok(Math.abs(shown - chain) <= 0.005, `shown ${shown}, chain ${chain}`)
    })
  })

  test('error: malformed or unknown token addresses show the not-found state; an unknown network is the not-found page', async () => {
    for (const address of [
      '0xnothex',
      '0x1234',
      `0x${'ab'.repeat(20)}`,
      encodeURIComponent('<script>alert(1)</script>'),
    ]) {
      await withPage(`/explore/tokens/ethereum/${address}`, async (page) => {
        await page.getByTestId('explore-not-found').waitFor()
        assert.equal(await page.locator('main h1').textContent(), 'Page not found')
      })
    }
    await withPage(`/explore/tokens/notachain/${token('WETH').address}`, async (page) => {
      await page.waitForURL(/\/not-found$/)
    })
  })

  test('behavior: a spam token name renders as text with its safety banner; a honeypot warns', async () => {
    const spam = token('AIRDROP')
    await withPage(`/explore/tokens/ethereum/${spam.address}`, async (page) => {
      await page.getByTestId('token-name').waitFor()
      assert.equal(await page.getByTestId('token-name').textContent(), spam.name)
      assert.equal(
        await page.getByTestId('token-name').locator('*').count(),
        0,
        'the name is a text node only',
      )
      assert.match((await page.getByTestId('token-safety').textContent()) ?? '', /spam/)
    })
    await withPage(`/explore/tokens/ethereum/${token('HONEY').address}`, async (page) => {
      assert.match((await page.getByTestId('token-safety').textContent()) ?? '', /honeypot/)
    })
  })
})

describe('token page: info and hostile strings', () => {
  test('behavior: token info copies the address, links the explorer in a new tab and lists the same token on other networks (not its impersonator); the impersonator warns', async () => {
    const usdc = token('USDC', 'stablecoin')
    const onBase = base.tokens.find((t) => t.symbol === 'USDC' && t.kind === 'stablecoin')
    assert.ok(onBase, 'the devnet seeds USDC on base')
    const impersonator = token('USDC', 'impersonator')
    await withWatchedPage(
      browser,
      `${web.url}/explore/tokens/ethereum/${usdc.address}`,
      async (page) => {
        await page.getByTestId('token-name').waitFor()
        const info = page.getByRole('heading', { name: 'Info', exact: true }).locator('..')
        const also = info.locator('dd a[href^="/explore/tokens/"]')
        await also.first().waitFor()
        // The local devnet's chains have no public explorer: no link (the mainnet one is below).
        assert.equal(await info.getByRole('link', { name: /^View on/ }).count(), 0)
        const hrefs = (await also.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).map((h) =>
          (h ?? '').toLowerCase(),
        )
        assert.ok(hrefs.includes(`/explore/tokens/base/${onBase.address.toLowerCase()}`), hrefs.join(' '))
        assert.ok(
          !hrefs.includes(`/explore/tokens/ethereum/${impersonator.address.toLowerCase()}`),
          'the impersonator is not the same token',
        )
        await info.getByRole('button', { name: 'Copy address' }).click()
        await page.waitForFunction(
          async (want) => (await navigator.clipboard.readText()) === want,
          usdc.address,
        )
        await also.filter({ hasText: 'Base' }).first().click()
        await page.waitForURL(
          (url) => url.pathname.toLowerCase() === `/explore/tokens/base/${onBase.address.toLowerCase()}`,
        )
        await page.getByTestId('token-name').filter({ hasText: 'USD Coin' }).waitFor()
      },
      {
        context: {
          viewport: { width: 1400, height: 900 },
          permissions: ['clipboard-read', 'clipboard-write'],
        },
        ready: null,
      },
    )
    // In the mainnet environment the explorer link opens the token's Etherscan page in a new tab.
    // The mainnet environment's networks carry their public explorers (server/runtimeConfig.ts).
    const mainnet = await buildRuntimeConfig({
      OXBOW_ENVIRONMENT: 'mainnet',
      OXBOW_MANIFEST: '/nonexistent/manifest.json',
    })
    mainnetWeb = await startWeb({
      port: MAINNET_WEB_PORT,
      config: {
        environment: 'mainnet',
        networks: mainnet.networks,
        rpcUrls: { ethereum: eth.rpcUrl, base: base.rpcUrl },
        graphqlUrl: indexer.url,
      },
    })
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    try {
      const page = await context.newPage()
      await page.goto(`${mainnetWeb.url}/explore/tokens/ethereum/${usdc.address}`)
      const explorer = page.getByRole('link', { name: 'View on Etherscan' })
      await explorer.waitFor()
      assert.equal(await explorer.getAttribute('href'), `https://etherscan.io/token/${usdc.address}`)
      assert.equal(await explorer.getAttribute('target'), '_blank')
      assert.match((await explorer.getAttribute('rel')) ?? '', /\bnoreferrer\b/)
    } finally {
      await context.close()
    }
    await withPage(`/explore/tokens/ethereum/${impersonator.address}`, async (page) => {
      assert.match((await page.getByTestId('token-safety').textContent()) ?? '', /impersonates another token/)
      assert.equal(await page.getByTestId('token-safety').getAttribute('data-level'), 'impersonator')
    })
  })

  test('security: a token whose symbol is HTML renders it as text in the tokens table, on its page and in search; nothing is injected', async () => {
    const markup = token(MARKUP_SYMBOL)
    await withPage('/explore/tokens/ethereum', async (page) => {
      const filter = page.getByRole('searchbox', { name: 'Filter by name, symbol or address' })
      await filter.fill('Markup')
      const row = page.getByTestId('explore-token-row').filter({ hasText: MARKUP_SYMBOL })
      await row.waitFor()
      assert.equal(await page.locator('main img[src=x]').count(), 0)
      await row.getByRole('link').first().click()
      await page.waitForURL((url) => url.pathname.toLowerCase().endsWith(markup.address.toLowerCase()))
      await page.getByTestId('token-name').filter({ hasText: 'Markup Token' }).waitFor()
      assert.match(
        (await page.locator('main h1').textContent()) ?? '',
        new RegExp(`Markup Token\\s*${MARKUP_SYMBOL.replace(/[()]/g, '\\$&')}`),
      )
      await page.waitForFunction((symbol) => document.title.includes(symbol), MARKUP_SYMBOL)
      assert.equal(await page.locator('img[src=x]').count(), 0)
      assert.equal(await page.getByTestId('token-safety').getAttribute('data-level'), 'medium')
      await page.keyboard.press('/')
      const search = page.getByRole('dialog', { name: 'Search tokens, pools and wallets' })
      await search.getByRole('searchbox').fill('Markup')
      await search.locator('a[data-result]').filter({ hasText: MARKUP_SYMBOL }).first().waitFor()
      assert.equal(await page.locator('img[src=x]').count(), 0)
      const dialogs: string[] = []
      page.on('dialog', (d) => {
        dialogs.push(d.message())
        void d.dismiss()
      })
      await page.waitForTimeout(300)
      assert.deepEqual(dialogs, [], 'no alert ran')
    })
  })
})

describe('token page: balances and fees', () => {
  /** The same token (symbol and name, not spam or an impersonator) on each network, as the chain has it. */
  const sameTokens = (symbol: string, name: string) =>
    [
      { network: 'ethereum', deployment: eth, reader: client },
      { network: 'base', deployment: base, reader: baseClient },
    ].flatMap(({ network, deployment, reader }) =>
      deployment.tokens
        .filter(
          (t) =>
            t.symbol === symbol &&
            t.name === name &&
            t.kind !== 'spam' &&
            !['spam', 'impersonator'].includes(t.safety),
        )
        .map((t) => ({ network, address: t.address, decimals: t.decimals, reader })),
    )
  const shownBalances = (page: Page) =>
    page
      .locator('[data-testid=token-balances] > div')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.getAttribute('data-network'),
          row.getAttribute('data-address')?.toLowerCase(),
          row.querySelector('[data-testid=token-balance-amount]')?.textContent,
        ]),
      )

  /** Waits until the page's balance rows are `want` ([network, address, amount] each). */
  const balancesShown = (page: Page, want: unknown[], timeout: number) =>
    page
      .waitForFunction(
        (rows) =>
          JSON.stringify(
            [...document.querySelectorAll('[data-testid=token-balances] > div')].map((row) => [
              row.getAttribute('data-network'),
              row.getAttribute('data-address')?.toLowerCase(),
              row.querySelector('[data-testid=token-balance-amount]')?.textContent,
            ]),
          ) === JSON.stringify(rows),
        want,
        { timeout },
      )
      .catch(async (error) => {
        assert.deepEqual(await shownBalances(page), want)
        throw error
      })

  test("behavior: the connected wallet's balance of the token on every network that has it equals the chain's, and a transfer moves it", async () => {
    const usdc = token('USDC', 'stablecoin')
    const same = sameTokens(usdc.symbol, usdc.name)
    assert.ok(
      same.some((t) => t.network === 'base'),
      'USDC is on base too',
    )
    await withPage(`/explore/tokens/ethereum/${usdc.address}`, async (page) => {
      await page.getByTestId('token-name').waitFor()
      assert.equal(await page.getByTestId('token-balances').count(), 0, 'no balances before connecting')
      await connectWallet(page, 'Local test wallet', ACCOUNT_0)
      await page.getByTestId('token-balances').waitFor()
      const expected = async () =>
        Promise.all(
          same.map(async (t) => [
            t.network,
            t.address.toLowerCase(),
            formatTokenAmount(await balanceOf(t.reader, t.address, ACCOUNT_0), t.decimals, {
              locale: 'en-US',
              significantDigits: 6,
            }),
          ]),
        )
      const want = await expected()
      assert.ok(
        want.some(([network, , amount]) => network === 'base' && amount !== '0'),
        'a balance on base',
      )
      await balancesShown(page, want, 15_000)
      // The wallet sends 1,234.5 USDC away on ethereum: its row follows once the block is indexed.
      const account = privateKeyToAccount(devnet.manifest.accounts[0]?.privateKey ?? '0x')
      assert.equal(account.address, ACCOUNT_0)
      const wallet = createWalletClient({ account, transport: walletTransport(eth.rpcUrl) })
      const hash = await wallet.writeContract({
        chain: null,
        address: usdc.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [privateKeyToAccount(generatePrivateKey()).address, 1_234_500_000n],
      })
      assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success')
      const after = await expected()
      assert.notDeepEqual(after, want)
      await balancesShown(page, after, 20_000)
    })
  })

  test("behavior: the WETH page shows the wallet's native ETH next to its WETH on every network, each equal to the chain's", async () => {
    const weth = token('WETH')
    const same = sameTokens(weth.symbol, weth.name)
    assert.ok(
      same.some((t) => t.network === 'base'),
      'WETH is on base too',
    )
    await withPage(`/explore/tokens/ethereum/${weth.address}`, async (page) => {
      await page.getByTestId('token-name').waitFor()
      await connectWallet(page, 'Local test wallet', ACCOUNT_0)
      await page.getByTestId('token-balances').waitFor()
      const native = '0x0000000000000000000000000000000000000000'
      const amount = (value: bigint) =>
        formatTokenAmount(value, 18, { locale: 'en-US', significantDigits: 6 })
      const want = (
        await Promise.all(
          same.map(async (t) => [
            [t.network, t.address.toLowerCase(), amount(await balanceOf(t.reader, t.address, ACCOUNT_0))],
            [t.network, native, amount(await t.reader.getBalance({ address: ACCOUNT_0 }))],
          ]),
        )
      ).flat()
      assert.ok(
        want.some(([, address, shown]) => address === native && shown !== '0'),
        'the wallet holds ETH',
      )
      await balancesShown(page, want, 15_000)
      const text = await page.getByTestId('token-balances').innerText()
      assert.match(text, /\bETH\b/, 'the native row names ETH')
      assert.match(text, /\bWETH\b/)
    })
  })

  test('behavior: a fee-on-transfer token shows its buy and sell fees (the fee its contract takes) in the safety banner; a token without fees shows none', async () => {
    const taxed = eth.tokens.find((t) => t.kind === 'fee-on-transfer')
    assert.ok(taxed)
    const feeBps = await client.readContract({
      address: taxed.address,
      abi: feeOnTransferTokenAbi,
      functionName: 'feeBps',
    })
    const percent = `${Number(feeBps) / 100}%`
    await withPage(`/explore/tokens/ethereum/${taxed.address}`, async (page) => {
      const banner = page.getByTestId('token-safety')
      await banner.getByTestId('token-buy-fee').waitFor()
      assert.equal(await banner.getByTestId('token-buy-fee').textContent(), percent)
      assert.equal(await banner.getByTestId('token-sell-fee').textContent(), percent)
      assert.match(
        (await banner.textContent()) ?? '',
        new RegExp(`Buy fee\\s*${percent}\\s*Sell fee\\s*${percent}`),
      )
      assert.equal(await banner.getAttribute('role'), 'alert')
    })
    await withPage(`/explore/tokens/ethereum/${token('WETH').address}`, async (page) => {
      await page.getByTestId('token-name').waitFor()
      await page.getByTestId('token-price').getByText('$').waitFor()
      assert.equal(
        await page.getByTestId('token-safety').count(),
        0,
        'no banner for a verified token without fees',
      )
      assert.equal(await page.getByTestId('token-buy-fee').count(), 0)
    })
  })
})

describe('pool page', () => {
  test('behavior: a v2 pool shows its pair, version, default fee tier and the reserves the chain holds, with swap and add-liquidity links', async () => {
    const weth = token('WETH')
    const usdc = token('USDC', 'stablecoin')
    const pool = eth.pools.find(
      (p) =>
        p.version === 'v2' &&
        [p.token0, p.token1].includes(weth.address) &&
        [p.token0, p.token1].includes(usdc.address),
    )
    assert.ok(pool && pool.version === 'v2')
    await withPage(`/explore/pools/ethereum/${pool.address}`, async (page) => {
      await page.getByTestId('pool-pair').waitFor()
      assert.equal(await page.getByTestId('pool-pair').textContent(), 'WETH/USDC')
      assert.match((await page.getByTestId('pool-badges').textContent()) ?? '', /v2.*0\.3%/)
      await page.waitForFunction(() =>
        /\$/.test(document.querySelector('[data-testid=pool-tvl]')?.textContent ?? ''),
      )
      const [r0, r1] = await client.readContract({
        address: pool.address,
        abi: v2PairAbi,
        functionName: 'getReserves',
      })
      const fmt = (amount: bigint, decimals: number) =>
        formatTokenAmount(amount, decimals, { locale: 'en-US', significantDigits: 8 })
      assert.equal(await page.getByTestId('pool-reserve0').textContent(), fmt(r0, 18))
      assert.equal(await page.getByTestId('pool-reserve1').textContent(), fmt(r1, 6))
      assert.equal(await page.getByTestId('liquidity-depth').count(), 0, 'no tick chart for v2')
      // The chart is the pool's own price (WETH in USDC), from its indexed candles.
      const chart = page.locator('[data-testid=price-chart][data-drawn=true]')
      await chart.waitFor()
      const [base, quote] = pool.token0 === weth.address ? ['WETH', 'USDC'] : ['USDC', 'WETH']
      assert.equal(await chart.getAttribute('aria-label'), `${base} price in ${quote} chart`)
      const { pool: candles } = await indexerQuery<{ pool: { priceHistory: { close: string }[] } }>(
        `{ pool(network: "ethereum", id: "${pool.address}") { priceHistory(range: WEEK) { close } } }`,
      )
      assert.equal(Number(await chart.getAttribute('data-points')), candles.priceHistory.length)
      // Fees are v2's 0.3% of the day's volume (the devnet swaps above went through this pair), and
      // the APR annualizes a day of fees over the TVL; the page shows the indexer's figures.
      const { pool: api } = await indexerQuery<{
        pool: { tvlUsd: string; volume24hUsd: string; fees24hUsd: string; apr: string }
      }>(`{ pool(network: "ethereum", id: "${pool.address}") { tvlUsd volume24hUsd fees24hUsd apr } }`)
      const [tvl, volume, fees, apr] = [api.tvlUsd, api.volume24hUsd, api.fees24hUsd, api.apr].map(Number)
      assert.ok(volume && volume > 0 && tvl && fees && apr, JSON.stringify(api))
      assert.ok(Math.abs(fees - volume * 0.003) <= volume * 0.003 * 0.001, `fees ${fees}, volume ${volume}`)
      assert.ok(Math.abs(apr - ((fees * 365) / tvl) * 100) <= apr * 0.001, `apr ${apr}`)
      const stat = (label: string) =>
        page
          .locator('dl div')
          .filter({ has: page.locator(`dt:text-is("${label}")`) })
          .locator('dd')
          .textContent()
      assert.ok(Math.abs(money(await stat('1D volume')) - volume) <= 0.01, 'volume shown')
      assert.ok(Math.abs(money(await stat('1D fees')) - fees) <= 0.01, 'fees shown')
      assert.ok(Math.abs(money(await stat('APR')) - apr) <= 0.01, 'APR shown')
      // The pool's own transactions: this pair's only.
      const txs = page.getByTestId('explore-transaction-row')
      await txs.first().waitFor()
      for (const text of await txs.allTextContents()) assert.match(text, /WETH.*USDC/)
      assert.equal(
        await page.getByRole('link', { name: 'Add liquidity' }).getAttribute('href'),
        `/add/v2/${pool.token0}/${pool.token1}`,
      )
      assert.equal(
        await page.getByRole('link', { name: 'Swap WETH/USDC' }).getAttribute('href'),
        `/swap?chain=ethereum&inputCurrency=${pool.token0}&outputCurrency=${pool.token1}`,
      )
    })
  })

  test('behavior: a v3 pool draws liquidity by tick; a hooked v4 pool (by pool id) shows its hook and a dynamic fee', async () => {
    const v3 = eth.pools.find(
      (p) => p.version === 'v3' && p.fee === 500 && p.token0 === token('WETH').address,
    )
    assert.ok(v3 && v3.version === 'v3')
    await withPage(`/explore/pools/ethereum/${v3.address}`, async (page) => {
      await page.getByTestId('liquidity-depth').waitFor()
      assert.ok(Number(await page.getByTestId('liquidity-depth').getAttribute('data-ranges')) >= 2)
      assert.match((await page.getByTestId('pool-badges').textContent()) ?? '', /v3.*0\.05%/)
      await page.locator('[data-testid=price-chart][data-drawn=true]').waitFor()
    })
    const hooked = eth.pools.find((p) => p.version === 'v4' && p.fee === 8388608)
    assert.ok(hooked && hooked.version === 'v4')
    await withPage(`/explore/pools/ethereum/${hooked.poolId}`, async (page) => {
      await page.getByTestId('pool-pair').waitFor()
      assert.match((await page.getByTestId('pool-badges').textContent()) ?? '', /v4.*Dynamic.*Hook/)
      assert.equal(await page.getByTestId('pool-hook').textContent(), hooked.hooks)
    })
  })

  test('error: malformed or unknown pool ids show the not-found state', async () => {
    for (const id of ['0x12', 'pool', `0x${'0'.repeat(64)}`, `0x${'cd'.repeat(20)}`]) {
      await withPage(`/explore/pools/ethereum/${id}`, async (page) => {
        await page.getByTestId('explore-not-found').waitFor()
      })
    }
  })
})

describe('explore: hostile URLs', () => {
  test('bad input: a malformed token address or pool id titles the page "Page not found" (never echoes it); a broken escape crashes nothing; an unknown tab is logged', async () => {
    for (const path of [
      '/explore/tokens/ethereum/%F0%9F%A6%84%E2%80%AE',
      "/explore/tokens/ethereum/'%20OR%201=1--",
      `/explore/tokens/ethereum/0x${'1'.repeat(40)}`,
      '/explore/pools/ethereum/%7B__schema%7Btypes%7Bname%7D%7D%7D',
      '/explore/pools/ethereum/%E0%A4%A',
      `/explore/tokens/ethereum/0x${'a'.repeat(4000)}`,
      `/explore/pools/ethereum/0x${'b'.repeat(4000)}`,
    ]) {
      await withPage(path, async (page) => {
        await page.getByTestId('explore-not-found').waitFor()
        await page.waitForFunction(() => document.title === 'Page not found | Oxbow Interface')
      })
    }
    // Malformed network names (very long, Unicode, SQL, GraphQL): the not-found page.
    for (const chain of [
      'e'.repeat(4000),
      '%F0%9F%A6%84%E2%80%AEthereum',
      "ethereum'%20OR%201=1--",
      '%7B__schema%7Btypes%7Bname%7D%7D%7D',
    ]) {
      for (const path of [
        `/explore/tokens/${chain}/${token('WETH').address}`,
        `/explore/pools/${chain}/0x${'cd'.repeat(20)}`,
        `/explore/tokens/${chain}`,
      ]) {
        await withPage(path, async (page) => {
          await page.waitForURL(/\/not-found$/)
          await page.waitForFunction(() => document.title === 'Page not found | Oxbow Interface')
        })
      }
    }
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      const warnings: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text())
      })
      await page.goto(`${web.url}/explore/%3Cb%3Eunknown%3C%2Fb%3E`)
      await page.waitForURL(/\/not-found$/)
      assert.ok(
        warnings.some((w) => w.includes('explore: unknown tab or network') && w.includes('<b>unknown</b>')),
        warnings.join('\n'),
      )
    } finally {
      await context.close()
    }
  })
})

// Last in the file: it moves the devnet's clock and head far ahead.
describe('explore: indexer lag', () => {
  test('behavior: "Data may be outdated" shows while the indexer trails the chain\'s head, and goes once it caught up', async () => {
    // 400 empty blocks at once: the chain's head jumps; the indexer needs a while to follow.
    const response = await fetch(eth.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x190', '0x1'] }),
    })
    assert.ok(response.ok)
    const lag = async () => {
      const { networks } = await indexerQuery<{ networks: { network: string; blockNumber: string }[] }>(
        '{ networks { network blockNumber } }',
      )
      const at = BigInt(networks.find((n) => n.network === 'ethereum')?.blockNumber ?? '0')
      return (await client.getBlockNumber()) - at
    }
    await withPage('/explore/tokens/ethereum', async (page) => {
      const warning = page.getByRole('status').filter({ hasText: 'Data may be outdated' })
      await warning.waitFor({ timeout: 10_000 }).catch(async (error) => {
        throw new Error(`no outdated warning with the indexer ${await lag()} blocks behind: ${error}`)
      })
      await page.getByTestId('explore-token-row').first().waitFor()
      await indexedToHead()
      // The page checks again every 15 s.
      await warning.waitFor({ state: 'detached', timeout: 25_000 })
    })
  })
})
