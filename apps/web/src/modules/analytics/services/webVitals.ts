import type { AnalyticsClient } from './analyticsClient.ts'

/**
 * Reports LCP, FCP, CLS and INP as analytics events. The spec lists first input delay; web-vitals
 * no longer measures FID (removed in v5), so INP, its successor, is reported in its place (README). The library
 * is its own chunk, loaded only for a sampled session: it reads the buffered performance entries,
 * so loading it after start-up still sees the first paints and every layout shift.
 */
export async function reportWebVitals(client: AnalyticsClient): Promise<void> {
  if (!client.sampled) return
  const { onCLS, onFCP, onINP, onLCP } = await import('web-vitals')
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
