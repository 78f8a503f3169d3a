import { useQuery } from '@tanstack/react-query'
import { fetchFiatProviders } from '../services/fiatApi.ts'

/**
 * The fiat providers the API is configured with: on/off-ramps (`ramps`) and exchanges for "receive
 * from an exchange" (`exchanges`). Empty lists while loading or when the API cannot be reached, so
 * every caller can hide what has no provider.
 */
export function useFiatProviders() {
  const query = useQuery({ queryKey: ['fiat', 'providers'], queryFn: fetchFiatProviders, staleTime: 300_000 })
  return { ramps: query.data?.ramps ?? [], exchanges: query.data?.exchanges ?? [] }
}
