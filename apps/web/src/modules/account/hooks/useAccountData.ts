import { queryOptions, useQuery } from '@tanstack/react-query'
import { getRuntimeConfig } from '../../config/index.ts'
import { fetchActivity, fetchNfts, fetchPortfolio, fetchPositions } from '../services/portfolioData.ts'
import { effectiveHideSmallBalances, useAccountSettings } from '../state/accountSettings.ts'

/** While the drawer shows them, balances and activity follow new blocks this often. */
export const ACCOUNT_REFETCH_MS = 3000
export const ACTIVITY_PAGE = 25

export function portfolioQuery(owner: string, hideSmallBalances: boolean, hideSpam: boolean) {
  const url = getRuntimeConfig().graphqlUrl
  return queryOptions({
    queryKey: ['account', 'portfolio', owner.toLowerCase(), hideSmallBalances, hideSpam],
    queryFn: ({ signal }) => fetchPortfolio(url, owner, { hideSmallBalances, hideSpam }, signal),
    staleTime: 2000,
    retry: 1,
  })
}

export function usePortfolio(owner: string | null, live: boolean) {
  const settings = useAccountSettings()
  return useQuery({
    ...portfolioQuery(owner ?? '', effectiveHideSmallBalances(settings), settings.hideSpam),
    enabled: owner !== null,
    refetchInterval: live ? ACCOUNT_REFETCH_MS : false,
  })
}

export function activityQueryKey(address: string) {
  return ['account', 'activity', address.toLowerCase()] as const
}

export function useActivity(address: string | null, live: boolean) {
  const url = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: activityQueryKey(address ?? ''),
    queryFn: ({ signal }) => fetchActivity(url, address ?? '', ACTIVITY_PAGE, signal),
    enabled: address !== null,
    staleTime: 2000,
    retry: 1,
    refetchInterval: live ? ACCOUNT_REFETCH_MS : false,
  })
}

export function usePositions(owner: string, enabled: boolean) {
  const url = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: ['account', 'positions', owner.toLowerCase()],
    queryFn: ({ signal }) => fetchPositions(url, owner, signal),
    enabled,
    retry: 1,
  })
}

export function useNfts(owner: string, enabled: boolean) {
  const url = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: ['account', 'nfts', owner.toLowerCase()],
    queryFn: ({ signal }) => fetchNfts(url, owner, signal),
    enabled,
    retry: 1,
  })
}
