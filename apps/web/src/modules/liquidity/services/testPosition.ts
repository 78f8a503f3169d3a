/** The position the liquidity services' tests start from: a v3 position of two 18-decimal tokens. */
import { sqrtPriceAtTick } from '@oxbow/routing'
import { zeroAddress } from 'viem'
import type { OnchainPosition } from './readPosition.ts'

export const testToken = { address: zeroAddress, symbol: 'T', decimals: 18, isNative: false }

/** An empty, in-range v3 position in [-600, 600] at tick 0, with `overrides` on top. */
export const testPosition = (overrides: Partial<OnchainPosition> = {}): OnchainPosition => ({
  network: 'ethereum',
  version: 'v3',
  tokenId: 1n,
  owner: zeroAddress,
  manager: zeroAddress,
  token0: testToken,
  token1: testToken,
  feeTier: 3000,
  tickSpacing: 60,
  hooks: zeroAddress,
  poolKey: null,
  poolId: zeroAddress,
  tickLower: -600,
  tickUpper: 600,
  liquidity: 0n,
  sqrtPriceX96: sqrtPriceAtTick(0),
  tick: 0,
  amount0: 0n,
  amount1: 0n,
  fees0: 0n,
  fees1: 0n,
  status: 'IN_RANGE',
  blockNumber: 1n,
  ...overrides,
})
