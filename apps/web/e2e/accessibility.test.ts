/**
 * Accessibility of the web app in Chromium against the full local stack (devnet ethereum + base on
 * port base 25900, the API on 25791, the built web on localhost:25576), target WCAG 2.2 AA:
 *
 * - every route of the spec's routes table (one URL per route that renders a page; redirects land
 *   on one of these) passes axe-core with no serious or critical violation, in the light and dark
 *   themes and in Arabic (right to left); so do the states that appear after interaction (token
 *   selector, swap settings, connect drawer, search modal, preferences, the account popover, the
 *   review and status dialogs with a connected wallet);
 * - the landing, explore and swap screens are operable by keyboard alone: Tab reaches every control, each
 *   with a visible focus ring (a 2 px outline with at least 3:1 contrast against what is around it);
 * - dialogs keep focus inside while open and give it back to their opener on close;
 * - a whole swap (connect, choose both tokens, type the amount, review, confirm) can be done with
 *   role and accessible-name queries only, as a screen reader user would find the controls.
 *
 * One browser, pages in sequence; `t.diagnostic` lists every violation axe reports (all impacts).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { AxeBuilder } from '@axe-core/playwright'
import arSA from '@oxbow/i18n/locales/ar-SA.json' with { type: 'json' }
import enUS from '@oxbow/i18n/locales/en-US.json' with { type: 'json' }
import type { AxeResults } from 'axe-core'
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { stackForFile } from './fileStack.ts'
import { interceptExternalSites } from './support.ts'
import { ACCOUNT_0, byTestId, seededToken } from './swapKit.ts'

const PORTS = { devnetPortBase: 25900, apiPort: 25791, webPort: 25576 }
const LOCAL_WALLET = 'Local test wallet'
/** WCAG 2.0, 2.1 and 2.2 A and AA, plus axe's best practices (reported; only serious and critical fail). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
const FAILING_IMPACTS = new Set(['serious', 'critical'])

const token = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

/** One URL per route of the spec's table that renders a page (section 2); flags turned on where needed. */
const ROUTES = [
  '/',
  '/swap',
  '/buy',
  '/sell',
  '/send',
  '/limit',
  '/explore',
  '/explore/pools',
  '/explore/transactions',
  '/explore/base',
  '/explore/pools/base',
  `/explore/tokens/ethereum/${token}`,
  '/explore/pools/base/0x1234567890abcdef',
  '/positions',
  '/positions/create',
  '/positions/create/v3',
  '/positions/v2/ethereum/0xpair',
  '/positions/v3/base/123',
  '/positions/v4/ethereum/7',
  '/migrate/v2',
  '/migrate/v2/ethereum/0xpair',
  '/migrate/v3/ethereum/5',
  '/add/v2/ETH/0xdai',
  '/add/ETH/0xdai/3000',
  '/remove/v2/ETH/0xdai',
  '/remove/55',
  '/auth/passkey/extension',
  `/manage/passkey/${token}?featureFlagOverride=embeddedWallet`,
  '/extension/uninstall',
  '/nfts',
  '/not-found',
]

/**
 * One URL per page component of ROUTES (the URLs left out render the same components with other
 * parameters): the dark and right-to-left passes change colours and direction, not the markup.
 */
const PAGE_SAMPLES = [
  '/',
  '/swap',
  '/buy',
  '/send',
  '/limit',
  '/explore',
  '/explore/transactions',
  `/explore/tokens/ethereum/${token}`,
  '/explore/pools/base/0x1234567890abcdef',
  '/positions',
  '/positions/create/v3',
  '/positions/v2/ethereum/0xpair',
  '/positions/v3/base/123',
  '/migrate/v2/ethereum/0xpair',
  '/nfts',
  `/manage/passkey/${token}?featureFlagOverride=embeddedWallet`,
  '/not-found',
]

interface Variant {
  readonly name: string
  readonly options: BrowserContextOptions
  readonly routes: readonly string[]
}

const VARIANTS: readonly Variant[] = [
  { name: 'light', options: { colorScheme: 'light', locale: 'en-US' }, routes: ROUTES },
  { name: 'dark', options: { colorScheme: 'dark', locale: 'en-US' }, routes: PAGE_SAMPLES },
  { name: 'Arabic (rtl)', options: { colorScheme: 'light', locale: 'ar' }, routes: PAGE_SAMPLES },
]

