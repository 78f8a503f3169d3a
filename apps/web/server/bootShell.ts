/**
 * The static shell the server puts into index.html's root, shown from the first paint until the app
 * renders over it. On the landing (`/`) it is the hero's title in the visitor's language, at the
 * app's size and place: the page's largest text then paints with the HTML, not after the app's
 * JavaScript (Largest Contentful Paint equals First Contentful Paint, issue #19). Elsewhere it is
 * the header bar. Everything inserted is escaped text.
 */
import { isRtl, loadMessages, resolveLocale } from '@oxbow/i18n'
import { escapeHtml } from './html.ts'

export interface BootShell {
  readonly lang: string
  readonly dir: 'ltr' | 'rtl'
  /** Markup for inside `<div id="root">`. */
  readonly root: string
}

/** The boot header of index.html (every route but the landing). */
const HEADER = '<div class="boot-header"><span class="boot-logo">Oxbow</span></div>'

/** Language tags of an Accept-Language header, most preferred first (at most 10, q=0 dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .slice(0, 10)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q === undefined ? 1 : Number(q.slice(2))
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag)
}

/** ICU message text without placeholders: '' is a quote, a quoted span is literal. */
function plainMessage(text: string): string {
  return text.replace(/'([^']*)'/g, (_, inner: string) => (inner === '' ? "'" : inner))
}

/**
 * The shell for a request: the landing's title in the language the app will choose (the `lng`
 * parameter, else the browser's languages; a saved choice only the browser knows), or the header.
 */
export async function bootShell(request: {
  path: string
  lng?: string | null
  acceptLanguage?: string | undefined
}): Promise<BootShell> {
  const lang = resolveLocale({
    param: request.lng ?? null,
    browser: acceptedLanguages(request.acceptLanguage),
  })
  const dir = isRtl(lang) ? 'rtl' : 'ltr'
  if (request.path !== '/') return { lang, dir, root: HEADER }
  const title = (await loadMessages(lang))['landing.title']
  if (!title || /[{}]/.test(title)) return { lang, dir, root: HEADER }
  return {
    lang,
    dir,
    root:
      '<div class="boot-landing"><div class="boot-topbar"><span class="boot-logo">Oxbow</span></div>' +
      `<div class="boot-hero"><h1 class="boot-title">${escapeHtml(plainMessage(title))}</h1></div></div>`,
  }
}
