export { AnalyticsProvider, useAnalyticsClient } from './components/AnalyticsProvider.tsx'
export { useErrorReport } from './hooks/useErrorReport.ts'
export { usePageViews } from './hooks/usePageViews.ts'
export {
  type AnalyticsClient,
  type AnalyticsEvent,
  createAnalyticsClient,
  isSessionSampled,
} from './services/analyticsClient.ts'
export { ERROR_REPORT_EVENT } from './services/errorReport.ts'
export { type UploadStatus, uploadStatus } from './services/uploadStatus.ts'
export { reportWebVitals } from './services/webVitals.ts'
