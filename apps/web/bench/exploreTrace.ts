/**
 * Where a warm /explore load spends its time: the same stack as `bench:explore` (ports 28500+,
 * 28590, 28575), then RUNS warm loads of /explore/tokens/ethereum, each printing the browser's
 * timeline (page-relative ms): the HTML, every script and GraphQL request (start, end), long tasks,
 * the app's first commit (the boot shell replaced) and the first table row. With TRACE=<file> the
 * last run also writes a Chromium performance trace (open it in DevTools' Performance panel); with
 * PROFILE=<file> a CPU profile of one warm reload; FETCHES=1 prints each fetch with its caller.
 * EXPLORE_PATH and READY (a selector) measure another page. Run inside `unshare -n` like the bench:
 * `npx tsx bench/exploreTrace.ts` (RUNS=5 by default).
 */
import { writeFile } from 'node:fs/promises'
import { withExploreStack } from './exploreStack.ts'

const RUNS = Number(process.env.RUNS ?? 5)
const PATH = process.env.EXPLORE_PATH ?? '/explore/tokens/ethereum'
const READY = process.env.READY ?? '[data-testid=explore-token-row]'

/**
 * Runs in the page before its scripts: marks the app's first commit and the first ready element. A
 * string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const observe = (ready: string) => `
  window.__marks = {}
  window.__long = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
  new MutationObserver(() => {
    const root = document.getElementById('root')
    if (root && !window.__marks.commit && !root.querySelector('.boot-header')) window.__marks.commit = performance.now()
    if (!window.__marks.ready && document.querySelector(${JSON.stringify(ready)})) window.__marks.ready = performance.now()
  }).observe(document, { childList: true, subtree: true })
  window.__fetches = []
  const fetch0 = window.fetch
  window.fetch = function (input, init) {
    const body = typeof init?.body === 'string' ? init.body.slice(0, 60) : ''
    window.__fetches.push([performance.now(), String(input).slice(-30), body, (new Error().stack || '').split('\\n').slice(2, 9).map((l) => l.trim().replace(/https?:\\/\\/[^/]+\\/assets\\//, '')).join(' < ')])
    return fetch0.apply(this, arguments)
  }
`

await withExploreStack(async ({ web, browser }) => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  await context.addInitScript(observe(READY))
  const page = await context.newPage()
  for (let i = 0; i < 2; i++) {
    await page.goto(web.url + PATH)
    await page.locator(READY).first().waitFor()
  }
  if (process.env.PROFILE) {
    // A CPU profile of a warm reload (same renderer, so the session survives), self time by
    // function until the ready element shows.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    await cdp.send('Profiler.start')
    await page.reload()
    await page.locator(READY).first().waitFor()
    const { profile } = await cdp.send('Profiler.stop')
    await writeFile(process.env.PROFILE, JSON.stringify(profile))
  }
  for (let run = 0; run < RUNS; run++) {
    await page.goto('about:blank')
    const tracing = process.env.TRACE && run === RUNS - 1
    if (tracing)
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'v8.execute',
          'blink.user_timing',
          'loading',
          'disabled-by-default-devtools.timeline',
        ],
      })
    const start = performance.now()
    const startEpoch = Date.now()
    await page.goto(web.url + PATH)
    const gotoDone = performance.now() - start
    await page.locator(READY).first().waitFor()
    const wall = performance.now() - start
    await page.waitForTimeout(300)
    if (tracing) await writeFile(process.env.TRACE as string, await browser.stopTracing())
    const t = await page.evaluate(() => {
      const w = window as unknown as { __marks: Record<string, number>; __long: [number, number][] }
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        name: r.name.replace(location.origin, '').replace(/^.*\/graphql.*$/, 'graphql'),
        type: r.initiatorType,
        start: r.startTime,
        end: r.responseEnd,
        size: r.transferSize,
      }))
      const paints = performance.getEntriesByType('paint').map((p) => [p.name, p.startTime] as const)
      return {
        origin: performance.timeOrigin,
        load: nav.loadEventEnd,
        // Marks a temporary instrumentation of the app may add (performance.mark).
        userMarks: performance
          .getEntriesByType('mark')
          .map((m) => `${m.name} ${m.startTime.toFixed(0)}`)
          .join(', '),
        fetches: (window as unknown as { __fetches: unknown[] }).__fetches,
        nav: {
          responseEnd: nav.responseEnd,
          domInteractive: nav.domInteractive,
          dcl: nav.domContentLoadedEventEnd,
        },
        marks: w.__marks,
        long: w.__long,
        res,
        paints,
      }
    })
    const r = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(0))
    console.log(
      `run ${run}: wall ${wall.toFixed(0)} ms; html ${r(t.nav.responseEnd)}, domInteractive ${r(t.nav.domInteractive)}, DCL ${r(t.nav.dcl)}, commit ${r(t.marks.commit)}, ready ${r(t.marks.ready)}; paints ${t.paints.map(([n, s]) => `${n} ${r(s)}`).join(', ')}`,
    )
    console.log(
      `  before navigation start ${(t.origin - startEpoch).toFixed(0)} ms, goto returned ${gotoDone.toFixed(0)} (load ${r(t.load)}), after ready ${(startEpoch + wall - t.origin - (t.marks.ready ?? 0)).toFixed(0)} ms`,
    )
    if (t.userMarks) console.log('  marks:', t.userMarks)
    if (process.env.FETCHES) for (const f of t.fetches) console.log('  fetch', JSON.stringify(f))
    console.log(`  long tasks: ${t.long.map(([s, d]) => `${r(s)}+${r(d)}`).join(', ')}`)
    const scripts = t.res.filter((x) => x.type !== 'img')
    const first = Math.min(...scripts.map((x) => x.start))
    const last = Math.max(...scripts.filter((x) => x.name.endsWith('.js')).map((x) => x.end))
    console.log(`  ${scripts.length} requests, first start ${r(first)}, last .js end ${r(last)}`)
    for (const x of scripts.filter((x) => !x.name.endsWith('.js') || x.start > first + 5))
      console.log(`  ${x.name} (${x.type}) ${r(x.start)} -> ${r(x.end)} ${x.size} B`)
  }
})
process.exit(0)
