import { preferencesStore, usePreferences } from '../../preferences/index.ts'

/**
 * The search modal's favorite tokens (per network) and wallets, kept in the app's one preferences
 * store (`favorites`, validated on load there: a malformed list reads as none).
 */
export const MAX_FAVORITES = 100

export type Favorite =
  | { kind: 'token'; network: string; address: string }
  | { kind: 'wallet'; address: string }

export const favoriteKey = (favorite: Favorite): string =>
  favorite.kind === 'token'
    ? `token:${favorite.network}:${favorite.address.toLowerCase()}`
    : `wallet:${favorite.address.toLowerCase()}`

/** The favorited wallets' addresses (lowercase), newest first. */
export const favoriteWallets = (favorites: readonly string[]): string[] =>
  favorites.flatMap((key) => (key.startsWith('wallet:') ? [key.slice('wallet:'.length)] : []))

/** Adds a favorite first, or removes it; the list keeps the newest MAX_FAVORITES. */
export function toggled(favorites: readonly string[], favorite: Favorite): string[] {
  const key = favoriteKey(favorite)
  return favorites.includes(key)
    ? favorites.filter((other) => other !== key)
    : [key, ...favorites].slice(0, MAX_FAVORITES)
}

export function toggleFavorite(favorite: Favorite): void {
  preferencesStore.set((previous) => ({ ...previous, favorites: toggled(previous.favorites, favorite) }))
}

export const useFavorites = (): readonly string[] => usePreferences().favorites
