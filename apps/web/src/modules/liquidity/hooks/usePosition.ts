import { queryOptions, useQuery } from '@tanstack/react-query'
import { PositionReadError, readPosition } from '../services/readPosition.ts'

export function positionQuery(network: string, version: 'v3' | 'v4', tokenId: bigint | null) {
  return queryOptions({
    queryKey: ['liquidity', 'position', network, version, tokenId?.toString() ?? null],
    queryFn: () => readPosition(network, version, tokenId ?? 0n),
    enabled: tokenId !== null,
    // Fees grow with every trade: re-read while the page is open.
    refetchInterval: 15_000,
    retry: (count, error) => !(error instanceof PositionReadError) && count < 2,
  })
}

/** A position read from the chain (exact amounts and fees). */
export function usePosition(network: string, version: 'v3' | 'v4', tokenId: bigint | null) {
  return useQuery(positionQuery(network, version, tokenId))
}
