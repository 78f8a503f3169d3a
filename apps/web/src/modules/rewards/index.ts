export { AprWithReward } from './components/AprWithReward.tsx'
/**
 * The account drawer's claim-reward button and its address-claim modal. Not a lazy entry of its
 * own: it rides in the drawer's chunk (already lazy), because a chunk of its own split the modules
 * the first load shares with it (core's amounts, the API contract's primitives) into more small
 * initial chunks (+380 B gzip measured).
 */
export { default as ClaimRewards } from './components/ClaimRewards.tsx'
