import { useQuery } from '@tanstack/react-query'
import type { PortfolioBalance } from '../services/portfolioData.ts'
import { readSendChainState } from '../services/sendChain.ts'

/**
 * What the send form reads from the chain for the selected token, sender, recipient and amount
 * (live token and native balances, the network cost, whether the recipient is a contract).
 */
export function useSendChainState(
  selected: PortfolioBalance | undefined,
  address: `0x${string}` | null,
  resolved: `0x${string}` | null,
  amount: bigint | null,
) {
  return useQuery({
    queryKey: [
      'send-chain',
      selected?.network,
      address,
      selected?.token.address,
      resolved,
      String(amount ?? 0n),
    ],
    queryFn: ({ signal }) =>
      readSendChainState(
        selected?.network ?? '',
        address ?? '0x',
        selected?.token.address ?? '',
        resolved ?? address ?? '0x',
        amount ?? 0n,
        signal,
      ),
    enabled: Boolean(selected && address),
    staleTime: 4000,
    retry: 1,
  })
}
