import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve } from 'node:path'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { RuntimeConfig } from '../src/modules/config/index.ts'
import { type BootShell, bootShell } from './bootShell.ts'
import { escapeHtml } from './html.ts'
import { readBuildManifest, routePreloadLinks } from './routePreloads.ts'
import { securityHeaders } from './securityHeaders.ts'

export interface WebServerOptions {
  /** The Vite build output (index.html + assets/). */
  readonly distDir: string
  readonly config: RuntimeConfig
  /** Paths redirected to /swap by the app (the blocked-paths meta tag). */
  readonly blockedPaths?: readonly string[]
  /** Trust X-Forwarded-Proto from a TLS-terminating proxy when deciding on HSTS. */
  readonly trustProxy?: boolean
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/**
 * Fills the config and blocked-paths meta tags and the canonical link of the built index.html, and,
 * given a boot shell, the root's placeholder and the page's language and direction.
 */
export function renderIndex(
  html: string,
  options: {
    config: RuntimeConfig
    blockedPaths: readonly string[]
    canonical: string
    shell?: BootShell
    /** The page's own chunks to preload (routePreloads.ts). */
    preloads?: string
  },
): string {
  const { shell } = options
  const withShell = shell
    ? html
        .replace(
          '<html lang="en-US" dir="ltr">',
          `<html lang="${escapeHtml(shell.lang)}" dir="${shell.dir}">`,
        )
        .replace('<div class="boot-header"><span class="boot-logo">Oxbow</span></div>', shell.root)
    : html
  return withShell
    .replace(
      '<meta name="oxbow:config" content="" />',
      `<meta name="oxbow:config" content="${escapeHtml(JSON.stringify(options.config))}" />`,
    )
    .replace(
      '<meta name="oxbow:blocked-paths" content="" />',
      `<meta name="oxbow:blocked-paths" content="${escapeHtml(options.blockedPaths.join(','))}" />`,
    )
    .replace(
      '</head>',
      `  <link rel="canonical" href="${escapeHtml(options.canonical)}" />\n${options.preloads ? `    ${options.preloads}\n` : ''}  </head>`,
    )
}

/**
 * The web app's HTTP server (a Hono app): built files with long-lived caching for hashed assets,
 * GET /config.json, and index.html for every other path (SPA fallback), all with strict security
 * headers.
 */
export function createWebServer(options: WebServerOptions): Hono {
  const root = resolve(options.distDir)
  const blockedPaths = options.blockedPaths ?? []
  const app = new Hono()
  let indexHtml: string | undefined
  let manifest: ReturnType<typeof readBuildManifest> | undefined

  app.use('*', async (c, next) => {
    await next()
    const forwarded = options.trustProxy ? c.req.header('x-forwarded-proto') : undefined
    const overTls = new URL(c.req.url).protocol === 'https:' || forwarded === 'https'
    for (const [name, value] of Object.entries(securityHeaders(options.config, overTls)))
      c.header(name, value)
  })
  app.use('*', compress())

  app.get('/config.json', (c) => {
    c.header('cache-control', 'no-store')
    return c.json(options.config)
  })

  app.get('*', async (c) => {
    const raw = new URL(c.req.url).pathname
    const path = decodedPath(raw)
    // A malformed escape (e.g. a lone %E0) names no file: under /assets/ a 404, elsewhere the app's
    // shell, whose router shows its not-found state (it used to be a 500).
    if (path === null && raw.startsWith('/assets/')) return c.text('Not found', 404)
    if (path !== null && path !== '/' && path !== '/index.html') {
      const file = normalize(join(root, path))
      // Not the build's manifest (dist/.vite/): it is the server's, not the browser's.
      if (file.startsWith(`${root}/`) && !file.startsWith(`${root}/.vite/`)) {
        const info = await stat(file).catch(() => undefined)
        if (info?.isFile()) {
          const body = await readFile(file)
          c.header('content-type', contentTypes[extname(file)] ?? 'application/octet-stream')
          c.header(
            'cache-control',
            path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          )
          return c.body(body)
        }
      }
      // A missing hashed asset is a 404, not the app shell (the lazy-chunk recovery relies on it).
      if (path.startsWith('/assets/')) return c.text('Not found', 404)
    }
    indexHtml ??= await readFile(join(root, 'index.html'), 'utf8')
    c.header('cache-control', 'no-cache')
    const url = new URL(c.req.url)
    const canonical = new URL(url.pathname, url.origin).href
    const shell = await bootShell({
      path: url.pathname,
      lng: url.searchParams.get('lng'),
      acceptLanguage: c.req.header('accept-language'),
    })
    // The shell's language follows Accept-Language: caches must keep one copy per language.
    c.header('vary', 'Accept-Language')
    manifest ??= readBuildManifest(root)
    const preloads = routePreloadLinks(await manifest, url.pathname)
    return c.html(
      renderIndex(indexHtml, { config: options.config, blockedPaths, canonical, shell, preloads }),
    )
  })

  return app
}

/** A URL path decoded, or null when its percent-escapes are malformed. */
function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return null
  }
}
