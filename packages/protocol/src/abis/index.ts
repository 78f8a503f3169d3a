export {
  PERMIT2_ADDRESS,
  permit2Domain,
  permit2PermitSingleTypes,
  permit2TransferFromTypes,
  permitSingleTypedData,
  urCommands,
  V4_DYNAMIC_FEE_FLAG,
  v4Actions,
} from './commands.ts'
export { erc20Abi, erc20Bytes32MetadataAbi } from './erc20.ts'
export { erc721Abi } from './erc721.ts'
export { permit2Abi } from './generated/permit2.ts'
export { merkleDistributorAbi } from './generated/rewards.ts'
export {
  exclusiveDutchOrderReactorAbi,
  orderQuoterAbi,
  swapRouter02ExecutorAbi,
} from './generated/uniswapx.ts'
export { universalRouterAbi } from './generated/universalRouter.ts'
export { v2FactoryAbi, v2PairAbi, v2Router02Abi, weth9Abi } from './generated/v2.ts'
export {
  nonfungiblePositionManagerAbi,
  quoterV2Abi,
  swapRouter02Abi,
  tickLensAbi,
  v3FactoryAbi,
  v3MigratorAbi,
  v3PoolAbi,
} from './generated/v3.ts'
export { v4PoolManagerAbi, v4PositionManagerAbi, v4QuoterAbi, v4StateViewAbi } from './generated/v4.ts'
