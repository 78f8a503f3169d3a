import { createStore } from '../../../lib/createStore.ts'

/**
 * A title a page knows only once its data arrived (a token's name and symbol), for one path. The
 * route's own title stands until then and again once the path changes.
 */
export const pageTitleStore = createStore<{ pathname: string; title: string } | null>(null)

/** Sets (or, with null, clears) the current page's data-driven title. */
export function setPageTitle(pathname: string, title: string | null): void {
  pageTitleStore.set(title === null ? null : { pathname, title })
}
