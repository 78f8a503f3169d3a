import type { BrowserContext, Page } from 'playwright-core'
import { defaultRuntimeConfig } from '../src/modules/config/index.ts'
import { TEST_API_URL, TEST_GRAPHQL_URL } from '../test/harness.ts'

export interface PageProblems {
  readonly errors: string[]
}

/**
 * Collects console errors, uncaught page errors and CSP violations. The browser's own "Failed to
 * load resource" lines for the origins in `down` are the one expected error: by default the API and
 * the indexer of the suites that run neither (the app must keep working without them).
 */
export function watchProblems(
  page: Page,
  down: readonly string[] = [TEST_API_URL, new URL(TEST_GRAPHQL_URL).origin],
): PageProblems {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const from = message.location().url ?? ''
    if (message.text().startsWith('Failed to load resource') && down.some((url) => from.startsWith(url)))
      return
    errors.push(`console: ${message.text()} (${from})`)
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  return { errors }
}

/** The paths of every script the page requests from now on (to check what loads when). */
export function recordScriptRequests(page: Page): string[] {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  return scripts
}

/** CSP violations reported by the document (collected by a listener the test installs via CDP). */
export async function installCspListener(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const store: string[] = []
    Object.defineProperty(window, '__cspViolations', { value: store })
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
}

export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
}

/** The external sites the app sends people to: answered locally by a route handler, never fetched. */
export async function interceptExternalSites(context: BrowserContext): Promise<void> {
  for (const site of [defaultRuntimeConfig.governanceUrl, defaultRuntimeConfig.walletProfileUrl]) {
    await context.route(`${site}/**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>external</title>',
      }),
    )
  }
}
