import { lazy, Suspense } from 'react'
import { useBlockedAccount } from '../hooks/useScreening.ts'

const BlockedAddressNotice = lazy(() => import('./BlockedAddressNotice.tsx'))

/**
 * Screens the connected account (one cached query per address) and shows the blocked-address
 * notice when the API says it is blocked. Renders nothing otherwise; the notice is its own chunk.
 */
export function ScreeningGate() {
  const blocked = useBlockedAccount()
  if (!blocked) return null
  return (
    <Suspense fallback={null}>
      <BlockedAddressNotice address={blocked} />
    </Suspense>
  )
}
