/**
 * v3 -> v4 migration in one Universal Router `execute` (its V3ToV4Migrator commands): the router,
 * approved for the v3 NFT, removes the position's liquidity and collects everything (with the fees)
 * straight to the v4 PositionManager, initializes the v4 pool when asked, then mints the v4 position
 * paid from what the PositionManager received and sweeps the rest back to the owner. No token
 * approval or Permit2 allowance is involved, and nothing is left anywhere between two transactions.
 * The owner must send it: the router checks that its caller is authorized for the v3 token.
 * Into a native-currency pool the collected WETH9 is unwrapped by the PositionManager itself (ETH from
 * WETH9 is the only ETH it accepts besides the PoolManager's), then settled and swept like a token.
 */
import { type Address, encodeAbiParameters, encodeFunctionData, type Hex } from 'viem'
import { urCommands } from '../abis/commands.ts'
import { universalRouterAbi } from '../abis/generated/universalRouter.ts'
import { v3CollectAllCall, v3DecreaseLiquidityCall } from './nonfungiblePositionManager.ts'
import { type PoolKey, poolKeyParameter } from './poolKey.ts'
import { v4MintPayload, v4ModifyLiquiditiesCalldata } from './positionManager.ts'
import { type UrCommand, urExecuteArgs } from './universalRouter.ts'

export function v3ToV4MigrateCalldata(args: {
  /** The v3 position (NonfungiblePositionManager token id) and the liquidity to remove (all of it). */
  tokenId: bigint
  liquidity: bigint
  /** Least the v3 removal must pay (slippage), fees excluded. */
  amount0Min: bigint
  amount1Min: bigint
  /** Receives the collected tokens and mints: the v4 PositionManager the router was deployed with. */
  v4PositionManager: Address
  key: PoolKey
  /** The sqrt price to initialize the v4 pool at when it does not exist yet. */
  initializeAt?: bigint
  tickLower: number
  tickUpper: number
  /** The v4 position's liquidity and the most it may take of each currency. */
  mintLiquidity: bigint
  amount0Max: bigint
  amount1Max: bigint
  owner: Address
  deadline: bigint
  /**
   * The v4 pool pays the native currency (currency0 = zero address) where the v3 pool held WETH9:
   * the PositionManager unwraps the collected WETH before minting (its `UNWRAP` action).
   */
  unwrapWeth?: boolean
}): Hex {
  const commands: UrCommand[] = [
    { command: urCommands.V3_POSITION_MANAGER_CALL, input: v3DecreaseLiquidityCall(args) },
    {
      command: urCommands.V3_POSITION_MANAGER_CALL,
      input: v3CollectAllCall(args.tokenId, args.v4PositionManager),
    },
  ]
  if (args.initializeAt !== undefined) {
    // Not allowed to fail: a pool someone else initialized meanwhile may sit at another price.
    commands.push({
      command: urCommands.V4_INITIALIZE_POOL,
      input: encodeAbiParameters([poolKeyParameter, { type: 'uint160' }], [args.key, args.initializeAt]),
    })
  }
  commands.push({
    command: urCommands.V4_POSITION_MANAGER_CALL,
    input: v4ModifyLiquiditiesCalldata(
      v4MintPayload({
        key: args.key,
        tickLower: args.tickLower,
        tickUpper: args.tickUpper,
        liquidity: args.mintLiquidity,
        amount0Max: args.amount0Max,
        amount1Max: args.amount1Max,
        owner: args.owner,
        payer: 'positionManager',
        unwrapWeth: args.unwrapWeth ?? false,
      }),
      args.deadline,
    ),
  })
  const { commands: bytes, inputs } = urExecuteArgs(commands)
  return encodeFunctionData({
    abi: universalRouterAbi,
    functionName: 'execute',
    args: [bytes, inputs, args.deadline],
  })
}
