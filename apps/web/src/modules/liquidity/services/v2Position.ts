/**
 * v2 LP-token positions (issue #13): the account's share of a pair read from the chain at one block,
 * and the removal through Router02 (the LP tokens approved to the router, the WETH side unwrapped
 * when asked).
 */
import { erc20Abi, v2FactoryAbi, v2PairAbi, v2Router02Abi } from '@oxbow/protocol/abis'
import { v2RemoveLiquidityCalldata } from '@oxbow/protocol/encoding'
import {
  type Address,
  encodeFunctionData,
  getAddress,
  isAddress,
  isAddressEqual,
  maxUint256,
  zeroAddress,
} from 'viem'
import type { LiquidityRequest } from '../hooks/useLiquidityTransaction.ts'
import { liquidityContracts, publicClientFor } from './chain.ts'
import { resolveCurrency } from './createPosition.ts'
import { DEADLINE_SECONDS, REMOVE_SLIPPAGE_BPS } from './positionActions.ts'
import { withSlippage } from './positionMath.ts'
import { PositionReadError, type PositionToken, readToken } from './readPosition.ts'

/**
 * The v2 LP maths (`@oxbow/routing/v2Liquidity`, backed by the Uniswap SDKs), loaded when a v2
 * position is read or removed: the SDKs stay out of the chunk every other liquidity screen loads.
 */
const v2Maths = () => import('@oxbow/routing/v2Liquidity')

export interface V2Position {
  readonly network: string
  readonly pair: Address
  readonly router: Address
  readonly owner: Address | null
  readonly token0: PositionToken
  readonly token1: PositionToken
  readonly reserve0: bigint
  readonly reserve1: bigint
  readonly totalSupply: bigint
  /** The owner's LP tokens (0 without an owner). */
  readonly balance: bigint
  /** What burning the balance pays now (the pair's formula, rounded down). */
  readonly amount0: bigint
  readonly amount1: bigint
  readonly blockNumber: bigint
}

/** The pair of two tokens from the router's factory, or null when there is none. */
export async function findV2Pair(network: string, tokenA: Address, tokenB: Address): Promise<Address | null> {
  const client = publicClientFor(network)
  const { v2Router02 } = liquidityContracts(network)
  if (!client || !v2Router02) return null
  const factory = await client.readContract({
    address: v2Router02,
    abi: v2Router02Abi,
    functionName: 'factory',
  })
  const pair = await client.readContract({
    address: factory,
    abi: v2FactoryAbi,
    functionName: 'getPair',
    args: [tokenA, tokenB],
  })
  return isAddressEqual(pair, zeroAddress) ? null : pair
}

export async function readV2Position(
  network: string,
  pairText: string,
  owner: Address | null,
): Promise<V2Position> {
  const client = publicClientFor(network)
  const { v2Router02: router } = liquidityContracts(network)
  if (!client || !router) throw new PositionReadError('UNSUPPORTED_NETWORK', `No v2 on ${network}`)
  if (!isAddress(pairText, { strict: false })) throw new PositionReadError('NOT_FOUND', 'Not an address')
  const pair = getAddress(pairText)
  const blockNumber = await client.getBlockNumber()
  const at = { blockNumber }
  let token0Address: Address
  let token1Address: Address
  try {
    ;[token0Address, token1Address] = await Promise.all([
      client.readContract({ address: pair, abi: v2PairAbi, functionName: 'token0', ...at }),
      client.readContract({ address: pair, abi: v2PairAbi, functionName: 'token1', ...at }),
    ])
  } catch {
    throw new PositionReadError('NOT_FOUND', `${pair} is not a v2 pair`)
  }
  // Only the factory's own pairs: a look-alike contract must not be shown as one.
  if ((await findV2Pair(network, token0Address, token1Address)) !== pair)
    throw new PositionReadError('NOT_FOUND', `${pair} is not a pair of this network's factory`)
  const [{ v2LiquidityValue }, token0, token1, reserves, totalSupply, balance] = await Promise.all([
    v2Maths(),
    readToken(network, token0Address),
    readToken(network, token1Address),
    client.readContract({ address: pair, abi: v2PairAbi, functionName: 'getReserves', ...at }),
    client.readContract({ address: pair, abi: v2PairAbi, functionName: 'totalSupply', ...at }),
    owner
      ? client.readContract({ address: pair, abi: erc20Abi, functionName: 'balanceOf', args: [owner], ...at })
      : Promise.resolve(0n),
  ])
  const [reserve0, reserve1] = reserves
  return {
    network,
    pair,
    router,
    owner,
    token0,
    token1,
    reserve0,
    reserve1,
    totalSupply,
    balance,
    ...v2LiquidityValue({ reserve0, reserve1, totalSupply }, balance),
    blockNumber,
  }
}

/** Removes `percent` (1..100) of the owner's LP tokens: the router's approval when missing, then the removal. */
export async function v2RemoveRequests(
  position: V2Position,
  options: { percent: number; chainId: number; receiveNative: boolean; nowMs: number },
): Promise<LiquidityRequest[]> {
  const owner = position.owner
  const client = publicClientFor(position.network)
  if (!owner || !client) return []
  const liquidity =
    options.percent === 100 ? position.balance : (position.balance * BigInt(options.percent)) / 100n
  const requests: LiquidityRequest[] = []
  const allowance = await client.readContract({
    address: position.pair,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, position.router],
  })
  if (allowance < liquidity) {
    requests.push({
      kind: 'approve',
      tx: {
        to: position.pair,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [position.router, maxUint256],
        }),
        value: 0n,
        chainId: options.chainId,
      },
    })
  }
  const { weth9 } = liquidityContracts(position.network)
  const out = (await v2Maths()).v2LiquidityValue(position, liquidity)
  requests.push({
    kind: 'liquidityDecrease',
    tx: {
      to: position.router,
      data: v2RemoveLiquidityCalldata({
        tokenA: position.token0.address,
        tokenB: position.token1.address,
        liquidity,
        amountAMin: withSlippage(out.amount0, REMOVE_SLIPPAGE_BPS),
        amountBMin: withSlippage(out.amount1, REMOVE_SLIPPAGE_BPS),
        to: owner,
        deadline: BigInt(Math.floor(options.nowMs / 1000) + DEADLINE_SECONDS),
        ...(options.receiveNative && weth9 ? { weth: weth9 } : {}),
      }),
      value: 0n,
      chainId: options.chainId,
    },
  })
  return requests
}

/** What the pool finder found for two currencies on a network. */
export type V2PoolSearch =
  | { readonly kind: 'invalidPair' }
  | { readonly kind: 'notFound' }
  | { readonly kind: 'found'; readonly position: V2Position }

/**
 * The pool finder: the v2 pair of two currencies (ETH or token addresses, as the create flow takes
 * them) through the factory's `getPair`, and the owner's LP balance in it read from the chain.
 */
export async function findV2Pool(
  network: string,
  currencyA: string,
  currencyB: string,
  owner: Address | null,
): Promise<V2PoolSearch> {
  const [a, b] = await Promise.all([
    resolveCurrency(network, 'v2', currencyA),
    resolveCurrency(network, 'v2', currencyB),
  ])
  if (!a || !b || isAddressEqual(a.address, b.address)) return { kind: 'invalidPair' }
  const pair = await findV2Pair(network, a.address, b.address)
  if (!pair) return { kind: 'notFound' }
  return { kind: 'found', position: await readV2Position(network, pair, owner) }
}
