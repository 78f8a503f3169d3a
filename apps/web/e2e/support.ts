import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before } from 'node:test'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { defaultRuntimeConfig } from '../src/modules/config/index.ts'
import { launchChromium, type RunningWeb, startWeb, TEST_API_URL, TEST_GRAPHQL_URL } from '../test/harness.ts'
import { connectWallet, injectedTestWallet } from './swapKit.ts'

/** A suite of the built app alone (no devnet, API or indexer): its server and Chromium. */
export interface WebSuite {
  readonly web: RunningWeb
  readonly browser: Browser
}

/**
 * Registers the hooks of a suite of the built app alone: before, the web server (`startWeb` with
 * `options`) and Chromium; after, both closed. The two are there once the `before` hook has run.
 */
export function webSuite(options: Parameters<typeof startWeb>[0] = {}): WebSuite {
  let web: RunningWeb | undefined
  let browser: Browser | undefined
  before(async () => {
    web = await startWeb(options)
    browser = await launchChromium()
  })
  after(async () => {
    await browser?.close()
    await web?.close()
  })
  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('the web suite has not started (used outside a test?)')
    return part
  }
  return {
    get web() {
      return started(web)
    },
    get browser() {
      return started(browser)
    },
  }
}

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

/** With OXBOW_E2E_SCREENSHOTS=<dir>, a screenshot of the page goes there as `<name>.png` (to look at). */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = process.env.OXBOW_E2E_SCREENSHOTS
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage })
}

/**
 * A fresh context `width` px wide with the injected test wallet, on `url`, the wallet connected
 * (page errors are logged, not failed on: the order suites check their outcome on chain and in the API).
 */
export async function openWithWallet(
  browser: Browser,
  url: string,
  wallet: Parameters<typeof injectedTestWallet>[0],
  width: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 1000 } })
  await context.addInitScript(injectedTestWallet(wallet))
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error('pageerror', error.message))
  await page.goto(url)
  await connectWallet(page, wallet.name, wallet.account)
  return { context, page }
}

export interface CheckedPageOptions {
  readonly viewport?: { readonly width: number; readonly height: number }
  /** A touch screen (pointer: coarse; touch input through CDP's Input.dispatchTouchEvent). */
  readonly hasTouch?: boolean
  /** Console errors this page may show besides the API's 4xx answers (e.g. a node that is not running). */
  readonly allow?: (text: string, from: string) => boolean
  /** False: the API's 4xx answers are errors too (a page that must not provoke any). Default true. */
  readonly apiRefusalsExpected?: boolean
  /** Runs on the new context before the page opens (init scripts, routes, listeners). */
  readonly setup?: (context: BrowserContext) => unknown
  /** What the page must show before `run`. */
  readonly ready?: (page: Page) => Promise<unknown>
  /** The context's default timeout (ms); 20 s unless given. */
  readonly timeout?: number
  /** Called when `run` or the checks fail, before the failure is rethrown (e.g. to print a server log). */
  readonly onFailure?: () => void
}

/**
 * Opens `path` of the stack's app in a fresh context (20 s default timeout, CSP listener), runs
 * `run`, then asserts the page logged no console or page error and no CSP violation; the context
 * is closed whatever happens. The API's 4xx answers are expected (refused input is part of the
 * tests), so the browser's "status of 4xx" lines for the API are not errors.
 */
export async function withCheckedPage(
  browser: Browser,
  stack: { readonly webUrl: string; readonly apiUrl: string },
  path: string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
  options: CheckedPageOptions = {},
): Promise<void> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    hasTouch: options.hasTouch ?? false,
  })
  context.setDefaultTimeout(options.timeout ?? 20_000)
  await installCspListener(context)
  await options.setup?.(context)
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    const from = message.location().url ?? ''
    if (
      options.apiRefusalsExpected !== false &&
      /status of 4\d\d/.test(text) &&
      from.startsWith(stack.apiUrl)
    )
      return
    if (options.allow?.(text, from)) return
    problems.push(`console: ${text} (${from})`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  try {
    await page.goto(stack.webUrl + path)
    await options.ready?.(page)
    await run(page, context)
    assert.deepEqual(problems, [], 'no console or page errors')
    assert.deepEqual(await cspViolations(page), [], 'no CSP violations')
  } catch (error) {
    options.onFailure?.()
    throw error
  } finally {
    await context.close()
  }
}

export interface WatchedPageOptions {
  readonly context?: BrowserContextOptions
  /** An injected test wallet for the page, connected from the header unless `connect` is false. */
  readonly wallet?: Parameters<typeof injectedTestWallet>[0]
  readonly connect?: boolean
  /** What the page must show before `run` (default its first main heading); null: nothing. */
  readonly ready?: ((page: Page) => Promise<unknown>) | null
  /** Console errors that are expected on this page (e.g. an RPC the test leaves down). */
  readonly expected?: (error: string) => boolean
  /** The assertion message when the page logged errors. */
  readonly message?: string
}

/**
 * Opens `url` in a fresh context (with the injected test wallet, connected, when one is given),
 * waits until it is ready, runs `run`, then asserts the page logged no console or page error
 * ({@link watchProblems}); the context is closed whatever happens.
 */
export async function withWatchedPage(
  browser: Browser,
  url: string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
  options: WatchedPageOptions = {},
): Promise<void> {
  const context = await browser.newContext(options.context)
  if (options.wallet) await context.addInitScript({ content: injectedTestWallet(options.wallet) })
  const page = await context.newPage()
  const problems = watchProblems(page)
  try {
    await page.goto(url)
    if (options.ready !== null)
      await (options.ready ?? ((p: Page) => p.locator('main h1').first().waitFor()))(page)
    if (options.wallet && options.connect !== false)
      await connectWallet(page, options.wallet.name, options.wallet.account)
    await run(page, context)
    const expected = options.expected
    assert.deepEqual(
      expected ? problems.errors.filter((error) => !expected(error)) : problems.errors,
      [],
      options.message ?? 'no console errors',
    )
  } finally {
    await context.close()
  }
}
