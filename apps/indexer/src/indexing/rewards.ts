/**
 * LP rewards: a claim from a programme's MerkleDistributor (the manifest's `rewards`, one per
 * epoch) names the claimer's activity row 'LP_REWARDS_CLAIM' (the reward token's Transfer adds the
 * amount received; the claim outranks a plain receive).
 */

import { foldActivity } from './activity.ts'
import { ponder } from './registry.ts'
import { metaOf } from './store.ts'

ponder.on('RewardsDistributor:Claimed', async ({ event, context }) => {
  await foldActivity(
    context.db,
    metaOf(context.network.chainId, event),
    event.args.account,
    'LP_REWARDS_CLAIM',
    { counterparty: event.log.address },
  )
})
