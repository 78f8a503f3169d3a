import { type RewardClaim, rewardsResponseSchema } from '@oxbow/api-contract/rewards'
import { merkleDistributorAbi } from '@oxbow/protocol/rewards'
import { encodeFunctionData } from 'viem'
import { getRuntimeConfig } from '../../config/index.ts'
import type { TransactionRequest } from '../../wallet/index.ts'

/** The API refused the account (403 ADDRESS_BLOCKED, its screening): it may not claim. */
export class RewardsBlockedError extends Error {
  override readonly name = 'RewardsBlockedError'
}

/**
 * The account's LP reward claims from the API (GET /v1/rewards/:address, apps/api src/rewards),
 * parsed with the API's own contract; `claimed` is the distributor's answer at that moment. A
 * blocked account throws RewardsBlockedError; any other error answer, an unreadable one or no
 * answer throws.
 */
export async function fetchRewards(address: string, signal?: AbortSignal): Promise<RewardClaim[]> {
  const url = new URL(`/v1/rewards/${encodeURIComponent(address)}`, getRuntimeConfig().apiUrl)
  const response = await fetch(url, { credentials: 'omit', signal: signal ?? null })
  if (response.status === 403) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: unknown } } | null
    if (body?.error?.code === 'ADDRESS_BLOCKED') throw new RewardsBlockedError('This address is blocked')
  }
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
