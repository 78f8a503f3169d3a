export { usePageViews } from './hooks/usePageViews.ts'
export {
  type AnalyticsClient,
  type AnalyticsEvent,
  createAnalyticsClient,
  isSessionSampled,
} from './services/analyticsClient.ts'
export { type UploadStatus, uploadStatus } from './services/uploadStatus.ts'
export { reportWebVitals } from './services/webVitals.ts'
