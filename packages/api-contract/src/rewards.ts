/**
 * LP rewards (GET /v1/rewards/:address[?network=slug]): an account's claims in the devnet's
 * rewards programme, one per network and epoch where it is eligible, each with what the
 * epoch's MerkleDistributor needs (`claim(index, account, amount, proof)`) and whether it was
 * already claimed (`isClaimed(index)` read on chain when answering). Not eligible: an empty list.
 */
import * as z from 'zod/mini'
import { addressOut, hex, uint } from './primitives.ts'

export const rewardClaimSchema = z.object({
  network: z.string(),
  chainId: z.number(),
  epoch: z.number(),
  distributor: addressOut,
  token: z.object({ address: addressOut, symbol: z.string(), decimals: z.number() }),
  index: z.number(),
  /** Reward token base units. */
  amount: uint,
  proof: z.array(hex),
  claimed: z.boolean(),
})

export const rewardsResponseSchema = z.object({
  address: addressOut,
  rewards: z.array(rewardClaimSchema),
})

export type RewardClaimBody = z.infer<typeof rewardClaimSchema>
/** A claim as a client parsed it. */
export type RewardClaim = z.output<typeof rewardClaimSchema>
export type RewardsResponseBody = z.infer<typeof rewardsResponseSchema>
