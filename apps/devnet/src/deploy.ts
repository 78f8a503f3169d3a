/** Deploys the full protocol stack from npm artifacts on one fresh node. */
import type { ContractName } from '@oxbow/protocol'
import { PERMIT2_ADDRESS, SIMPLE_7702_ACCOUNT_ADDRESS, v3FactoryAbi } from '@oxbow/protocol'
import {
  type Address,
  concat,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  parseAbiParameters,
  stringToHex,
  toBytes,
} from 'viem'
import { type Artifacts, linkLibrary, loadArtifacts } from './artifacts.ts'
import type { Sender } from './rpc.ts'

/** Deploys everything and owns pools/tokens: an impersonated address that is not a test account. */
export const DEPLOYER: Address = getAddress(`0x${keccak256(toBytes('oxbow:devnet:deployer')).slice(26)}`)
/** Foundry's (Arachnid's) deterministic-deployment proxy, built into anvil. */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
/** The salt Uniswap used for Permit2: gives the canonical address with the npm creation code. */
const PERMIT2_SALT: Hex = '0x0000000000000000000000000000000000000000d3af2663da51c10215000000'
const V2_PAIR_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'
const V3_POOL_INIT_CODE_HASH: Hex = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54'

function withArgs(bytecode: Hex, types: string, values: readonly unknown[]): Hex {
  return concat([bytecode, encodeAbiParameters(parseAbiParameters(types), values as never)])
}

export type Contracts = Record<ContractName, Address>

