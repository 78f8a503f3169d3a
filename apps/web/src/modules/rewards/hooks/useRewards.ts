import type { RewardClaim } from '@oxbow/api-contract/rewards'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useAddressBlocked } from '../../screening/index.ts'
import { fetchRewards, RewardsBlockedError } from '../services/rewardsApi.ts'

/**
 * The account's reward claims (key `['rewards', address]`): fresh for 30 s, but asked again
 * whenever the claim button mounts (a page load, the drawer opened): the cache restored after a
 * reload may predate a claim, and only the distributors know.
 */
export const rewardsQuery = (address: string) =>
  queryOptions({
    queryKey: ['rewards', address.toLowerCase()],
    queryFn: ({ signal }) => fetchRewards(address, signal),
    staleTime: 30_000,
    refetchOnMount: 'always',
    // A refusal (blocked) is an answer, not a failure to retry.
    retry: (failures, error) => !(error instanceof RewardsBlockedError) && failures < 3,
  })

/**
 * The account's reward claims, one per network and epoch it is eligible in (claimed ones too, as
 * the distributors answered), the ones it can still make (not yet claimed on chain), and whether
 * it is blocked: the screening module's answer, or the rewards API's own refusal (403
 * ADDRESS_BLOCKED). A blocked account has no claims.
 */
export function useAccountRewards(address: string): {
  readonly claims: RewardClaim[]
  readonly claimable: RewardClaim[]
  readonly blocked: boolean
  /** The distributors are being asked (again): a claim may already be made, so none is offered. */
  readonly checking: boolean
} {
  const screened = useAddressBlocked(address)
  const query = useQuery({ ...rewardsQuery(address), enabled: !screened })
  const blocked = screened || query.error instanceof RewardsBlockedError
  const claims = blocked ? [] : (query.data ?? [])
  return {
    claims,
    claimable: claims.filter((claim) => !claim.claimed),
    blocked,
    checking: query.isFetching,
  }
}
