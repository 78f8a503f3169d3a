import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { AnalyticsProvider } from '../modules/analytics/index.ts'
import { I18nProvider } from '../modules/i18n/index.ts'
import { createQueryClient, persistQueryCache, restoreQueryCache } from './queryClient.ts'
import { createRoutes } from './routes.tsx'

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

export function App() {
  const queryClient = useMemo(() => {
    const client = createQueryClient()
    const storage = browserStorage()
    // The offline cache is restored before the first render, so restored data shows at once.
    if (storage) restoreQueryCache(client, storage)
    return client
  }, [])
  useEffect(() => {
    const storage = browserStorage()
    return storage ? persistQueryCache(queryClient, storage) : undefined
  }, [queryClient])
  const router = useMemo(() => createBrowserRouter(createRoutes(queryClient)), [queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <AnalyticsProvider>
          <RouterProvider router={router} />
        </AnalyticsProvider>
      </I18nProvider>
    </QueryClientProvider>
  )
}
