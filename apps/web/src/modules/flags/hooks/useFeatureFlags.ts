import { defaultFlagValues, type FlagName, type FlagValues } from '@oxbow/api-contract/flags'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { getRuntimeConfig } from '../../config/index.ts'
import { fetchRemoteFlags } from '../services/fetchRemoteFlags.ts'
import { resolveFlags } from '../services/overrides.ts'
import { getOverrides } from '../state/overridesStore.ts'

export function remoteFlagsQuery(apiUrl: string) {
  return queryOptions({
    queryKey: ['flags', apiUrl],
    queryFn: ({ signal }) => fetchRemoteFlags(apiUrl, signal),
    staleTime: 5 * 60_000,
    retry: 1,
  })
}

export interface FeatureFlagsState {
  readonly values: FlagValues
  readonly experiments: Readonly<Record<string, string>>
  /** False while the first remote answer is pending (neither data nor error yet). */
  readonly settled: boolean
  readonly originCountry: string | null
}

/** Flag values: registry defaults, remote values from the API, then local/URL overrides. */
export function useFeatureFlags(): FeatureFlagsState {
  const config = getRuntimeConfig()
  const remote = useQuery(remoteFlagsQuery(config.apiUrl))
  const overrides = getOverrides()
  return {
    values: resolveFlags(defaultFlagValues(), remote.data?.flags, overrides),
    experiments: { ...(remote.data?.experiments ?? {}), ...overrides.experiments },
    settled: remote.data !== undefined || remote.isError,
    originCountry: config.originCountry ?? remote.data?.originCountry ?? null,
  }
}

export function useFeatureFlag(name: FlagName): boolean {
  return useFeatureFlags().values[name]
}