/** Deploys all contracts of the manifest in a fixed order, so addresses are equal on every network. */
export async function deployProtocol(sender: Sender, nativeSymbol: string): Promise<Contracts> {
  const a: Artifacts = loadArtifacts()
  const d = DEPLOYER
  const label = stringToHex(nativeSymbol, { size: 32 })
  const weth9 = await sender.deploy(d, a.weth9, 'WETH9', 2_000_000n)
  await sender.send(
    d,
    { to: CREATE2_DEPLOYER, data: concat([PERMIT2_SALT, a.permit2]), gas: 6_000_000n },
    'Permit2',
  )
  const v2Factory = await sender.deploy(d, withArgs(a.v2Factory, 'address', [d]), 'v2Factory', 5_000_000n)
  const v2Router02 = await sender.deploy(
    d,
    withArgs(a.v2Router02, 'address,address', [v2Factory, weth9]),
    'Router02',
  )
  const v3Factory = await sender.deploy(d, a.v3Factory, 'v3Factory', 8_000_000n)
  await sender.write(d, {
    address: v3Factory,
    abi: v3FactoryAbi,
    functionName: 'enableFeeAmount',
    args: [100, 1],
  })
  const nftDescriptor = await sender.deploy(d, a.nftDescriptorLibrary, 'NFTDescriptor')
  const descriptorCode = linkLibrary(
    a.nonfungibleTokenPositionDescriptor.bytecode,
    a.nonfungibleTokenPositionDescriptor.linkReferences,
    'NFTDescriptor',
    nftDescriptor,
  )
  const nonfungibleTokenPositionDescriptor = await sender.deploy(
    d,
    withArgs(descriptorCode, 'address,bytes32', [weth9, label]),
    'NonfungibleTokenPositionDescriptor',
  )
  const nonfungiblePositionManager = await sender.deploy(
    d,
    withArgs(a.nonfungiblePositionManager, 'address,address,address', [
      v3Factory,
      weth9,
      nonfungibleTokenPositionDescriptor,
    ]),
    'NonfungiblePositionManager',
  )
  const swapRouter02 = await sender.deploy(
    d,
    withArgs(a.swapRouter02, 'address,address,address,address', [
      v2Factory,
      v3Factory,
      nonfungiblePositionManager,
      weth9,
    ]),
    'SwapRouter02',
  )
  const quoterV2 = await sender.deploy(
    d,
    withArgs(a.quoterV2, 'address,address', [v3Factory, weth9]),
    'QuoterV2',
  )
  const tickLens = await sender.deploy(d, a.tickLens, 'TickLens')
  const v3Migrator = await sender.deploy(
    d,
    withArgs(a.v3Migrator, 'address,address,address', [v3Factory, weth9, nonfungiblePositionManager]),
    'V3Migrator',
  )
  const v4PoolManager = await sender.deploy(d, withArgs(a.v4PoolManager, 'address', [d]), 'PoolManager')
  const v4PositionDescriptor = await sender.deploy(
    d,
    withArgs(a.v4PositionDescriptor, 'address,address,bytes32', [v4PoolManager, weth9, label]),
    'PositionDescriptor',
  )
  const v4PositionManager = await sender.deploy(
    d,
    withArgs(a.v4PositionManager, 'address,address,uint256,address,address', [
      v4PoolManager,
      PERMIT2_ADDRESS,
      300_000n,
      v4PositionDescriptor,
      weth9,
    ]),
    'PositionManager',
  )
  const v4Quoter = await sender.deploy(d, withArgs(a.v4Quoter, 'address', [v4PoolManager]), 'V4Quoter')
  const v4StateView = await sender.deploy(d, withArgs(a.v4StateView, 'address', [v4PoolManager]), 'StateView')
  const universalRouter = await sender.deploy(
    d,
    withArgs(
      a.universalRouter,
      '(address permit2, address weth9, address v2Factory, address v3Factory, bytes32 pairInitCodeHash, bytes32 poolInitCodeHash, address v4PoolManager, address v3NFTPositionManager, address v4PositionManager, address spokePool)',
      [
        {
          permit2: PERMIT2_ADDRESS,
          weth9,
          v2Factory,
          v3Factory,
          pairInitCodeHash: V2_PAIR_INIT_CODE_HASH,
          poolInitCodeHash: V3_POOL_INIT_CODE_HASH,
          v4PoolManager,
          v3NFTPositionManager: nonfungiblePositionManager,
          v4PositionManager,
          spokePool: '0x0000000000000000000000000000000000000000',
        },
      ],
    ),
    'UniversalRouter',
  )
  const exclusiveDutchOrderReactor = await sender.deploy(
    d,
    withArgs(a.exclusiveDutchOrderReactor, 'address,address', [PERMIT2_ADDRESS, d]),
    'ExclusiveDutchOrderReactor',
  )
  const orderQuoter = await sender.deploy(d, a.orderQuoter, 'OrderQuoter')
  const simple7702Account = await deployDelegate(sender, a.simple7702Account)
  await sender.check()
  return {
    weth9,
    permit2: PERMIT2_ADDRESS,
    v2Factory,
    v2Router02,
    v3Factory,
    nonfungiblePositionManager,
    nonfungibleTokenPositionDescriptor,
    swapRouter02,
    quoterV2,
    tickLens,
    v3Migrator,
    v4PoolManager,
    v4PositionManager,
    v4PositionDescriptor,
    v4Quoter,
    v4StateView,
    universalRouter,
    exclusiveDutchOrderReactor,
    orderQuoter,
    simple7702Account,
  }
}

/** Sends the delegate's CREATE2 deployment: its own account, so the deployer's nonces stay put. */
const DELEGATE_DEPLOYER: Address = getAddress(`0x${keccak256(toBytes('oxbow:devnet:delegate')).slice(26)}`)
const DELEGATE_SALT: Hex = `0x${'0'.repeat(64)}`

/**
 * The EIP-7702 delegate (Simple7702Account, audited, from @account-abstraction/contracts): through
 * the CREATE2 proxy, so it has one address on every network.
 */
async function deployDelegate(sender: Sender, bytecode: Hex): Promise<Address> {
  await sender.request('anvil_impersonateAccount', [DELEGATE_DEPLOYER])
  await sender.request('anvil_setBalance', [DELEGATE_DEPLOYER, '0x56bc75e2d63100000'])
  await sender.send(
    DELEGATE_DEPLOYER,
    { to: CREATE2_DEPLOYER, data: concat([DELEGATE_SALT, bytecode]), gas: 4_000_000n },
    'Simple7702Account',
  )
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: CREATE2_DEPLOYER,
    salt: DELEGATE_SALT,
    bytecode,
  })
  if (address !== SIMPLE_7702_ACCOUNT_ADDRESS) {
    throw new Error(
      `Simple7702Account deploys to ${address}, not ${SIMPLE_7702_ACCOUNT_ADDRESS}: update @oxbow/protocol`,
    )
  }
  return address
}
