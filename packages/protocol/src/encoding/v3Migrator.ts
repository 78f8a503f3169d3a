/**
 * V3Migrator: moves v2 liquidity into a v3 position in one transaction (the pair's LP tokens approved
 * to the migrator first). With `createPoolAt` the v3 pool is created and initialized in the same
 * multicall when missing. Whatever the range does not take is refunded (as ETH when asked).
 */
import { type Address, encodeFunctionData, type Hex } from 'viem'
import { v3MigratorAbi as abi } from '../abis/generated/v3.ts'

export function v3MigrateCalldata(args: {
  pair: Address
  liquidityToMigrate: bigint
  /** 1..100 of the burned amounts to put into the position. */
  percentageToMigrate: number
  token0: Address
  token1: Address
  fee: number
  tickLower: number
  tickUpper: number
  amount0Min: bigint
  amount1Min: bigint
  recipient: Address
  deadline: bigint
  refundAsETH: boolean
  createPoolAt?: bigint
}): Hex {
  const { createPoolAt, ...params } = args
  const migrate = encodeFunctionData({ abi, functionName: 'migrate', args: [params] })
  if (createPoolAt === undefined) return migrate
  const create = encodeFunctionData({
    abi,
    functionName: 'createAndInitializePoolIfNecessary',
    args: [args.token0, args.token1, args.fee, createPoolAt],
  })
  return encodeFunctionData({ abi, functionName: 'multicall', args: [[create, migrate]] })
}
