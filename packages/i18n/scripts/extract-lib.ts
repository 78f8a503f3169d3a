import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const here = dirname(fileURLToPath(import.meta.url))
export const packageRoot = resolve(here, '..')
export const repoRoot = resolve(packageRoot, '../..')
export const localesDir = join(packageRoot, 'locales')
export const SOURCE_GLOB = 'apps/web/src/**/*.{ts,tsx}'
const MISSING_ID = 'MISSING_EXPLICIT_ID_'

/**
 * Extracts react-intl messages (FormattedMessage, formatMessage, defineMessage(s)) from the web
 * app's sources with the formatjs CLI into `outFile` as a flat, key-sorted { id: ICU message }
 * catalog. Fails when a message has no explicit `id` (the CLI would invent a hash id).
 * `sourceRoot` is the checkout to read apps/web/src from (default: this one).
 */
export async function extractMessages(
  outFile: string,
  sourceRoot = repoRoot,
): Promise<Record<string, string>> {
  const require = createRequire(import.meta.url)
  const cli = join(dirname(require.resolve('@formatjs/cli/package.json')), 'bin', 'formatjs')
  await run(
    process.execPath,
    [
      cli,
      'extract',
      SOURCE_GLOB,
      '--ignore',
      '**/*.test.ts',
      '**/*.test.tsx',
      '--format',
      'simple',
      '--id-interpolation-pattern',
      `${MISSING_ID}[sha512:contenthash:hex:8]`,
      '--throws',
      '--out-file',
      outFile,
    ],
    { cwd: sourceRoot, maxBuffer: 16 * 1024 * 1024 },
  )
  const raw = JSON.parse(await readFile(outFile, 'utf8')) as Record<string, string>
  const missing = Object.entries(raw).filter(([id]) => id.startsWith(MISSING_ID))
  if (missing.length > 0) {
    throw new Error(
      `messages without an explicit id: ${missing.map(([, message]) => JSON.stringify(message)).join(', ')}`,
    )
  }
  const sorted = Object.fromEntries(Object.entries(raw).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  await writeFile(outFile, `${JSON.stringify(sorted, null, 2)}\n`)
  return sorted
}