const file = stackForFile(PORTS)

async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  // Reduced motion: axe measures contrast on the settled page, not halfway through a fade-in.
  const context = await file.browser.newContext({ reducedMotion: 'reduce', ...options })
  context.setDefaultTimeout(15_000)
  // tsx names the helper functions inside page.evaluate callbacks with its own __name: define it.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target' })
  await interceptExternalSites(context)
  return context
}

/** Loads a path and waits until its page (or the landing) has rendered its heading. */
async function load(page: Page, path: string): Promise<void> {
  await page.goto(file.stack.webUrl + path)
  await page.locator('main h1').first().waitFor()
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

interface Finding {
  readonly where: string
  readonly rule: string
  readonly impact: string
  readonly nodes: readonly string[]
  readonly help: string
}

/** Every violation axe reports for the page as it is now (all impacts; callers decide what fails). */
async function scan(page: Page, where: string): Promise<Finding[]> {
  // Only violations carry node details: about half the time of a full result on this app.
  const results: AxeResults = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze()
  return results.violations.map((violation) => ({
    where,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    nodes: violation.nodes.map(
      (node) =>
        `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.split('\n')[1]?.trim() ?? ''})` : ''}`,
    ),
  }))
}

/** Per rule: impact and count of pages or states it fails on. */
function tally(findings: readonly Finding[]): string {
  const byRule = new Map<string, { impact: string; states: number; nodes: number }>()
  for (const finding of findings) {
    const entry = byRule.get(finding.rule) ?? { impact: finding.impact, states: 0, nodes: 0 }
    entry.states += 1
    entry.nodes += finding.nodes.length
    byRule.set(finding.rule, entry)
  }
  return [...byRule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([rule, { impact, states, nodes }]) => `${rule} (${impact}): ${states} page states, ${nodes} elements`,
    )
    .join('\n')
}

function failing(findings: readonly Finding[]): string[] {
  return findings
    .filter((finding) => FAILING_IMPACTS.has(finding.impact))
    .map(
      (finding) =>
        `${finding.where}: ${finding.rule} (${finding.impact}) ${finding.help}\n    ${finding.nodes.slice(0, 4).join('\n    ')}`,
    )
}

function report(t: { diagnostic(message: string): void }, findings: readonly Finding[]): void {
  t.diagnostic(`axe violations by rule (all impacts):\n${tally(findings) || '(none)'}`)
}

describe('axe-core on every route', () => {
  for (const variant of VARIANTS) {
    test(`behavior: every route (${variant.name === 'light' ? 'all URLs' : 'one URL per page'}) has no serious or critical axe violation (${variant.name})`, async (t) => {
      const context = await newContext(variant.options)
      const findings: Finding[] = []
      try {
        const page = await context.newPage()
        for (const path of variant.routes) {
          await load(page, path)
          if (variant.options.locale === 'ar')
            assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl', `${path} is rtl`)
          findings.push(...(await scan(page, `${variant.name} ${path}`)))
        }
      } finally {
        await context.close()
      }
      report(t, findings)
      assert.deepEqual(failing(findings), [])
    })
  }
})

type Say = (id: string, values?: Record<string, string>) => string

/** The UI's text in a locale (catalog over en-US), so the same steps run in Arabic. */
function sayer(locale: string | undefined): Say {
  const catalog = { ...enUS, ...(locale === 'ar' ? arSA : {}) } as Record<string, string>
  return (id, values = {}) => {
    const text = catalog[id]
    if (text === undefined) throw new Error(`no message ${id}`)
    return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`)
  }
}

/** A message with placeholders as a pattern matching any filled-in text. */
function template(message: string): RegExp {
  const parts = message.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${parts.join('.+')}$`)
}

/** The states that only appear after interaction, with the local test wallet connected where needed. */
async function scanInteractiveStates(page: Page, variant: string, say: Say): Promise<Finding[]> {
  const findings: Finding[] = []
  const at = (state: string) => `${variant} /swap ${state}`
  const header = page.locator('header')
  await load(page, '/swap?chain=ethereum')

  await header.getByRole('button', { name: say('wallet.connect.button'), exact: true }).click()
  await page
    .getByRole('dialog', { name: say('wallet.connect.title') })
    .getByRole('button', { name: LOCAL_WALLET })
    .waitFor()
  findings.push(...(await scan(page, at('connect drawer'))))
  await page.keyboard.press('Escape')

  await page.keyboard.press('/')
  await page.getByRole('dialog', { name: say('search.dialog.label') }).waitFor()
  findings.push(...(await scan(page, at('search modal'))))
  await page.keyboard.press('Escape')

  await header.getByRole('button', { name: say('preferences.open') }).click()
  await page.getByRole('dialog', { name: say('preferences.title') }).waitFor()
  findings.push(...(await scan(page, at('preferences'))))
  await page.keyboard.press('Escape')

  await header.getByRole('button', { name: say('wallet.connect.button'), exact: true }).click()
  await page
    .getByRole('dialog', { name: say('wallet.connect.title') })
    .getByRole('button', { name: LOCAL_WALLET })
    .click()
  const account = header.getByRole('button', {
    name: say('wallet.account.label', { address: `${ACCOUNT_0.slice(0, 8)}…${ACCOUNT_0.slice(-6)}` }),
  })
  await account.click()
  await byTestId(page, 'account-drawer').waitFor()
  findings.push(...(await scan(page, at('account drawer'))))
  await page.keyboard.press('Escape')
  await byTestId(page, 'account-drawer').waitFor({ state: 'hidden' })

  await byTestId(page, 'swap-settings').click()
  await page.getByRole('dialog', { name: say('swap.settings.title') }).waitFor()
  findings.push(...(await scan(page, at('settings'))))
  await byTestId(page, 'swap-settings').click()

  await byTestId(page, 'swap-output-token').click()
  const selector = page.locator('[role="dialog"][data-testid="token-selector"]')
  await selector.locator('[data-testid="token-option"]').first().waitFor()
  findings.push(...(await scan(page, at('token selector'))))
  await selector.locator('[data-testid="token-search"]').fill('USDC')
  await selector.locator(`[data-testid="token-option"][data-address="${usdcAddress()}" i]`).first().click()
  await selector.waitFor({ state: 'hidden' })

  await byTestId(page, 'swap-input-amount').fill('0.01')
  await page
    .locator('[data-testid="swap-button"]:not([disabled])', { hasText: say('swap.button.review') })
    .waitFor()
  findings.push(...(await scan(page, at('quote'))))
  await byTestId(page, 'swap-button').click()
  await byTestId(page, 'swap-review').waitFor()
  findings.push(...(await scan(page, at('review dialog'))))
  await byTestId(page, 'swap-confirm').click()
  await page.locator('[data-testid="swap-status"][data-state="confirmed"]').waitFor({ timeout: 30_000 })
  findings.push(...(await scan(page, at('confirmed status'))))
  return findings
}

describe('axe-core on states after interaction', () => {
  for (const variant of VARIANTS) {
    test(`behavior: open dialogs, popovers and the swap's review and status have no serious or critical axe violation (${variant.name})`, async (t) => {
      const context = await newContext(variant.options)
      let findings: Finding[] = []
      try {
        findings = await scanInteractiveStates(
          await context.newPage(),
          variant.name,
          sayer(variant.options.locale),
        )
      } finally {
        await context.close()
      }
      report(t, findings)
      assert.deepEqual(failing(findings), [])
    })
  }
})

