import assert from 'node:assert/strict'
import { test } from 'node:test'
import { decodeAbiParameters, decodeFunctionData, type Hex, maxUint128, zeroAddress } from 'viem'
import { urCommands, v4Actions } from '../abis/commands.ts'
import { universalRouterAbi } from '../abis/generated/universalRouter.ts'
import { nonfungiblePositionManagerAbi } from '../abis/generated/v3.ts'
import { v4PositionManagerAbi } from '../abis/generated/v4.ts'
import { poolKeyParameter } from './poolKey.ts'
import { MINT_POSITION_PARAMETERS } from './positionManager.ts'
import { v3ToV4MigrateCalldata } from './v3ToV4Migration.ts'

const WETH = '0x66535c7c2a2E47aDBeb52aad1D58833e6a5100AB'
const USDC = '0x7db5aDcB76Cf7468Ecaa44B0160817eab23eF2E8'
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const POSM = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const key = { currency0: WETH, currency1: USDC, fee: 3000, tickSpacing: 60, hooks: zeroAddress } as const

const args = {
  tokenId: 7n,
  liquidity: 1000n,
  amount0Min: 10n,
  amount1Min: 20n,
  v4PositionManager: POSM,
  key,
  tickLower: -600,
  tickUpper: 600,
  mintLiquidity: 900n,
  amount0Max: 11n,
  amount1Max: 22n,
  owner: OWNER,
  deadline: 99n,
} as const

const execute = (data: Hex) => {
  const call = decodeFunctionData({ abi: universalRouterAbi, data })
  assert.equal(call.functionName, 'execute')
  const [commands, inputs, deadline] = call.args as readonly [Hex, readonly Hex[], bigint]
  return { commands, inputs, deadline }
}

test('behavior: empties the v3 position into the v4 PositionManager, then mints paid by it and sweeps the rest', () => {
  const { commands, inputs, deadline } = execute(v3ToV4MigrateCalldata(args))
  const c = urCommands
  assert.equal(
    commands,
    `0x${[c.V3_POSITION_MANAGER_CALL, c.V3_POSITION_MANAGER_CALL, c.V4_POSITION_MANAGER_CALL].map((n) => n.toString(16).padStart(2, '0')).join('')}`,
  )
  assert.equal(deadline, 99n)
  const decrease = decodeFunctionData({ abi: nonfungiblePositionManagerAbi, data: inputs[0] as Hex })
  assert.equal(decrease.functionName, 'decreaseLiquidity')
  assert.deepEqual(decrease.args[0], {
    tokenId: 7n,
    liquidity: 1000n,
    amount0Min: 10n,
    amount1Min: 20n,
    deadline: 99n,
  })
  const collect = decodeFunctionData({ abi: nonfungiblePositionManagerAbi, data: inputs[1] as Hex })
  assert.equal(collect.functionName, 'collect')
  assert.deepEqual(collect.args[0], {
    tokenId: 7n,
    recipient: POSM,
    amount0Max: maxUint128,
    amount1Max: maxUint128,
  })
  const modify = decodeFunctionData({ abi: v4PositionManagerAbi, data: inputs[2] as Hex })
  assert.equal(modify.functionName, 'modifyLiquidities')
  const [unlockData] = modify.args as readonly [Hex, bigint]
  const [actions, params] = decodeAbiParameters([{ type: 'bytes' }, { type: 'bytes[]' }], unlockData)
  const a = v4Actions
  assert.deepEqual(
    [...Buffer.from(actions.slice(2), 'hex')],
    [a.MINT_POSITION, a.SETTLE, a.SETTLE, a.SWEEP, a.SWEEP],
  )
  // SETTLE(currency, OPEN_DELTA, payerIsUser = false): the PositionManager pays from what it holds.
  assert.deepEqual(
    decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'bool' }], params[1] as Hex),
    [WETH, 0n, false],
  )
  assert.deepEqual(
    decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'bool' }], params[2] as Hex),
    [USDC, 0n, false],
  )
  assert.deepEqual(decodeAbiParameters([{ type: 'address' }, { type: 'address' }], params[4] as Hex), [
    USDC,
    OWNER,
  ])
  const mint = decodeAbiParameters(MINT_POSITION_PARAMETERS, params[0] as Hex)
  assert.deepEqual(mint.slice(1, 7), [-600, 600, 900n, 11n, 22n, OWNER])
})

test('behavior: a new pool is initialized (at the given price) between the v3 calls and the mint', () => {
  const { commands, inputs } = execute(v3ToV4MigrateCalldata({ ...args, initializeAt: 2n ** 96n }))
  assert.equal(commands, '0x12121314')
  const [poolKey, price] = decodeAbiParameters([poolKeyParameter, { type: 'uint160' }], inputs[2] as Hex)
  assert.deepEqual(poolKey, key)
  assert.equal(price, 2n ** 96n)
})

test('behavior: into a native-currency pool the PositionManager unwraps all its WETH first, then settles and sweeps the native currency', () => {
  const nativeKey = { ...key, currency0: zeroAddress } as const
  const { inputs } = execute(v3ToV4MigrateCalldata({ ...args, key: nativeKey, unwrapWeth: true }))
  const modify = decodeFunctionData({ abi: v4PositionManagerAbi, data: inputs[2] as Hex })
  const [unlockData] = modify.args as readonly [Hex, bigint]
  const [actions, params] = decodeAbiParameters([{ type: 'bytes' }, { type: 'bytes[]' }], unlockData)
  const a = v4Actions
  assert.deepEqual(
    [...Buffer.from(actions.slice(2), 'hex')],
    [a.UNWRAP, a.MINT_POSITION, a.SETTLE, a.SETTLE, a.SWEEP, a.SWEEP],
  )
  // ActionConstants.CONTRACT_BALANCE: every WETH the PositionManager holds.
  assert.deepEqual(decodeAbiParameters([{ type: 'uint256' }], params[0] as Hex), [1n << 255n])
  assert.deepEqual(
    decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'bool' }], params[2] as Hex),
    [zeroAddress, 0n, false],
  )
  assert.deepEqual(decodeAbiParameters([{ type: 'address' }, { type: 'address' }], params[4] as Hex), [
    zeroAddress,
    OWNER,
  ])
})
