import type { AnalyticsEvent } from './analyticsClient.ts'

/** The analytics event an error report is sent as (see `AnalyticsClient.report`). */
export const ERROR_REPORT_EVENT = 'app_error'

/** The API keeps strings up to 512 characters (apps/api analytics proxy). */
const MAX_TEXT = 500

/**
 * A new error id: 32 hex digits from the browser's CSPRNG (`crypto.getRandomValues`, available
 * outside secure contexts too, unlike `randomUUID`). Shown on the crash page and sent with the report.
 */
export function createErrorId(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** What is reported about an error: its id, where it happened, and its name and message (cut short). */
export function errorReportProperties(
  error: unknown,
  errorId: string,
  path: string,
): AnalyticsEvent['properties'] {
  const name = error instanceof Error ? error.name : typeof error
  const message = error instanceof Error ? error.message : String(error)
  return {
    errorId,
    path: path.slice(0, MAX_TEXT),
    errorName: name.slice(0, 64),
    message: message.slice(0, MAX_TEXT),
  }
}
