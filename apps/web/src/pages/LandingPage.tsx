import { Navigate, useLocation } from 'react-router'
import { Landing, pageHashTarget } from '../modules/landing/index.ts'
import { SwapForm } from '../modules/swap/index.ts'

/** '/': the landing (no app chrome); a page hash such as /#/explore/tokens goes to that path. */
export default function LandingPage() {
  const { pathname, search, hash } = useLocation()
  const target = hash ? pageHashTarget(new URL(pathname + search + hash, window.location.origin)) : null
  if (target) return <Navigate to={target} replace />
  return (
    <Landing>
      <SwapForm showModes={false} hero />
    </Landing>
  )
}
