/**
 * The spec's delegation mismatch (loaded only when the mismatch UX flag is on): a chain is in
 * mismatch when the wallet is delegated (EIP-7702, the trading service's delegation check) but
 * atomic batching is unsupported there. Gasless-order support is hidden then. A failing check
 * counts as not delegated and a failing capabilities request as unsupported (spec section 8).
 */
import * as z from 'zod/mini'
import { loadWalletRuntime } from '../../wallet/index.ts'
import type { callApi as CallApi } from './tradingApi.ts'

const delegationAnswer = z.object({
  delegationDetails: z.record(
    z.string(),
    z.record(z.string(), z.object({ currentDelegationAddress: z.nullable(z.string()) })),
  ),
})

/** `callApi` comes from the caller: importing it here would cut the form's chunk in pieces. */
export async function hasDelegationMismatch(
  chainId: number,
  account: string,
  callApi: typeof CallApi,
): Promise<boolean> {
  const delegated = await callApi('/v1/wallet/check_delegation', delegationAnswer, {
    method: 'POST',
    body: { walletAddresses: [account], chainIds: [chainId] },
  }).then(
    (answer) =>
      Object.entries(answer.delegationDetails).some(
        ([address, chains]) =>
          address.toLowerCase() === account.toLowerCase() &&
          chains[String(chainId)]?.currentDelegationAddress != null,
      ),
    () => false,
  )
  if (!delegated) return false
  const batching = await loadWalletRuntime()
    .then((wallet) => wallet.atomicBatching(chainId))
    .catch(() => 'unsupported' as const)
  return batching === 'unsupported'
}
