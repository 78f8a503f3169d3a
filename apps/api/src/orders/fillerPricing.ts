/**
 * How the filler prices and routes a fill: the best single pool for an order's input (QuoterV2 per
 * v3 fee tier, Router02 for the v2 pair), a fill's gas priced in its output token through those
 * pools, and the SwapRouter02 call the executor makes on the chosen pool.
 */
import { type NetworkDeployment, quoterV2Abi, swapRouter02Abi, v2Router02Abi } from '@oxbow/protocol'
import { type Address, encodeFunctionData, type Hex, type PublicClient } from 'viem'
import type { FillableOrder } from './fillerOrder.ts'

export type Route =
  | { readonly kind: 'v3'; readonly fee: number; readonly amountOut: bigint }
  | { readonly kind: 'v2'; readonly amountOut: bigint }

const V3_FEES = [100, 500, 3000, 10_000] as const

export interface FillPricer {
  /** Best single-pool output for the order's input now, or null when no pool quotes it. */
  bestRoute(order: FillableOrder): Promise<Route | null>
  /**
   * `wei` of gas in base units of a fill's output token: through a pool of WETH and the output
   * token, else through one of WETH and the input token at the fill's own rate (`amountIn` for
   * `amountOut`); null when no pool prices it.
   */
  gasInOutput(
    wei: bigint,
    tokenIn: Address,
    tokenOut: Address,
    amountIn: bigint,
    amountOut: bigint,
  ): Promise<bigint | null>
}

export function createFillPricer(client: PublicClient, deployment: NetworkDeployment): FillPricer {
  const c = deployment.contracts

  async function bestRoute(order: FillableOrder): Promise<Route | null> {
    const amountIn = BigInt(order.input.amount)
    const tokenIn = order.input.token
    const tokenOut = order.output.token
    const quotes = await Promise.all([
      ...V3_FEES.map(async (fee): Promise<Route | null> => {
        try {
          const { result } = await client.simulateContract({
            address: c.quoterV2,
            abi: quoterV2Abi,
            functionName: 'quoteExactInputSingle',
            args: [{ tokenIn, tokenOut, amountIn, fee, sqrtPriceLimitX96: 0n }],
          })
          return { kind: 'v3', fee, amountOut: result[0] }
        } catch {
          return null // no pool of this tier, or not enough liquidity
        }
      }),
      (async (): Promise<Route | null> => {
        try {
          const amounts = await client.readContract({
            address: c.v2Router02,
            abi: v2Router02Abi,
            functionName: 'getAmountsOut',
            args: [amountIn, [tokenIn, tokenOut]],
          })
          const out = amounts[1]
          return out === undefined ? null : { kind: 'v2', amountOut: out }
        } catch {
          return null
        }
      })(),
    ])
    let best: Route | null = null
    for (const quote of quotes) if (quote && (!best || quote.amountOut > best.amountOut)) best = quote
    return best
  }

  /** What the best single pool pays in `token` for `wei` of WETH now (WETH itself 1:1), or null. */
  async function wethIn(wei: bigint, token: Address): Promise<bigint | null> {
    if (token.toLowerCase() === c.weth9.toLowerCase()) return wei
    const route = await bestRoute({
      orderHash: '0x',
      chainId: deployment.chainId,
      deadline: 0,
      input: { token: c.weth9, amount: wei.toString() },
      output: { token, amount: '1' },
      encodedOrder: '0x',
      signature: '0x',
    })
    return route?.amountOut ?? null
  }

  return {
    bestRoute,
    async gasInOutput(wei, tokenIn, tokenOut, amountIn, amountOut) {
      if (wei === 0n) return 0n
      const direct = await wethIn(wei, tokenOut)
      if (direct !== null) return direct
      const inInput = await wethIn(wei, tokenIn)
      return inInput === null ? null : (inInput * amountOut + amountIn - 1n) / amountIn
    },
  }
}

/** The swap of `amountIn` of the pair on the route, paid to `recipient` (the executor), at least `minOut`. */
export function swapCall(
  tokenIn: Address,
  tokenOut: Address,
  amountIn: bigint,
  minOut: bigint,
  route: Route,
  recipient: Address,
): Hex {
  if (route.kind === 'v3') {
    return encodeFunctionData({
      abi: swapRouter02Abi,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn,
          tokenOut,
          fee: route.fee,
          recipient,
          amountIn,
          amountOutMinimum: minOut,
          sqrtPriceLimitX96: 0n,
        },
      ],
    })
  }
  return encodeFunctionData({
    abi: swapRouter02Abi,
    functionName: 'swapExactTokensForTokens',
    args: [amountIn, minOut, [tokenIn, tokenOut], recipient],
  })
}
