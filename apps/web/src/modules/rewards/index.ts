import { lazy } from 'react'

export { AprWithReward } from './components/AprWithReward.tsx'
/**
 * The account drawer's claim-reward button and its address-claim modal, a chunk of its own: the
 * pages that show a pool's reward APR (explore, positions) import this module too, and the claim's
 * wallet code (viem's write path, the wallet errors) has no business in their chunks. Render it
 * under a Suspense boundary.
 */
export const ClaimRewards = lazy(() => import('./components/ClaimRewards.tsx'))
