/**
 * `npm run bench:web`: initial JavaScript (gzip) of / and /swap measured in Chromium, then the
 * Lighthouse performance score and CLS of both (mobile emulation, Debian chromium).
 * Targets: initial JS <= 200 KB gzip, Lighthouse >= 95, CLS <= 0.02. Exits 1 when a target is missed.
 * OXBOW_LH_REPORTS=<existing dir> keeps the full Lighthouse reports there.
 */
import { spawn } from 'node:child_process'
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium, startWeb } from '../test/harness.ts'
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from './measureInitialJs.ts'

const BENCH_PORT = 23575
const paths = ['/', '/swap']

const LIGHTHOUSE_CHROME_PORT = 23578

/**
 * Chromium for Lighthouse, started and stopped here (by pid): Lighthouse's own launcher left the
 * browser running after the run on these machines.
 */
async function startChromiumForLighthouse(profile: string) {
  const chrome = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      `--remote-debugging-port=${LIGHTHOUSE_CHROME_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  )
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${LIGHTHOUSE_CHROME_PORT}/json/version`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return () => {
    if (chrome.pid !== undefined) {
      try {
        process.kill(-chrome.pid, 'SIGKILL')
      } catch {}
    }
  }
}

function runLighthouse(url: string, out: string): Promise<void> {
  const bin = resolve(import.meta.dirname, '../../../node_modules/lighthouse/cli/index.js')
  return new Promise((resolveRun, reject) => {
    const child = spawn(
      process.execPath,
      [
        bin,
        url,
        '--only-categories=performance',
        '--form-factor=mobile',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        `--port=${LIGHTHOUSE_CHROME_PORT}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`lighthouse exited ${code}: ${stderr.slice(-800)}`)),
    )
  })
}

const web = await startWeb({ port: BENCH_PORT })
let failed = false
try {
  const browser = await launchChromium()
  console.log('initial JavaScript (gzip, as requested on first load):')
  for (const path of paths) {
    const measured = await measureInitialJs(browser, web.url, path)
    const ok = measured.gzipBytes <= INITIAL_JS_BUDGET_BYTES
    failed ||= !ok
    console.log(
      `  ${path.padEnd(6)} ${(measured.gzipBytes / 1024).toFixed(1).padStart(6)} KB in ${measured.files.length} files  ${ok ? 'ok' : 'OVER'} (budget 200 KB)`,
    )
  }
  await browser.close()

  const dir = await mkdtemp(join(tmpdir(), 'oxbow-lh-'))
  console.log('lighthouse (performance, mobile emulation):')
  const stopChromium = await startChromiumForLighthouse(join(dir, 'profile'))
  for (const path of paths) {
    const out = join(dir, 'report.json')
    try {
      // A freshly started browser sometimes misses the first trace (NO_NAVSTART): retry once.
      await runLighthouse(web.url + path, out).catch(() => runLighthouse(web.url + path, out))
      const report = JSON.parse(await readFile(out, 'utf8'))
      // OXBOW_LH_REPORTS=dir keeps each full report (for the diagnostics behind a score).
      const keep = process.env.OXBOW_LH_REPORTS
      if (keep)
        await copyFile(
          out,
          join(keep, `lighthouse${path === '/' ? '-root' : path.replaceAll('/', '-')}.json`),
        )
      const score = Math.round(report.categories.performance.score * 100)
      const a = report.audits
      const cls = a['cumulative-layout-shift'].numericValue as number
      const ok = score >= 95 && cls <= 0.02
      failed ||= !ok
      console.log(
        `  ${path.padEnd(6)} score ${score}  FCP ${a['first-contentful-paint'].displayValue}  LCP ${a['largest-contentful-paint'].displayValue}  TBT ${a['total-blocking-time'].displayValue}  CLS ${cls.toFixed(3)}  ${ok ? 'ok' : 'MISSED'} (targets >= 95, CLS <= 0.02)`,
      )
    } catch (error) {
      failed = true
      console.log(`  ${path.padEnd(6)} lighthouse failed: ${(error as Error).message}`)
    }
  }
  stopChromium()
  await rm(dir, { recursive: true, force: true })
} finally {
  await web.close()
}
process.exit(failed ? 1 : 0)
