import { useEffect } from 'react'
import { useLocation } from 'react-router'
import type { AnalyticsClient } from '../services/analyticsClient.ts'

/** One page_view event per route change. */
export function usePageViews(client: AnalyticsClient): void {
  const { pathname } = useLocation()
  useEffect(() => {
    client.track('page_view', { path: pathname })
  }, [client, pathname])
}
