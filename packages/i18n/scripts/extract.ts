/**
 * `npm run i18n:extract`: refresh locales/en-US.json from the web app's react-intl messages, then
 * drop keys the web no longer has from every other catalog (their translations are dead text).
 * New keys are not added elsewhere: the coverage check lists what each complete locale lacks.
 * `--from <dir>` reads apps/web/src of another checkout (e.g. an export of HEAD).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { extractMessages, localesDir } from './extract-lib.ts'

const out = join(localesDir, 'en-US.json')
const fromIndex = process.argv.indexOf('--from')
const sourceRoot = fromIndex > 0 ? process.argv[fromIndex + 1] : undefined
const messages = await extractMessages(out, sourceRoot ? resolve(sourceRoot) : undefined)
console.log(`extracted ${Object.keys(messages).length} messages into ${out}`)

for (const file of (await readdir(localesDir)).filter((name) => name.endsWith('.json')).sort()) {
  if (file === 'en-US.json') continue
  const path = join(localesDir, file)
  const catalog = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>
  const stale = Object.keys(catalog).filter((key) => !Object.hasOwn(messages, key))
  if (stale.length === 0) continue
  for (const key of stale) delete catalog[key]
  await writeFile(path, `${JSON.stringify(catalog, null, 2)}\n`)
  console.log(`${file}: removed ${stale.length} stale key(s): ${stale.join(', ')}`)
}
