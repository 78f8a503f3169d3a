import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { PositionReadError } from '../services/readPosition.ts'
import { readV2Position } from '../services/v2Position.ts'

/** The owner's LP tokens of a v2 pair and what they are worth, read from the chain at one block. */
export function v2PositionQuery(network: string, pair: string, owner: Address | null) {
  return queryOptions({
    queryKey: ['liquidity', 'v2', network, pair.toLowerCase(), owner],
    queryFn: () => readV2Position(network, pair, owner),
    // Reserves move with every trade: re-read while the page is open.
    refetchInterval: 15_000,
    retry: (count, error) => !(error instanceof PositionReadError) && count < 2,
  })
}

export function useV2Position(network: string, pair: string, owner: Address | null) {
  return useQuery(v2PositionQuery(network, pair, owner))
}
