export {
  type V3Payout,
  v3CollectCalldata,
  v3DecreaseCalldata,
  v3IncreaseCalldata,
  v3MintCalldata,
} from './nonfungiblePositionManager.ts'
export { type PoolKey, poolIdOf, poolKeyParameter } from './poolKey.ts'
export {
  v4DecreasePayload,
  v4IncreasePayload,
  v4MintPayload,
  v4ModifyLiquiditiesCalldata,
} from './positionManager.ts'
export {
  byteString,
  type PermitSingle,
  permit2PermitInput,
  permit2TransferFromInput,
  sweepInput,
  transferInput,
  UR_ADDRESS_THIS,
  UR_CONTRACT_BALANCE,
  type UrCommand,
  unwrapWethInput,
  urExecuteArgs,
  V4_OPEN_DELTA,
  type V4Action,
  v2SwapInput,
  v3Path,
  v3SwapInput,
  v4ExactInSingleSwap,
  v4Plan,
  v4Settle,
  v4SettleAll,
  v4SwapExactInSingle,
  v4SwapExactOutSingle,
  v4Take,
  v4TakeAll,
  wrapEthInput,
} from './universalRouter.ts'
export { type V2Side, v2AddLiquidityCalldata, v2RemoveLiquidityCalldata } from './v2Router.ts'
export { v3MigrateCalldata } from './v3Migrator.ts'
export { v3ToV4MigrateCalldata } from './v3ToV4Migration.ts'
