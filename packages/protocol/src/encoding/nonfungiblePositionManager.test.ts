import assert from 'node:assert/strict'
import { test } from 'node:test'
import { decodeFunctionData, type Hex, maxUint128, zeroAddress } from 'viem'
import { nonfungiblePositionManagerAbi as abi } from '../abis/generated/v3.ts'
import { v3CollectCalldata, v3DecreaseCalldata, v3IncreaseCalldata } from './nonfungiblePositionManager.ts'

const WETH = '0x66535c7c2a2E47aDBeb52aad1D58833e6a5100AB'
const USDC = '0x7db5aDcB76Cf7468Ecaa44B0160817eab23eF2E8'
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const calls = (data: Hex) => {
  const multicall = decodeFunctionData({ abi, data })
  assert.equal(multicall.functionName, 'multicall')
  return (multicall.args[0] as readonly Hex[]).map((call) => decodeFunctionData({ abi, data: call }))
}

test('behavior: collect pays the owner directly when nothing is unwrapped', () => {
  const [collect, ...rest] = calls(
    v3CollectCalldata({ tokenId: 7n, token0: WETH, token1: USDC, recipient: OWNER }),
  )
  assert.equal(rest.length, 0)
  assert.equal(collect?.functionName, 'collect')
  assert.deepEqual(collect?.args[0], {
    tokenId: 7n,
    recipient: OWNER,
    amount0Max: maxUint128,
    amount1Max: maxUint128,
  })
})

test('behavior: decrease receiving ETH collects to the manager, unwraps WETH and sweeps the other token to the owner', () => {
  const data = v3DecreaseCalldata({
    tokenId: 7n,
    liquidity: 100n,
    amount0Min: 1n,
    amount1Min: 2n,
    deadline: 9n,
    token0: WETH,
    token1: USDC,
    recipient: OWNER,
    unwrapWeth: WETH,
  })
  const decoded = calls(data)
  assert.deepEqual(
    decoded.map((c) => c.functionName),
    ['decreaseLiquidity', 'collect', 'unwrapWETH9', 'sweepToken'],
  )
  const collect = decoded[1]
  assert.ok(collect?.functionName === 'collect')
  assert.equal(collect.args[0].recipient, zeroAddress)
  assert.deepEqual(decoded[2]?.args, [0n, OWNER])
  assert.deepEqual(decoded[3]?.args, [USDC, 0n, OWNER])
})

test('behavior: increase paying native refunds the unused ETH; paying tokens does not', () => {
  const args = {
    tokenId: 7n,
    amount0Desired: 5n,
    amount1Desired: 6n,
    amount0Min: 4n,
    amount1Min: 5n,
    deadline: 9n,
  }
  assert.deepEqual(
    calls(v3IncreaseCalldata({ ...args, payingNative: true })).map((c) => c.functionName),
    ['increaseLiquidity', 'refundETH'],
  )
  assert.deepEqual(
    calls(v3IncreaseCalldata({ ...args, payingNative: false })).map((c) => c.functionName),
    ['increaseLiquidity'],
  )
})
