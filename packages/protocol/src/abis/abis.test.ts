import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Abi } from 'viem'
import * as abiModule from './index.ts'

// A plain object copy so the test can look ABIs up by name.
const abis: Record<string, unknown> = { ...abiModule }

function names(abi: Abi, type: 'event' | 'function'): Set<string> {
  return new Set(abi.flatMap((item) => (item.type === type ? [item.name] : [])))
}

/** What the indexer and the trading API rely on; regenerating from other artifacts must keep it. */
const required: [keyof typeof abiModule, 'event' | 'function', string[]][] = [
  ['erc20Abi', 'event', ['Transfer', 'Approval']],
  ['erc721Abi', 'function', ['tokenURI', 'ownerOf']],
  ['weth9Abi', 'event', ['Deposit', 'Withdrawal', 'Transfer']],
  ['v2FactoryAbi', 'event', ['PairCreated']],
  ['v2PairAbi', 'event', ['Sync', 'Swap', 'Mint', 'Burn', 'Transfer']],
  ['v2PairAbi', 'function', ['getReserves', 'token0', 'token1']],
  [
    'v2Router02Abi',
    'function',
    ['getAmountsOut', 'swapExactTokensForTokens', 'addLiquidity', 'removeLiquidity'],
  ],
  ['v3FactoryAbi', 'event', ['PoolCreated']],
  ['v3PoolAbi', 'event', ['Initialize', 'Swap', 'Mint', 'Burn', 'Collect']],
  ['v3PoolAbi', 'function', ['slot0', 'liquidity', 'ticks', 'tickBitmap']],
  [
    'nonfungiblePositionManagerAbi',
    'event',
    ['IncreaseLiquidity', 'DecreaseLiquidity', 'Collect', 'Transfer'],
  ],
  ['nonfungiblePositionManagerAbi', 'function', ['positions', 'mint']],
  ['quoterV2Abi', 'function', ['quoteExactInputSingle', 'quoteExactInput']],
  ['tickLensAbi', 'function', ['getPopulatedTicksInWord']],
  ['swapRouter02Abi', 'function', ['exactInputSingle', 'multicall']],
  ['v4PoolManagerAbi', 'event', ['Initialize', 'Swap', 'ModifyLiquidity']],
  ['v4StateViewAbi', 'function', ['getSlot0', 'getLiquidity', 'getTickInfo', 'getTickBitmap']],
  ['v4QuoterAbi', 'function', ['quoteExactInputSingle', 'quoteExactInput']],
  ['v4PositionManagerAbi', 'event', ['Transfer']],
  [
    'v4PositionManagerAbi',
    'function',
    ['getPoolAndPositionInfo', 'getPositionLiquidity', 'modifyLiquidities'],
  ],
  ['permit2Abi', 'function', ['allowance', 'approve', 'permit', 'permitTransferFrom', 'DOMAIN_SEPARATOR']],
  ['universalRouterAbi', 'function', ['execute']],
  ['exclusiveDutchOrderReactorAbi', 'event', ['Fill']],
  ['exclusiveDutchOrderReactorAbi', 'function', ['execute', 'executeBatch']],
  ['orderQuoterAbi', 'function', ['quote']],
]

test('behavior: every ABI carries what the indexer and trading API use', () => {
  for (const [abiName, type, members] of required) {
    const present = names(abis[abiName] as Abi, type)
    for (const member of members) assert.ok(present.has(member), `${abiName} lacks ${type} ${member}`)
  }
})
