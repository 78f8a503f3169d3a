import { useEffect } from 'react'
import { getRuntimeConfig } from '../../config/index.ts'
import { lookupName } from '../../identity/index.ts'
import type { Hex } from '../services/walletActions.ts'
import {
  ACCOUNT_NAMES_MAX_AGE_MS,
  accountLabel,
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
  const username = names?.username ?? null
  useEffect(() => {
    if (!address) return
    if (checkedAt !== null && Date.now() - checkedAt < ACCOUNT_NAMES_MAX_AGE_MS) return
    let cancelled = false
    lookupName(getRuntimeConfig(), address).then(
      (ensName) => {
        if (!cancelled) saveAccountNames(address, { username, ensName })
      },
      // A failed lookup leaves the address shown; the next connection tries again.
      () => undefined,
    )
    return () => {
      cancelled = true
    }
  }, [address, checkedAt, username])
  return address ? accountLabel(address, names) : null
}
