/** The web app is an application, not a library: this entry only exposes its pure helpers for tests. */
export { uploadStatus } from './modules/analytics/index.ts'
