import { spawnSync } from 'node:child_process'
import { readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'

export const appDir = resolve(import.meta.dirname, '..')
export const distDir = join(appDir, 'dist')

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined)
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)))
  return newest
}

/** Runs `vite build` when dist/ is missing or any source is newer than it. */
export async function ensureBuilt(): Promise<void> {
  const built = await stat(join(distDir, 'index.html')).catch(() => undefined)
  const sources = Math.max(
    await newestMtime(join(appDir, 'src')),
    await newestMtime(join(appDir, 'index.html')),
    await newestMtime(join(appDir, 'public')),
  )
  if (built && built.mtimeMs >= sources) return
  console.log('web: building the app (vite build)…')
  const result = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--logLevel',
      'warn',
      ...(process.env.OXBOW_WEB_VITE_CONFIG ? ['--config', process.env.OXBOW_WEB_VITE_CONFIG] : []),
    ],
    { cwd: appDir, stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error('web: vite build failed')
}
