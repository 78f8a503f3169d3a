import { useMemo } from 'react'
import { usePreferences } from '../../preferences/index.ts'
import { getNetworks, type NetworkInfo } from '../services/networks.ts'

/**
 * The networks the app lists (`getNetworks`), re-rendering the moment testnet mode changes: every
 * network selector reads this, so switching the mode in the drawer swaps the lists at once.
 */
export function useNetworks(): readonly NetworkInfo[] {
  const { testnetMode } = usePreferences()
  return useMemo(() => getNetworks(testnetMode), [testnetMode])
}
