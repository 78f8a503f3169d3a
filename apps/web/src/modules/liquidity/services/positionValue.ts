import type { OnchainPosition } from './readPosition.ts'

export type PriceMap = ReadonlyMap<string, number>

const whole = (amount: bigint, decimals: number) => Number(amount) / 10 ** decimals

/** USD value of two token amounts; null when either token with a non-zero amount is unpriced. */
export function usdValue(
  position: Pick<OnchainPosition, 'network' | 'token0' | 'token1'>,
  amount0: bigint,
  amount1: bigint,
  prices: PriceMap | undefined,
): number | null {
  if (!prices) return null
  const price0 = prices.get(`${position.network}:${position.token0.address.toLowerCase()}`)
  const price1 = prices.get(`${position.network}:${position.token1.address.toLowerCase()}`)
  if ((amount0 > 0n && price0 === undefined) || (amount1 > 0n && price1 === undefined)) return null
  return (
    whole(amount0, position.token0.decimals) * (price0 ?? 0) +
    whole(amount1, position.token1.decimals) * (price1 ?? 0)
  )
}