// --- keyboard: reach, focus ring, dialogs ---

/** What can take focus from the keyboard and is shown (outside open dialogs' inert backgrounds). */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/** Marks every visible tabbable element of the page with a number; returns their descriptions. */
async function markTabbables(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue
      if (element.closest('[inert]')) continue
      element.dataset.a11yId = String(found.length)
      found.push(
        `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      )
    }
    return found
  }, TABBABLE)
}

interface Ring {
  /** The marked element that has focus, or null (body or an unmarked element). */
  readonly id: string | null
  readonly description: string
  /** Why the focus indicator is not good enough, or null when it is. */
  readonly problem: string | null
}

/**
 * The focused element and its focus indicator: an outline (on it, or on a wrapper up to three levels
 * up that shows the ring through :focus-within) at least 2 px wide whose colour has 3:1 contrast
 * with the background behind it (WCAG 2.2 1.4.11 and 2.4.7). The owner is tagged so that, once
 * focus moves on, `ringGone` can check that the outline was focus's doing.
 */
async function readRing(page: Page): Promise<Ring> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null
    if (!focused || focused === document.body)
      return { id: null, description: 'body', problem: 'nothing focused' }
    const description = `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`
    const parse = (color: string): [number, number, number, number] => {
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = 1
      const context = canvas.getContext('2d', { willReadFrequently: true })
      if (!context) return [0, 0, 0, 0]
      context.fillStyle = color
      context.fillRect(0, 0, 1, 1)
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data
      return [r, g, b, a / 255]
    }
    const luminance = ([r, g, b]: number[]) => {
      const [R = 0, G = 0, B = 0] = [r, g, b].map((v) => {
        const c = (v ?? 0) / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * R + 0.7152 * G + 0.0722 * B
    }
    /** The opaque background behind an element (the page's when nothing on the way paints one). */
    const backdrop = (element: Element | null): number[] => {
      for (let node = element; node; node = node.parentElement) {
        const color = parse(getComputedStyle(node).backgroundColor)
        if (color[3] >= 0.99) return color
      }
      return parse(getComputedStyle(document.documentElement).backgroundColor)
    }
    let owner: HTMLElement | null = focused
    for (let level = 0; owner && level < 4; level++, owner = owner.parentElement) {
      const style = getComputedStyle(owner)
      const width = Number.parseFloat(style.outlineWidth)
      if (style.outlineStyle === 'none' || width < 2) continue
      const ring = parse(style.outlineColor)
      if (ring[3] < 0.99)
        return {
          id: focused.dataset.a11yId ?? null,
          description,
          problem: `translucent outline ${style.outlineColor}`,
        }
      const behind = backdrop(Number.parseFloat(style.outlineOffset) >= 0 ? owner.parentElement : owner)
      const [light, dark] = [luminance(ring), luminance(behind)].sort((a, b) => b - a) as [number, number]
      const contrast = (light + 0.05) / (dark + 0.05)
      owner.dataset.a11yRing = `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
      return {
        id: focused.dataset.a11yId ?? null,
        description,
        problem: contrast >= 3 ? null : `outline contrast ${contrast.toFixed(2)}:1 (${style.outlineColor})`,
      }
    }
    return { id: focused.dataset.a11yId ?? null, description, problem: 'no outline of 2 px or more' }
  })
}

