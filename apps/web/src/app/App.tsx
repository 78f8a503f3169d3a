import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
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

export interface AppParts {
  readonly queryClient: QueryClient
  readonly router: ReturnType<typeof createBrowserRouter>
}

/**
 * The app's query cache and router, made as the entry script runs, before the first render: the
 * router starts the first route's chunk and loaders (explore's prefetch its data) at once, while the
 * browser paints the server's shell and React renders the providers, not after them.
 */
export function createAppParts(): AppParts {
  const queryClient = createQueryClient()
  const storage = browserStorage()
  // The offline cache is restored before the first render, so restored data shows at once.
  if (storage) restoreQueryCache(queryClient, storage)
  return { queryClient, router: createBrowserRouter(createRoutes(queryClient)) }
}

export function App({ queryClient, router }: AppParts) {
  useEffect(() => {
    const storage = browserStorage()
    return storage ? persistQueryCache(queryClient, storage) : undefined
  }, [queryClient])
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
