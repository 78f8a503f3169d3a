import { useQuery } from '@tanstack/react-query'
import { useFeatureFlags } from '../../flags/index.ts'
import { callApi } from '../services/tradingApi.ts'

/**
 * The spec's delegation mismatch for the swap's network (services/delegationMismatch.ts, loaded
 * only when the mismatch UX flag is on): undefined while unchecked or being checked. The popup
 * (DelegationMismatchPopup.tsx) asks the same query.
 */
function useMismatch(chainId: number | undefined, account: string | null) {
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
  return { flags, check, mismatch: check ? mismatch.data : undefined }
}

/**
 * The spec's rule: gasless-order support is hidden when the mismatch UX is on and a mismatch
 * exists. Hidden while that is being checked.
 */
export function useGaslessHidden(chainId: number | undefined, account: string | null): boolean {
  const { check, mismatch } = useMismatch(chainId, account)
  return check && mismatch !== false
}

/**
 * The spec's permit gate: the Permit2 allowance goes as a transaction (Permit2.approve), not a
 * signature, when forced by flag, or when the mismatch UX is on and the account has a mismatch on
 * this network (a delegated account whose wallet cannot batch: its signature may not verify).
 */
export function usePermitAsTransaction(chainId: number | undefined, account: string | null): boolean {
  const { flags, mismatch } = useMismatch(chainId, account)
  return flags.forcePermits || (flags.mismatchUx && mismatch === true)
}
