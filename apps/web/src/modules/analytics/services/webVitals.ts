import { onCLS, onFCP, onINP, onLCP } from 'web-vitals'
import type { AnalyticsClient } from './analyticsClient.ts'

/** Reports LCP, FCP, CLS and INP (web-vitals' successor of FID) as analytics events. */
export function reportWebVitals(client: AnalyticsClient): void {
  if (!client.sampled) return
  const send = (metric: { name: string; value: number; rating: string; id: string }) =>
    client.track('web_vital', {
      metric: metric.name,
      value: metric.value,
      rating: metric.rating,
      id: metric.id,
    })
  onLCP(send)
  onFCP(send)
  onCLS(send)
  onINP(send)
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void client.flush()
  })
}
