import { useQuery } from '@tanstack/react-query'
import { type FiatOrder, fetchFiatOrders } from '../services/fiatApi.ts'

/**
 * The wallet's fiat orders for Activity: `buy` orders are its onramp rows, `sell` its offramp rows,
 * `transfer` a receive from an exchange. Refreshed every 10 s while any is still moving.
 */
export function useFiatOrders(walletAddress: string | null) {
  return useQuery({
    queryKey: ['fiat', 'orders', walletAddress],
    queryFn: () => fetchFiatOrders(walletAddress ?? ''),
    enabled: walletAddress !== null,
    refetchInterval: (query) =>
      query.state.data?.some((o: FiatOrder) => o.status !== 'completed' && o.status !== 'failed')
        ? 10_000
        : false,
  })
}
