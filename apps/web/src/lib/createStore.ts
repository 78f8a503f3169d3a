import { useSyncExternalStore } from 'react'

/** A minimal observable value for UI state, optionally persisted (validated on load by `read`). */
export interface Store<T> {
  get(): T
  set(next: T | ((previous: T) => T)): void
  subscribe(listener: () => void): () => void
}

export function createStore<T>(initial: T, persist?: (value: T) => void): Store<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next
      if (Object.is(resolved, value)) return
      value = resolved
      persist?.(value)
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}

/** Storage access that never throws (private mode, disabled storage). */
export function safeStorage(kind: 'local' | 'session') {
  const storage = (): Storage | undefined => {
    try {
      return kind === 'local' ? window.localStorage : window.sessionStorage
    } catch {
      return undefined
    }
  }
  return {
    get(key: string): string | null {
      try {
        return storage()?.getItem(key) ?? null
      } catch {
        return null
      }
    },
    set(key: string, value: string): void {
      try {
        storage()?.setItem(key, value)
      } catch {}
    },
    remove(key: string): void {
      try {
        storage()?.removeItem(key)
      } catch {}
    },
  }
}
