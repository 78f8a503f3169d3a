import { lazy } from 'react'

export { AprWithReward } from './components/AprWithReward.tsx'

/** The account drawer's claim-reward button and its address-claim modal: its own chunk. */
export const ClaimRewards = lazy(() => import('./components/ClaimRewards.tsx'))
