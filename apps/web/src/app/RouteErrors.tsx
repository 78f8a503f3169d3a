import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link, useRouteError } from 'react-router'
import { defineMessages } from '../lib/messages.ts'
import { useErrorReport } from '../modules/analytics/index.ts'
import { Button, Page } from '../modules/ui/index.ts'
import styles from './RouteErrors.module.css'

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

const m = defineMessages({
  title: { id: 'error.crash.title', defaultMessage: 'Oops! Something went wrong.' },
  support: {
    id: 'error.crash.support',
    defaultMessage: 'If you contact support, please quote this error ID so we can find what happened.',
  },
  errorId: { id: 'error.crash.id', defaultMessage: 'Error ID: {id}' },
})

/**
 * Error boundary of the page area (the header stays usable whatever a page throws): the spec's
 * crash text with the error's id, the same id the error report sent to analytics carries.
 */
export function PageError() {
  const error = useRouteError()
  const errorId = useErrorReport(error)
  return (
    <Page title={<FormattedMessage {...m.title} />}>
      <p>
        <FormattedMessage {...m.support} />
      </p>
      <p className={styles.errorId} data-testid="error-id">
        <FormattedMessage {...m.errorId} values={{ id: errorId }} />
      </p>
      <div>
        <Link to="/swap">
          <FormattedMessage id="error.page.toSwap" defaultMessage="Go to swap" />
        </Link>
      </div>
    </Page>
  )
}

/**
 * Last resort outside the layout (no intl context guaranteed): the spec's crash text in plain
 * English, with the id of the error report.
 */
export function RootError() {
  const errorId = useErrorReport(useRouteError())
  return (
    <main>
      <h1>Oops! Something went wrong.</h1>
      <p>If you contact support, please quote this error ID so we can find what happened.</p>
      <p className={styles.errorId} data-testid="error-id">
        Error ID: {errorId}
      </p>
      <p>
        <a href="/swap">Reload the app</a>
      </p>
    </main>
  )
}
