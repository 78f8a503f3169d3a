import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { useLocation } from 'react-router'
import { useStore } from '../../../lib/createStore.ts'
import { routeMeta } from '../services/routeMeta.ts'
import { pageTitleStore } from '../state/pageTitle.ts'

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  const existing = document.head.querySelector<HTMLElement>(selector)
  if (existing) return existing
  const element = create()
  document.head.append(element)
  return element
}

/** Keeps <title>, the description meta and the canonical link in step with the route and language. */
export function useRouteMeta(): void {
  const { pathname, search } = useLocation()
  const intl = useIntl()
  const pageTitle = useStore(pageTitleStore)
  useEffect(() => {
    const meta = routeMeta(pathname, search)
    document.title =
      pageTitle?.pathname === pathname ? pageTitle.title : intl.formatMessage(meta.title, meta.values)
    upsert('meta[name="description"]', () =>
      Object.assign(document.createElement('meta'), { name: 'description' }),
    ).setAttribute('content', intl.formatMessage(meta.description, meta.values))
    upsert('link[rel="canonical"]', () =>
      Object.assign(document.createElement('link'), { rel: 'canonical' }),
    ).setAttribute('href', new URL(pathname, location.origin).href)
  }, [pathname, search, intl, pageTitle])
}
