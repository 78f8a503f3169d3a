/**
 * The translation coverage report (run by `npm test`): prints per locale the share of en-US keys
 * translated, and exits non-zero when en-US.json is stale versus the web sources (re-extracted into
 * a temp file), a catalog has an ICU syntax error or placeholders that differ from en-US, or a
 * locale marked complete lacks a key.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { locales } from '../src/locales.ts'
import { checkCatalog } from './coverage-lib.ts'
import { extractMessages, localesDir } from './extract-lib.ts'

const failures: string[] = []
const readCatalog = async (tag: string): Promise<Record<string, unknown> | undefined> => {
  try {
    return JSON.parse(await readFile(join(localesDir, `${tag}.json`), 'utf8')) as Record<string, unknown>
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

const english = (await readCatalog('en-US')) as Record<string, string>
const temp = await mkdtemp(join(tmpdir(), 'oxbow-i18n-'))
try {
  const fresh = await extractMessages(join(temp, 'en-US.json'))
  if (JSON.stringify(fresh) !== JSON.stringify(english)) {
    const added = Object.keys(fresh).filter((key) => english[key] !== fresh[key])
    const removed = Object.keys(english).filter((key) => !Object.hasOwn(fresh, key))
    failures.push(
      `en-US.json is stale versus apps/web/src (run npm run i18n:extract): changed or new [${added.join(', ')}], removed [${removed.join(', ')}]`,
    )
  }
} finally {
  await rm(temp, { recursive: true, force: true })
}

const rows: string[] = []
for (const locale of locales) {
  const catalog = await readCatalog(locale.tag)
  if (!catalog) {
    if (locale.complete) failures.push(`${locale.tag} is marked complete but has no catalog`)
    rows.push(`${locale.tag.padEnd(8)}   0.0%  (no catalog)`)
    continue
  }
  const report = checkCatalog(locale.tag, catalog, english)
  const percent = ((report.translated / Math.max(1, report.total)) * 100).toFixed(1).padStart(5)
  rows.push(
    `${locale.tag.padEnd(8)} ${percent}%  ${report.translated}/${report.total}${locale.complete ? '  complete' : ''}`,
  )
  for (const problem of report.problems) failures.push(`${locale.tag} ${problem}`)
  if (locale.complete && report.missing.length > 0) {
    failures.push(`${locale.tag} is marked complete but lacks: ${report.missing.join(', ')}`)
  }
}
console.log(`translation coverage (share of ${Object.keys(english).length} en-US keys)`)
console.log(rows.join('\n'))
if (failures.length > 0) {
  console.error(`\n${failures.length} i18n problem(s):\n- ${failures.join('\n- ')}`)
  process.exitCode = 1
} else {
  console.log('\ni18n catalogs OK')
}
