import type { ComponentType } from 'react'
import { ChunkLoadFailed } from './RouteErrors.tsx'

export const PRELOAD_ERROR_MESSAGE = 'Vite preload error: Dynamic import failed to load'

/**
 * A lazily loaded route page. When its chunk fails to load (network loss, or a new deployment
 * replaced the hashed file) the failure is logged and the route shows {@link ChunkLoadFailed} inside
 * the app frame, which reloads once to fetch the current build: never a blank app.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const module = await load()
      return { Component: module.default }
    } catch (error) {
      console.error(PRELOAD_ERROR_MESSAGE, error)
      // The navigation commits with the failure screen, which reloads the new URL once (see there).
      return { Component: ChunkLoadFailed }
    }
  }
}
