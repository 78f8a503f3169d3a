/**
 * A pool's reward APR (percent): the LP rewards programme's reward for the pool in the network's
 * latest epoch only (the deployment manifest's `rewards`; on the devnet epoch 2, the history's
 * second half: the programme's current rate, not an average over past epochs), valued at the
 * reward token's USD price as of the snapshot, annualised over that epoch's length, over the pool's
 * current TVL (@oxbow/protocol's `rewardAprPercent`). Null where the pool is not incentivised in
 * that epoch or the token or pool is unpriced.
 */
import { rewardAprPercent } from '@oxbow/protocol/rewards'
import { readManifestSync } from '../lib/manifest.ts'
import { toUnits } from '../lib/math.ts'
import { type PoolView, type Snapshot, tokenKey } from './snapshotViews.ts'

export function rewardAprOf(s: Snapshot, p: PoolView): number | null {
  if (p.row.version === 'v4') return null
  const deployment = Object.values(readManifestSync().networks).find((d) => d?.chainId === p.row.chainId)
  const epoch = deployment?.rewards?.epochs.at(-1)
  if (!deployment?.rewards || !epoch) return null
  const incentive = epoch.pools.find((x) => x.pool.toLowerCase() === p.row.id.toLowerCase())
  const token = s.tokens.get(tokenKey(p.row.chainId, deployment.rewards.token))
  if (!incentive || !token || token.priceUsd === null) return null
  return rewardAprPercent({
    rewardUsdPerEpoch: toUnits(BigInt(incentive.reward), token.row.decimals) * token.priceUsd,
    epochSeconds: epoch.end - epoch.start,
    tvlUsd: p.tvlUsd,
  })
}