/** Whether every ring recorded by `readRing` is gone from elements that no longer hold focus. */
async function ringsLeftBehind(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const left: string[] = []
    for (const owner of document.querySelectorAll<HTMLElement>('[data-a11y-ring]')) {
      if (owner.contains(document.activeElement)) continue
      const style = getComputedStyle(owner)
      if (`${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` === owner.dataset.a11yRing)
        left.push(`${owner.tagName.toLowerCase()}.${owner.className} keeps its outline without focus`)
      delete owner.dataset.a11yRing
    }
    return left
  })
}

/** Tabs through the whole page from the top: every tabbable element is reached, each with a ring. */
async function tabThrough(page: Page, where: string): Promise<string[]> {
  const expected = await markTabbables(page)
  const problems: string[] = []
  const reached = new Set<string>()
  // Start from the top of the document: a focused element removed from the start of the body
  // leaves the sequential focus navigation starting point there.
  await page.evaluate(() => {
    const anchor = document.createElement('span')
    anchor.tabIndex = -1
    document.body.prepend(anchor)
    anchor.focus()
    anchor.remove()
  })
  for (let step = 0; step < 3 * expected.length + 10; step++) {
    await page.keyboard.press('Tab')
    problems.push(...(await ringsLeftBehind(page)).map((p) => `${where}: ${p}`))
    const ring = await readRing(page)
    // Past the last control focus leaves the document (the browser's own UI): the walk is done.
    if (ring.description === 'body') break
    if (ring.id !== null) {
      if (reached.has(ring.id)) break
      reached.add(ring.id)
    }
    // Controls that appear on the way (a menu opening on focus) need a ring too.
    if (ring.problem) problems.push(`${where}: ${ring.description}: ${ring.problem}`)
  }
  expected.forEach((description, id) => {
    if (!reached.has(String(id))) problems.push(`${where}: ${description} is not reachable with Tab`)
  })
  return problems
}

