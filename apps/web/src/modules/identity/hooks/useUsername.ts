import { isValidUsername } from '@oxbow/core'
import { queryOptions, useQuery } from '@tanstack/react-query'

const lookups = () => import('../services/usernames.ts')

/** Profiles change rarely; the profile view refreshes its own after a change. */
const USERNAME_STALE_MS = 60_000

export function usernameOfQuery(address: string | null | undefined) {
  return queryOptions({
    queryKey: ['username', 'address', address?.toLowerCase()],
    queryFn: async () => (address ? (await lookups()).lookupUsernameOf(address) : null),
    enabled: Boolean(address),
    staleTime: USERNAME_STALE_MS,
    retry: 1,
  })
}

export function usernameQuery(name: string | null | undefined) {
  const key = name?.replace(/\s+/g, '')
  return queryOptions({
    queryKey: ['username', 'name', key],
    queryFn: async () => (key ? (await lookups()).lookupUsername(key) : null),
    enabled: isValidUsername(key),
    staleTime: USERNAME_STALE_MS,
    retry: 1,
  })
}

/** What a username resolves to: the profile, null for none, undefined while loading or not a username. */
export function useUsernameProfile(name: string | null | undefined) {
  const query = useQuery(usernameQuery(name))
  return { profile: query.data, loading: query.isLoading }
}
