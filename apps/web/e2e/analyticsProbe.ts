/**
 * Watches (never answers) what the browser sends to the real API's analytics endpoint: the events
 * of every batch the API accepted whole (200, `rejected: 0`), for tests that check what reached
 * analytics.
 */
import type { BrowserContext } from 'playwright-core'

export interface AnalyticsEventBody {
  readonly name: string
  readonly properties: Record<string, unknown>
}

/** Starts recording into `events` every batch `apiUrl`'s /v1/analytics accepted in `context`. */
export function recordAcceptedAnalytics(
  context: BrowserContext,
  apiUrl: string,
  events: AnalyticsEventBody[],
): void {
  context.on('requestfinished', async (request) => {
    if (request.url() !== `${apiUrl}/v1/analytics` || request.method() !== 'POST') return
    const response = await request.response()
    if (response?.status() !== 200) return
    const answer = (await response.json().catch(() => undefined)) as { rejected?: unknown } | undefined
    if (answer?.rejected !== 0) return
    const body = request.postDataJSON() as { events: AnalyticsEventBody[] }
    events.push(...body.events)
  })
}
