import { useEffect } from 'react'
import { getRuntimeConfig } from '../../config/index.ts'
import { lookupAvatar, lookupName, lookupUsernameOf } from '../../identity/index.ts'
import type { Hex } from '../services/walletActions.ts'
import {
  ACCOUNT_NAMES_MAX_AGE_MS,
  accountLabel,
  accountNamesStore,
  saveAccountNames,
  useAccountNames,
} from '../state/accountNames.ts'

/**
 * Looks the account's names (and avatar) up again when missing or older than a day. Each lookup
 * on its own: a failed one keeps what was known (the next connection tries again).
 */
function useRefreshAccountNames(address: Hex | null, checkedAt: number | null): void {
  useEffect(() => {
    if (!address) return
    if (checkedAt !== null && Date.now() - checkedAt < ACCOUNT_NAMES_MAX_AGE_MS) return
    let cancelled = false
    const previous = accountNamesStore.get()[address.toLowerCase()]
    const config = getRuntimeConfig()
    Promise.all([
      lookupUsernameOf(address).then(
        (profile) => ({ username: profile?.username ?? null, avatar: profile?.avatarUrl ?? null }),
        () => ({ username: previous?.username ?? null, avatar: previous?.avatar ?? null }),
      ),
      lookupName(config, address).then(
        async (ensName) => ({
          ensName,
          // The name's avatar (an NFT it must still hold, an https or inline image).
          avatar: ensName ? await lookupAvatar(config, ensName, address).catch(() => null) : null,
        }),
        () => ({ ensName: previous?.ensName ?? null, avatar: previous?.avatar ?? null }),
      ),
    ]).then(([profile, ens]) => {
      if (!cancelled)
        saveAccountNames(address, {
          username: profile.username,
          ensName: ens.ensName,
          avatar: profile.avatar ?? ens.avatar,
        })
    })
    return () => {
      cancelled = true
    }
  }, [address, checkedAt])
}

/**
 * The connected account's label (username, else ENS name, else shortened address). The names last
 * seen show at once; they are looked up again when missing or older than a day.
 */
export function useAccountLabel(address: Hex | null): string | null {
  const names = useAccountNames(address)
  useRefreshAccountNames(address, names?.checkedAt ?? null)
  return address ? accountLabel(address, names) : null
}

/** The account's avatar (the username profile's, else its ENS name's) as an <img> source, or null. */
export function useAccountAvatar(address: Hex | null): string | null {
  return useAccountNames(address)?.avatar ?? null
}
