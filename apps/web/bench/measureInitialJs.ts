import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'

export interface InitialJs {
  readonly path: string
  /** Sum of the gzip sizes (level 9) of every script requested until the page is idle. */
  readonly gzipBytes: number
  readonly files: readonly { url: string; gzipBytes: number }[]
}

/**
 * Loads `path` in a fresh Chromium context and sums the gzip sizes of the JavaScript it requested
 * on initial load (entry, preloaded and lazily loaded route chunks), measured from the bodies the
 * browser actually received.
 */
export async function measureInitialJs(browser: Browser, baseUrl: string, path: string): Promise<InitialJs> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const bodies = new Map<string, Promise<Buffer>>()
  page.on('response', (response) => {
    const type = response.request().resourceType()
    const url = response.url()
    if ((type === 'script' || url.endsWith('.js')) && url.startsWith(baseUrl) && !bodies.has(url)) {
      const body = response.body()
      // A response still arriving when the context closes rejects: not a failure of the measure.
      body.catch(() => undefined)
      bodies.set(url, body)
    }
  })
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
  const files = await Promise.all(
    [...bodies].map(async ([url, body]) => ({
      url: url.slice(baseUrl.length),
      gzipBytes: gzipSync(await body, { level: 9 }).length,
    })),
  )
  await context.close()
  return { path, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files }
}

/** The budget of the issue: initial JavaScript of / and /swap at most 200 KB gzip each. */
export const INITIAL_JS_BUDGET_BYTES = 200 * 1024
