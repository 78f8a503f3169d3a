import { useEffect } from 'react'
import { getRuntimeConfig } from '../../config/index.ts'
import { lookupName, lookupUsernameOf } from '../../identity/index.ts'
import type { Hex } from '../services/walletActions.ts'
import {
  ACCOUNT_NAMES_MAX_AGE_MS,
  accountLabel,
  accountNamesStore,
  saveAccountNames,
  useAccountNames,
} from '../state/accountNames.ts'

/**
 * The connected account's label (username, else ENS name, else shortened address). The names last
 * seen show at once; they are looked up again when missing or older than a day.
 */
export function useAccountLabel(address: Hex | null): string | null {
  const names = useAccountNames(address)
  const checkedAt = names?.checkedAt ?? null
  useEffect(() => {
    if (!address) return
    if (checkedAt !== null && Date.now() - checkedAt < ACCOUNT_NAMES_MAX_AGE_MS) return
    let cancelled = false
    // Each lookup on its own: a failed one keeps what was known (the next connection tries again).
    const previous = accountNamesStore.get()[address.toLowerCase()]
    Promise.all([
      lookupUsernameOf(address).then(
        (profile) => profile?.username ?? null,
        () => previous?.username ?? null,
      ),
      lookupName(getRuntimeConfig(), address).catch(() => previous?.ensName ?? null),
    ]).then(([username, ensName]) => {
      if (!cancelled) saveAccountNames(address, { username, ensName })
    })
    return () => {
      cancelled = true
    }
  }, [address, checkedAt])
  return address ? accountLabel(address, names) : null
}
