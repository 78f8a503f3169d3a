import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { BUILD_HASH, getRuntimeConfig } from '../../config/index.ts'
import { preferencesStore } from '../../preferences/index.ts'
import { type AnalyticsClient, createAnalyticsClient, isSessionSampled } from '../services/analyticsClient.ts'

const AnalyticsContext = createContext<AnalyticsClient | null>(null)

/**
 * The session's analytics client, above the router so the last-resort error screen can report too.
 * Sampling (performance data) is decided once per session; the drawer's analytics setting turns usage
 * data off at once.
 */
export function AnalyticsProvider({ children }: { children: ReactNode }) {
  const client = useMemo(() => {
    const config = getRuntimeConfig()
    let sampled = false
    try {
      sampled = isSessionSampled(config.analyticsSampleRate, sessionStorage)
    } catch {}
    return createAnalyticsClient({
      apiUrl: config.apiUrl,
      buildHash: BUILD_HASH,
      sampled,
      allowed: () => preferencesStore.get().analytics,
    })
  }, [])
  return <AnalyticsContext.Provider value={client}>{children}</AnalyticsContext.Provider>
}

export function useAnalyticsClient(): AnalyticsClient {
  const client = useContext(AnalyticsContext)
  if (!client) throw new Error('useAnalyticsClient outside AnalyticsProvider')
  return client
}
