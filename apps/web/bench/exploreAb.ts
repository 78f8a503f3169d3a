/**
 * Two builds of the app side by side under the same load: `npx tsx bench/exploreAb.ts <distA>
 * <distB>` serves each (the real web server) on its own port against one devnet and indexer (ports
 * as `bench:explore`'s, 28500+, 28590; the apps on 28575 and 28576), then alternates warm page loads
 * of /explore/tokens/ethereum (to the first row) and of WETH's token page (to the chart drawn), A
 * then B, RUNS times (20), and prints each build's median and p95. On a shared machine whose load
 * swings, interleaving is what makes two builds comparable: `bench:explore` run twice is not.
 * Run inside `unshare -n`.
 */
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { startDevnet } from '@oxbow/devnet'
import type { Page } from 'playwright-core'
import { type RunningIndexer, startIndexer } from '../e2e/indexer.ts'
import { createWebServer } from '../server/createWebServer.ts'
import { buildRuntimeConfig } from '../server/runtimeConfig.ts'
import type { RuntimeConfig } from '../src/modules/config/index.ts'
import { launchChromium, TEST_API_URL } from '../test/harness.ts'

const RUNS = Number(process.env.RUNS ?? 20)
const [distA, distB] = process.argv.slice(2).map((dir) => resolve(dir))
if (!distA || !distB) throw new Error('usage: exploreAb.ts <distA> <distB>')

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN
  return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`
}

const devnet = await startDevnet({ networks: ['ethereum'], portBase: 28500 })
let indexer: RunningIndexer | undefined
const servers: ReturnType<typeof serve>[] = []
try {
  const eth = devnet.manifest.networks.ethereum
  const weth = eth?.tokens.find((t) => t.symbol === 'WETH')
  if (!eth || !weth) throw new Error('the devnet has no ethereum WETH')
  indexer = await startIndexer({ manifestPath: devnet.manifestPath, port: 28590, networks: ['ethereum'] })
  const config: RuntimeConfig = {
    ...(await buildRuntimeConfig({ OXBOW_MANIFEST: '/nonexistent/manifest.json' })),
    apiUrl: TEST_API_URL,
    analyticsSampleRate: 0,
    environment: 'local',
    rpcUrls: { ethereum: eth.rpcUrl },
    graphqlUrl: indexer.url,
  }
  const urls = [distA, distB].map((distDir, i) => {
    const app = createWebServer({ distDir, config })
    servers.push(serve({ fetch: app.fetch, port: 28575 + i, hostname: 'localhost' }))
    return `http://localhost:${28575 + i}`
  })
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    const timed = async (url: string, ready: (p: Page) => Promise<unknown>) => {
      await page.goto('about:blank')
      const start = performance.now()
      await page.goto(url)
      await ready(page)
      return performance.now() - start
    }
    const rows = (p: Page) => p.getByTestId('explore-token-row').first().waitFor()
    const chart = (p: Page) => p.locator('[data-testid=price-chart][data-drawn=true]').waitFor()
    const tokenPath = `/explore/tokens/ethereum/${weth.address}`
    for (const url of urls) {
      await timed(`${url}/explore/tokens/ethereum`, rows)
      await timed(url + tokenPath, chart)
    }
    const samples = urls.map(() => ({ rows: [] as number[], chart: [] as number[] }))
    for (let run = 0; run < RUNS; run++) {
      for (const [i, url] of urls.entries()) {
        samples[i]?.rows.push(await timed(`${url}/explore/tokens/ethereum`, rows))
        samples[i]?.chart.push(await timed(url + tokenPath, chart))
      }
    }
    for (const [i, dir] of [distA, distB].entries()) {
      const s = samples[i]
      if (!s) continue
      console.log(`${'AB'[i]} ${dir}`)
      console.log(`  explore, page load (warm cache) to first table rows: ${stats(s.rows)}`)
      console.log(`  token page, page load (warm cache) to chart drawn: ${stats(s.chart)}`)
    }
  } finally {
    await browser.close()
  }
} finally {
  for (const server of servers) server.close()
  await indexer?.stop()
  await devnet.stop()
}
process.exit(0)
