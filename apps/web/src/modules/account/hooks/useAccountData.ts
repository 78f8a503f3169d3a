import { queryOptions, useQuery } from '@tanstack/react-query'
import { servedNetworks } from '../../../lib/indexedNetworks.ts'
import { getNetworks, getRuntimeConfig } from '../../config/index.ts'
import {
  fetchActivity,
  fetchNfts,
  fetchPortfolio,
  fetchPositions,
  unavailablePortfolio,
} from '../services/portfolioData.ts'
import { effectiveHideSmallBalances, useAccountSettings } from '../state/accountSettings.ts'

/** While the drawer shows them, balances and activity follow new blocks this often. */
export const ACCOUNT_REFETCH_MS = 3000
export const ACTIVITY_PAGE = 25

/** The networks the drawer shows: the mainnets, or in testnet mode the registry's testnets. */
const shownSlugs = (testnetMode: boolean) => getNetworks(testnetMode).map((network) => network.slug)

export function portfolioQuery(
  owner: string,
  hideSmallBalances: boolean,
  hideSpam: boolean,
  testnetMode: boolean,
) {
  const url = getRuntimeConfig().graphqlUrl
  return queryOptions({
    queryKey: ['account', 'portfolio', owner.toLowerCase(), hideSmallBalances, hideSpam, testnetMode],
    queryFn: async ({ signal }) => {
      const shown = shownSlugs(testnetMode)
      const networks = await servedNetworks(url, shown)
      return networks.length === 0
        ? unavailablePortfolio(shown)
        : fetchPortfolio(url, owner, { hideSmallBalances, hideSpam, networks }, signal)
    },
    staleTime: 2000,
    retry: 1,
  })
}

export function usePortfolio(owner: string | null, live: boolean) {
  const settings = useAccountSettings()
  return useQuery({
    ...portfolioQuery(
      owner ?? '',
      effectiveHideSmallBalances(settings),
      settings.hideSpam,
      settings.testnetMode,
    ),
    enabled: owner !== null,
    refetchInterval: live ? ACCOUNT_REFETCH_MS : false,
  })
}

export function activityQueryKey(address: string) {
  return ['account', 'activity', address.toLowerCase()] as const
}

export function useActivity(address: string | null, live: boolean) {
  const url = getRuntimeConfig().graphqlUrl
  const { testnetMode } = useAccountSettings()
  return useQuery({
    queryKey: [...activityQueryKey(address ?? ''), testnetMode],
    queryFn: async ({ signal }) => {
      const networks = await servedNetworks(url, shownSlugs(testnetMode))
      return networks.length === 0 ? [] : fetchActivity(url, address ?? '', ACTIVITY_PAGE, signal, networks)
    },
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
