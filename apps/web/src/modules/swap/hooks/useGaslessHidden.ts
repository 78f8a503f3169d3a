import { useQuery } from '@tanstack/react-query'
import { useFeatureFlags } from '../../flags/index.ts'
import { callApi } from '../services/tradingApi.ts'

/**
 * The spec's rule: gasless-order support is hidden when the mismatch UX is on and a mismatch
 * exists (services/delegationMismatch.ts, loaded only then). Hidden while that is being checked.
 */
export function useGaslessHidden(chainId: number | undefined, account: string | null): boolean {
  const { values: flags } = useFeatureFlags()
  const check = flags.mismatchUx && chainId !== undefined && account !== null
  const mismatch = useQuery({
    queryKey: ['gasless-mismatch', account?.toLowerCase(), chainId],
    queryFn: async () =>
      (await import('../services/delegationMismatch.ts')).hasDelegationMismatch(
        chainId ?? 0,
        account ?? '',
        callApi,
      ),
    enabled: check,
    staleTime: 30_000,
  })
  return check && mismatch.data !== false
}
