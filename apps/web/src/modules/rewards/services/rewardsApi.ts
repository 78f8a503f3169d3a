import { type RewardClaim, rewardsResponseSchema } from '@oxbow/api-contract/rewards'
import { merkleDistributorAbi } from '@oxbow/protocol/rewards'
import { encodeFunctionData } from 'viem'
import { getRuntimeConfig } from '../../config/index.ts'
import type { TransactionRequest } from '../../wallet/index.ts'

/**
 * The account's LP reward claims from the API (GET /v1/rewards/:address, apps/api src/rewards),
 * parsed with the API's own contract; `claimed` is the distributor's answer at that moment. An
 * error answer, an unreadable one or no answer throws.
 */
export async function fetchRewards(address: string, signal?: AbortSignal): Promise<RewardClaim[]> {
  const url = new URL(`/v1/rewards/${encodeURIComponent(address)}`, getRuntimeConfig().apiUrl)
  const response = await fetch(url, { credentials: 'omit', signal: signal ?? null })
  if (!response.ok) throw new Error(`rewards answered HTTP ${response.status}`)
  const parsed = rewardsResponseSchema.safeParse(await response.json())
  if (!parsed.success) throw new Error('rewards answered an unexpected shape')
  return parsed.data.rewards
}

/** The distributor's `claim(index, account, amount, proof)` for one claim, paid to `account`. */
export function claimRequest(account: `0x${string}`, claim: RewardClaim): TransactionRequest {
  return {
    to: claim.distributor,
    data: encodeFunctionData({
      abi: merkleDistributorAbi,
      functionName: 'claim',
      args: [BigInt(claim.index), account, BigInt(claim.amount), claim.proof],
    }),
    value: 0n,
    chainId: claim.chainId,
  }
}