describe('keyboard', () => {
  for (const variant of VARIANTS) {
    test(`behavior: Tab reaches every control of the landing, explore and swap screens, each with a visible focus ring (${variant.name})`, async () => {
      const context = await newContext(variant.options)
      const problems: string[] = []
      try {
        const page = await context.newPage()
        const say = sayer(variant.options.locale)
        for (const path of ['/', '/explore']) {
          await load(page, path)
          problems.push(...(await tabThrough(page, `${variant.name} ${path}`)))
        }
        await load(page, `/swap?chain=ethereum&inputCurrency=ETH&outputCurrency=${usdcAddress()}`)
        await connectLocalWallet(page, say)
        await byTestId(page, 'swap-input-amount').fill('0.01')
        await page
          .locator('[data-testid="swap-button"]:not([disabled])', { hasText: say('swap.button.review') })
          .waitFor()
        problems.push(...(await tabThrough(page, `${variant.name} /swap`)))
      } finally {
        await context.close()
      }
      assert.deepEqual(problems, [])
    })
  }

  test('behavior: dialogs keep focus inside while open (Tab and Shift+Tab) and return it to their opener on close', async () => {
    const context = await newContext(VARIANTS[0]?.options)
    const problems: string[] = []
    const say = sayer('en-US')
    try {
      const page = await context.newPage()
      await load(page, '/swap?chain=ethereum')
      const header = page.locator('header')
      const cases: { name: string; opener: Locator; dialog: Locator }[] = [
        {
          name: 'connect drawer',
          opener: header.getByRole('button', { name: say('wallet.connect.button'), exact: true }),
          dialog: page.getByRole('dialog', { name: say('wallet.connect.title') }),
        },
        {
          name: 'search modal',
          opener: header.getByRole('button', { name: say('header.search') }),
          dialog: page.getByRole('dialog', { name: say('search.dialog.label') }),
        },
        {
          name: 'token selector',
          opener: byTestId(page, 'swap-input-token'),
          dialog: page.locator('[role="dialog"][data-testid="token-selector"]'),
        },
        {
          name: 'swap settings',
          opener: byTestId(page, 'swap-settings'),
          dialog: page.getByRole('dialog', { name: say('swap.settings.title') }),
        },
      ]
      for (const { name, opener, dialog } of cases)
        problems.push(...(await checkDialog(page, name, opener, dialog)))
      // The review needs a wallet and a quote.
      await connectLocalWallet(page, say)
      await byTestId(page, 'swap-output-token').click()
      await page.locator('[data-testid="token-search"]').fill('USDC')
      // The real USDC: an impersonator shares the symbol and, with market prices, may sort first.
      await page.locator(`[data-testid="token-option"][data-address="${usdcAddress()}" i]`).first().click()
      await byTestId(page, 'swap-input-amount').fill('0.01')
      const review = page.locator('[data-testid="swap-button"]:not([disabled])', {
        hasText: say('swap.button.review'),
      })
      await review.waitFor()
      problems.push(
        ...(await checkDialog(
          page,
          'review',
          review,
          page.getByRole('dialog', { name: say('swap.review.title') }),
        )),
      )
    } finally {
      await context.close()
    }
    assert.deepEqual(problems, [])
  })
})

/** The devnet's USDC on Ethereum (not its impersonator). */
function usdcAddress(): string {
  return seededToken(file.stack.manifest.networks.ethereum, 'USDC')
}

async function connectLocalWallet(page: Page, say: Say): Promise<void> {
  const header = page.locator('header')
  await header.getByRole('button', { name: say('wallet.connect.button'), exact: true }).click()
  await page
    .getByRole('dialog', { name: say('wallet.connect.title') })
    .getByRole('button', { name: LOCAL_WALLET })
    .click()
  await header
    .getByRole('button', {
      name: say('wallet.account.label', { address: `${ACCOUNT_0.slice(0, 8)}…${ACCOUNT_0.slice(-6)}` }),
    })
    .waitFor()
}

