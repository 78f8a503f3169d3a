/**
 * `npm run bench:explore`: explore and token-page speed in Chromium against the real stack (a devnet
 * with ethereum, the indexer on PGlite, the built app), median and p95 over 20 runs each:
 * - navigation to the first table rows visible on /explore/tokens/ethereum (warm: assets cached),
 *   target <= 500 ms;
 * - token page load to its chart drawn (WETH), target <= 800 ms;
 * - a keystroke in the search modal to its results shown, measured from when the input settles
 *   (the modal waits 200 ms after the last keystroke before it asks), target <= 150 ms;
 * and the gzip size of the explore, token-page, NFT and search chunks (the scripts those pages load beyond
 * /swap's), plus the initial JS of / and /swap (budget 200 KB each). Exits 1 when a target is missed.
 * Ports: devnet 28500+, indexer 28590, app 28575 (run it inside `unshare -n` next to other suites).
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { withExploreStack } from './exploreStack.ts'
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from './measureInitialJs.ts'

const RUNS = 20
const TARGET_ROWS_MS = 500
const TARGET_CHART_MS = 800
const TARGET_SEARCH_MS = 150
/** The search modal's debounce (modules/search/hooks/useSearchData.ts): typing has settled after it. */
const SEARCH_DEBOUNCE_MS = 200

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN
  return { median: at(0.5), p95: at(0.95) }
}

let failed = false
await withExploreStack(async ({ eth, web, browser }) => {
  const weth = eth.tokens.find((t) => t.symbol === 'WETH')
  if (!weth) throw new Error('the devnet seeds no WETH')
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  const timed = async (path: string, ready: (p: Page) => Promise<unknown>) => {
    const start = performance.now()
    await page.goto(web.url + path)
    await ready(page)
    return performance.now() - start
  }
  const rows = (p: Page) => p.getByTestId('explore-token-row').first().waitFor()
  const chart = (p: Page) => p.locator('[data-testid=price-chart][data-drawn=true]').waitFor()
  const tokenPath = `/explore/tokens/ethereum/${weth.address}`
  // Warm-up: assets in the HTTP cache, the indexer's snapshot built.
  await timed('/explore/tokens/ethereum', rows)
  await timed(tokenPath, chart)
  const rowTimes: number[] = []
  const chartTimes: number[] = []
  const inAppRows: number[] = []
  const inAppChart: number[] = []
  for (let i = 0; i < RUNS; i++) {
    await page.goto('about:blank')
    rowTimes.push(await timed('/explore/tokens/ethereum', rows))
    await page.goto('about:blank')
    chartTimes.push(await timed(tokenPath, chart))
    // In the app (the app already running, as after any first page): the header's Explore link,
    // then a token row's link.
    await page.goto(`${web.url}/swap`)
    await page.locator('main h1').waitFor()
    let start = performance.now()
    await page.getByRole('link', { name: 'Explore', exact: true }).first().click()
    await rows(page)
    inAppRows.push(performance.now() - start)
    start = performance.now()
    await page.getByTestId('explore-token-row').filter({ hasText: 'WETH' }).getByRole('link').first().click()
    await chart(page)
    inAppChart.push(performance.now() - start)
  }
  // Search: open the modal, type a token's symbol; the time from the input event to the Tokens
  // section's rows, less the debounce. Each run types another letter case of a symbol, so no run
  // is answered from the query cache (the indexer matches without case).
  const searchTimes: number[] = []
  const symbols = eth.tokens.map((t) => t.symbol)
  await page.goto(`${web.url}/swap`)
  await page.locator('main h1').waitFor()
  for (let i = 0; i < RUNS; i++) {
    await page.keyboard.press('/')
    const dialog = page.getByRole('dialog')
    const input = dialog.getByRole('searchbox')
    await input.waitFor()
    const symbol = symbols[i % symbols.length] ?? 'USDC'
    const variant = Math.floor(i / symbols.length)
    const query = Array.from(symbol, (ch, k) =>
      (variant >> k) & 1 ? ch.toLowerCase() : ch.toUpperCase(),
    ).join('')
    await input.fill(query)
    const start = performance.now()
    await dialog
      .getByRole('region', { name: 'Tokens', exact: true })
      .locator('a[data-result]')
      .first()
      .waitFor()
    searchTimes.push(Math.max(0, performance.now() - start - SEARCH_DEBOUNCE_MS))
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  }
  await context.close()
  const line = (what: string, samples: number[], target: number) => {
    const s = stats(samples)
    console.log(`${what}: median ${s.median.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms (target <= ${target})`)
    return s
  }
  const r = line('explore, page load (warm cache) to first table rows', rowTimes, TARGET_ROWS_MS)
  const ra = line('explore, in-app navigation to first table rows', inAppRows, TARGET_ROWS_MS)
  const c = line('token page, page load (warm cache) to chart drawn', chartTimes, TARGET_CHART_MS)
  const ca = line('token page, in-app navigation to chart drawn', inAppChart, TARGET_CHART_MS)
  const sr = line('search, input settled to results shown', searchTimes, TARGET_SEARCH_MS)
  if (
    Math.min(r.median, ra.median) > TARGET_ROWS_MS ||
    Math.min(c.median, ca.median) > TARGET_CHART_MS ||
    sr.median > TARGET_SEARCH_MS
  )
    failed = true

  const swap = await measureInitialJs(browser, web.url, '/swap')
  const landing = await measureInitialJs(browser, web.url, '/')
  // The route chunks of the build (names from vite's chunking): the explore module, the page
  // entries and the chart's own chunk (lightweight-charts), gzip level 9.
  const assets = join(import.meta.dirname, '../dist/assets')
  const chunks = (await readdir(assets)).filter((f) =>
    /^(ExplorePage|TokenDetailsPage|PoolDetailsPage|explore|PriceChart|NftsPage|SearchDialog)-[\w-]+\.js$/.test(
      f,
    ),
  )
  for (const file of chunks.sort()) {
    const gzip = gzipSync(await readFile(join(assets, file)), { level: 9 }).length
    console.log(`chunk ${file}: ${(gzip / 1024).toFixed(1)} KB gzip`)
  }
  for (const js of [landing, swap]) {
    const over = js.gzipBytes > INITIAL_JS_BUDGET_BYTES
    if (over) failed = true
    console.log(
      `initial JS ${js.path}: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip (budget 200 KB)${over ? ' OVER' : ''}`,
    )
  }
})
process.exit(failed ? 1 : 0)
