/**
 * `npm run bench:explore`: explore and token-page speed in Chromium against the real stack (a devnet
 * with ethereum, the indexer on PGlite, the built app), median and p95 over 20 runs each:
 * - navigation to the first table rows visible on /explore/tokens/ethereum (warm: assets cached),
 *   target <= 500 ms;
 * - token page load to its chart drawn (WETH), target <= 800 ms;
 * and the gzip size of the explore and token-page chunks (the scripts those pages load beyond
 * /swap's), plus the initial JS of / and /swap (budget 200 KB each). Exits 1 when a target is missed.
 * Ports: devnet 28500+, indexer 28590, app 28575 (run it inside `unshare -n` next to other suites).
 */
import { startDevnet } from '@oxbow/devnet'
import type { Page } from 'playwright-core'
import { type RunningIndexer, startIndexer } from '../e2e/indexer.ts'
import { launchChromium, startWeb } from '../test/harness.ts'
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from './measureInitialJs.ts'

const RUNS = 20
const TARGET_ROWS_MS = 500
const TARGET_CHART_MS = 800

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN
  return { median: at(0.5), p95: at(0.95) }
}

const devnet = await startDevnet({ networks: ['ethereum'], portBase: 28500 })
let indexer: RunningIndexer | undefined
let failed = false
try {
  const eth = devnet.manifest.networks.ethereum
  if (!eth) throw new Error('the devnet has no ethereum')
  const weth = eth.tokens.find((t) => t.symbol === 'WETH')
  if (!weth) throw new Error('the devnet seeds no WETH')
  indexer = await startIndexer({ manifestPath: devnet.manifestPath, port: 28590, networks: ['ethereum'] })
  const web = await startWeb({
    port: 28575,
    config: { environment: 'local', rpcUrls: { ethereum: eth.rpcUrl }, graphqlUrl: indexer.url },
  })
  const browser = await launchChromium()
  try {
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
    for (let i = 0; i < RUNS; i++) {
      await page.goto('about:blank')
      rowTimes.push(await timed('/explore/tokens/ethereum', rows))
      await page.goto('about:blank')
      chartTimes.push(await timed(tokenPath, chart))
    }
    await context.close()
    const r = stats(rowTimes)
    const c = stats(chartTimes)
    console.log(
      `explore: navigation to first table rows (warm): median ${r.median.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms (target <= ${TARGET_ROWS_MS})`,
    )
    console.log(
      `token page: load to chart drawn: median ${c.median.toFixed(0)} ms, p95 ${c.p95.toFixed(0)} ms (target <= ${TARGET_CHART_MS})`,
    )
    if (r.median > TARGET_ROWS_MS || c.median > TARGET_CHART_MS) failed = true

    const swap = await measureInitialJs(browser, web.url, '/swap')
    const landing = await measureInitialJs(browser, web.url, '/')
    const base = new Set(swap.files.map((f) => f.url))
    for (const [name, path] of [
      ['explore', '/explore/tokens/ethereum'],
      ['token page', tokenPath],
    ] as const) {
      const loaded = await measureInitialJs(browser, web.url, path)
      const own = loaded.files.filter((f) => !base.has(f.url))
      const total = own.reduce((sum, f) => sum + f.gzipBytes, 0)
      console.log(
        `${name} chunks: ${(total / 1024).toFixed(1)} KB gzip beyond /swap's (${own.map((f) => `${f.url.replace(/^\/assets\//, '')} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join(', ')})`,
      )
    }
    for (const js of [landing, swap]) {
      const over = js.gzipBytes > INITIAL_JS_BUDGET_BYTES
      if (over) failed = true
      console.log(
        `initial JS ${js.path}: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip (budget 200 KB)${over ? ' OVER' : ''}`,
      )
    }
  } finally {
    await browser.close()
    await web.close()
  }
} finally {
  await indexer?.stop()
  await devnet.stop()
}
process.exit(failed ? 1 : 0)