/** Opens a dialog from its opener with Enter, tabs around it both ways, closes it with Escape. */
async function checkDialog(page: Page, name: string, opener: Locator, dialog: Locator): Promise<string[]> {
  const problems: string[] = []
  await opener.focus()
  await page.keyboard.press('Enter')
  await dialog.waitFor()
  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement))
  // Let the dialog settle (lists load, the first field takes focus).
  await page.waitForTimeout(300)
  if (!(await inside())) problems.push(`${name}: focus did not move into the dialog when it opened`)
  const count = await dialog.evaluate(
    (element, selector) =>
      [...element.querySelectorAll<HTMLElement>(selector)].filter((e) => e.checkVisibility()).length,
    TABBABLE,
  )
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < count + 2; step++) {
      await page.keyboard.press(key)
      if (!(await inside())) {
        problems.push(`${name}: ${key} number ${step + 1} moved focus out of the dialog`)
        break
      }
    }
  }
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  const back = await opener.evaluate((element) => element === document.activeElement)
  if (!back) {
    const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? 'nothing')
    problems.push(`${name}: focus did not return to the opener on close (it is on ${at})`)
  }
  return problems
}

describe('screen reader names', () => {
  for (const variant of [VARIANTS[0], VARIANTS[2]] as Variant[]) {
    test(`behavior: a whole swap is done by role and accessible name alone, with the keyboard (${variant.name})`, async () => {
      const context = await newContext(variant.options)
      const say = sayer(variant.options.locale)
      try {
        const page = await context.newPage()
        await load(page, '/swap?chain=ethereum')
        const press = async (control: Locator, key = 'Enter') => {
          await control.focus()
          await page.keyboard.press(key)
        }
        const header = page.getByRole('banner')
        await press(header.getByRole('button', { name: say('wallet.connect.button'), exact: true }))
        await press(
          page
            .getByRole('dialog', { name: say('wallet.connect.title') })
            .getByRole('button', { name: LOCAL_WALLET }),
        )
        await header
          .getByRole('button', {
            name: say('wallet.account.label', { address: `${ACCOUNT_0.slice(0, 8)}…${ACCOUNT_0.slice(-6)}` }),
          })
          .waitFor()

        const swap = page.getByRole('region', { name: say('swap.mode.swap') })
        const sell = swap.getByRole('group', { name: say('swap.panel.sell') })
        const buy = swap.getByRole('group', { name: say('swap.panel.buy') })
        const choose = async (side: Locator, symbol: string) => {
          await press(side.getByRole('button').first())
          const selector = page.getByRole('dialog', { name: say('swap.selector.title') })
          // By address for USDC: its impersonator shares the symbol.
          await selector
            .getByRole('combobox', { name: say('swap.selector.search') })
            .fill(symbol === 'USDC' ? usdcAddress() : symbol)
          const option = selector.getByRole('option', { name: new RegExp(`^${symbol}\\b`) }).first()
          await option.waitFor()
          await page.keyboard.press('Enter')
          await selector.waitFor({ state: 'hidden' })
          assert.match((await side.getByRole('button').first().textContent()) ?? '', new RegExp(symbol))
        }
        await choose(sell, 'ETH')
        await choose(buy, 'USDC')
        await sell.getByRole('textbox', { name: say('swap.amount') }).pressSequentially('0.01')
        const review = swap.getByRole('button', { name: say('swap.button.review'), exact: true })
        await page.waitForFunction(
          (name) =>
            [...document.querySelectorAll('button')].some(
              (b) => b.textContent?.trim() === name && !b.disabled,
            ),
          say('swap.button.review'),
        )
        await press(review)
        const dialog = page.getByRole('dialog', { name: say('swap.review.title') })
        await dialog.getByText(say('swap.review.youPay')).waitFor()
        await press(dialog.getByRole('button', { name: say('swap.button.swap'), exact: true }))
        const done = page.getByRole('dialog', { name: template(say('swap.status.confirmed')) })
        await done.waitFor({ timeout: 30_000 })
        await press(done.getByRole('button', { name: say('swap.close'), exact: true }))
        await done.waitFor({ state: 'hidden' })
      } finally {
        await context.close()
      }
    })
  }
})
