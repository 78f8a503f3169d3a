import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { Button, ComingSoon, Page } from '../modules/ui/index.ts'

export const CHUNK_RELOAD_KEY = 'oxbow.chunkReloadAt'

/** True (and remembered) when no automatic reload happened in the last 30 s: avoids reload loops. */
function claimAutomaticReload(): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0)
    if (Date.now() - last < 30_000) return false
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
    return navigator.onLine
  } catch {
    return false
  }
}

/**
 * Shown in the page area when a lazily loaded page could not be fetched. A new deployment is the
 * usual cause, so it reloads the page once by itself (the fresh index.html names the new chunks);
 * if the chunk fails again it stays, with a retry button.
 */
export function ChunkLoadFailed() {
  useEffect(() => {
    if (claimAutomaticReload()) location.reload()
  }, [])
  return (
    <Page title={<FormattedMessage id="error.chunk.title" defaultMessage="This page could not load" />}>
      <p>
        <FormattedMessage
          id="error.chunk.body"
          defaultMessage="Part of the app failed to download. Check your connection and try again."
        />
      </p>
      <div>
        <Button onClick={() => location.reload()}>
          <FormattedMessage id="error.retry" defaultMessage="Try again" />
        </Button>
      </div>
    </Page>
  )
}

/** Error boundary of the page area: the header stays usable whatever a page throws. */
export function PageError() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : undefined
  return (
    <Page title={<FormattedMessage id="error.page.title" defaultMessage="Something went wrong" />}>
      <ComingSoon>
        <FormattedMessage
          id="error.page.body"
          defaultMessage="This page hit an error{status, select, undefined {} other { ({status})}}. Other pages still work."
          values={{ status: status === undefined ? 'undefined' : String(status) }}
        />
      </ComingSoon>
      <div>
        <Link to="/swap">
          <FormattedMessage id="error.page.toSwap" defaultMessage="Go to swap" />
        </Link>
      </div>
    </Page>
  )
}

/** Last resort outside the layout (no intl context guaranteed): plain English. */
export function RootError() {
  return (
    <main>
      <h1>Oxbow hit an error</h1>
      <p>
        <a href="/swap">Reload the app</a>
      </p>
    </main>
  )
}
