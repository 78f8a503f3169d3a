import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { getRuntimeConfig } from '../../config/index.ts'
import { lookupName, resolveName } from '../services/ens.ts'

/** Names change rarely; a minute keeps a renamed wallet from lingering long. */
const ENS_STALE_MS = 60_000

export function ensNameQuery(address: Address | undefined) {
  return queryOptions({
    queryKey: ['ens', 'name', address?.toLowerCase()],
    queryFn: () => (address ? lookupName(getRuntimeConfig(), address) : null),
    enabled: address !== undefined,
    staleTime: ENS_STALE_MS,
  })
}

export function ensAddressQuery(name: string | undefined) {
  const key = name?.replace(/\s+/g, '').toLowerCase()
  return queryOptions({
    queryKey: ['ens', 'address', key],
    queryFn: () => (key ? resolveName(getRuntimeConfig(), key) : null),
    enabled: key?.includes('.') === true,
    staleTime: ENS_STALE_MS,
  })
}

/** The verified ENS name of `address` (undefined while loading or when there is none). */
export function useEnsName(address: Address | undefined): string | undefined {
  return useQuery(ensNameQuery(address)).data ?? undefined
}

/** What `name` resolves to: the address, null when it resolves to nothing, undefined while loading. */
export function useEnsAddress(name: string | undefined): {
  address: Address | null | undefined
  loading: boolean
} {
  const query = useQuery(ensAddressQuery(name))
  return { address: query.data, loading: query.isLoading }
}
