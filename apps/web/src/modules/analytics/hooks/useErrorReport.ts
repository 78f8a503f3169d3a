import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useAnalyticsClient } from '../components/AnalyticsProvider.tsx'
import { createErrorId, ERROR_REPORT_EVENT, errorReportProperties } from '../services/errorReport.ts'

/**
 * Reports `error` once (every session, not only sampled ones) and returns its id, the one the
 * report carries, for the crash screen to show and the user to quote to support.
 */
export function useErrorReport(error: unknown): string {
  const client = useAnalyticsClient()
  const { pathname } = useLocation()
  const [errorId] = useState(() => createErrorId())
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    void client.report(ERROR_REPORT_EVENT, errorReportProperties(error, errorId, pathname))
  }, [client, error, errorId, pathname])
  return errorId
}
