import type { RewardClaim } from '@oxbow/api-contract/rewards'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchRewards } from '../services/rewardsApi.ts'

/** The account's reward claims (key `['rewards', address]`): fresh for 30 s, none while no account. */
export const rewardsQuery = (address: string) =>
  queryOptions({
    queryKey: ['rewards', address.toLowerCase()],
    queryFn: ({ signal }) => fetchRewards(address, signal),
    staleTime: 30_000,
  })

/** The claims the account can still make (eligible and not yet claimed on chain). */
export function useClaimableRewards(address: string): RewardClaim[] {
  const query = useQuery(rewardsQuery(address))
  return (query.data ?? []).filter((claim) => !claim.claimed)
}
