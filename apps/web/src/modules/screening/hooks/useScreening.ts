import { useQuery } from '@tanstack/react-query'
import { useWalletState } from '../../wallet/index.ts'
import { fetchScreening } from '../services/screeningApi.ts'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** The screening query of one address (shared by every caller through TanStack Query's cache). */
export function screeningQuery(address: string | null | undefined) {
  const valid = typeof address === 'string' && ADDRESS.test(address)
  return {
    queryKey: ['screening', valid ? address.toLowerCase() : null] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchScreening(address ?? '', signal),
    enabled: valid,
    staleTime: 300_000,
    retry: 1,
  }
}

/**
 * True once the API says `address` is blocked; false while unknown, for no address and when the
 * API cannot answer (its own refusals still hold).
 */
export function useAddressBlocked(address: string | null | undefined): boolean {
  return useQuery(screeningQuery(address)).data === true
}

/** The connected account's address when the API says it is blocked, else null. */
export function useBlockedAccount(): `0x${string}` | null {
  const wallet = useWalletState()
  const address = wallet.status === 'connected' ? wallet.address : null
  return useAddressBlocked(address) ? address : null
}
