import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'

/** The spec's persisted flag (session storage): set by `disableNFTs=true`, cleared by `disableNFTs=false`. */
const KEY = 'shouldDisableNFTRoutes'
const session = safeStorage('session')

const store = createStore(session.get(KEY) === 'true', (disabled) => {
  if (disabled) session.set(KEY, 'true')
  else session.remove(KEY)
})

/** Turns NFTs off (routes, search results) for the rest of the session, or back on. */
export function setNftsDisabledForSession(disabled: boolean): void {
  store.set(disabled)
}

export function nftsDisabledForSession(): boolean {
  return store.get()
}

export function useNftsDisabledForSession(): boolean {
  return useStore(store)
}
