/** The gasless (UniswapX Dutch order) alternative to a classic quote, where it pays the swapper more. */
import type { QuoteResponseBody } from '@oxbow/api-contract'
import { getNetwork, type NetworkSlug } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { hopExactIn, type PoolGraph } from '@oxbow/routing'
import type { Address } from 'viem'
import {
  FILLER_GAS_PER_ORDER,
  GASLESS_DEADLINE_SECONDS,
  GASLESS_DECAY_SECONDS,
  GASLESS_FILL_ESTIMATE_SECONDS,
} from '../orders/gasless.ts'
import type { NetworkState } from './state.ts'
import type { QuoteRequest, TokenInfo } from './types.ts'

/** What the gasless route reads from the trading service. */
export interface GaslessDeps {
  readonly gaslessSwaps: boolean
  readonly fillerLive: ((chainId: number) => boolean) | undefined
  stateOf(network: NetworkSlug): NetworkState
  tokenOf(network: NetworkSlug, address: Address): TokenInfo
  /** USD per whole token for weighing gas (market price, else the seeded reference). */
  weighingUsd(network: NetworkSlug, address: Address): number
}

/**
 * The gasless order route for a quote, or undefined when it is not offered: the network offers
 * gasless swaps and has our filler, and the filler is live (its heartbeats); an exact-input sell of an ERC-20 for an ERC-20 (native input
 * needs a wrap, which an order cannot do; native output an unwrap our filler does not make),
 * paid to the swapper; a classic route of one v2 or v3 pool, which our filler can reproduce; and
 * better than the classic route after the filler's gas: the filler's gas (charged to the output)
 * is below the classic route's (paid by the swapper), and the output after it stays above the
 * slippage floor the order decays to.
 */
export function gaslessRoute(
  service: GaslessDeps,
  req: Pick<QuoteRequest, 'network' | 'recipient'> & { readonly swapper?: Address | undefined },
  body: QuoteResponseBody,
): NonNullable<QuoteResponseBody['gasless']> | undefined {
  const state = service.stateOf(req.network)
  const deployment = state.deployment
  if (!service.gaslessSwaps || !getNetwork(req.network).capabilities.gaslessSwaps || !deployment.orders) {
    return undefined
  }
  // an order nobody fills would only fail at its deadline: none while no filler is live
  if (service.fillerLive && !service.fillerLive(deployment.chainId)) return undefined
  if (body.routing !== 'CLASSIC' || body.tradeType !== 'EXACT_INPUT') return undefined
  const tokenIn = service.tokenOf(req.network, body.tokenIn.address)
  const tokenOut = service.tokenOf(req.network, body.tokenOut.address)
  if (tokenIn.native || tokenOut.native) return undefined
  if (req.recipient !== undefined && (req.swapper === undefined || req.recipient !== req.swapper))
    return undefined
  if (FILLER_GAS_PER_ORDER >= body.gas.estimate) return undefined
  // what our filler can pay: the best single v2 or v3 pool of the pair, on the state quoted
  const fillerOut = bestDirectOutput(state.graph, tokenIn.address, tokenOut.address, BigInt(body.amountIn))
  const gasPrice = BigInt(body.gas.gasPriceWei)
  const fillerCostWei = BigInt(FILLER_GAS_PER_ORDER) * gasPrice
  // gas wei -> output base units through USD, as the route search weighs gas
  const unitsPerWei =
    (service.weighingUsd(req.network, NATIVE_CURRENCY_ADDRESS) /
      service.weighingUsd(req.network, tokenOut.address)) *
    10 ** (tokenOut.decimals - 18)
  const inTokenOut = (wei: bigint) => BigInt(Math.ceil(Number(wei) * unitsPerWei))
  const costInTokenOut = inTokenOut(fillerCostWei)
  const start = BigInt(body.amountOut) - costInTokenOut
  const floor = BigInt(body.minimumAmountOut ?? body.amountOut)
  if (start <= floor || fillerOut < floor) return undefined
  // The filler fills once the decayed output is down to what its pool pays: the swapper then
  // gets at least min(start, fillerOut), against the classic output less the swapper's gas.
  const expected = fillerOut < start ? fillerOut : start
  const classicNet = BigInt(body.amountOut) - inTokenOut(BigInt(body.gas.costWei))
  if (expected <= classicNet) return undefined
  const waitSeconds =
    fillerOut >= start
      ? 0
      : Math.ceil((GASLESS_DECAY_SECONDS * Number(start - fillerOut)) / Number(start - floor))
  return {
    routing: 'DUTCH',
    reactor: deployment.contracts.exclusiveDutchOrderReactor,
    outputStartAmount: start.toString(),
    outputEndAmount: floor.toString(),
    decaySeconds: GASLESS_DECAY_SECONDS,
    deadlineSeconds: GASLESS_DEADLINE_SECONDS,
    fillerGas: {
      estimate: FILLER_GAS_PER_ORDER,
      costWei: fillerCostWei.toString(),
      costInTokenOut: costInTokenOut.toString(),
    },
    estimatedFillSeconds: waitSeconds + GASLESS_FILL_ESTIMATE_SECONDS,
  }
}

/** The most one v2 or v3 pool of the pair pays for `amountIn` (0: none): the filler's routes. */
function bestDirectOutput(graph: PoolGraph, tokenIn: Address, tokenOut: Address, amountIn: bigint): bigint {
  let best = 0n
  const out = tokenOut.toLowerCase()
  const pools = graph.byToken.get(tokenIn) ?? graph.byToken.get(tokenIn.toLowerCase() as Address) ?? []
  for (const pool of pools) {
    if (pool.kind !== 'v2' && pool.kind !== 'v3') continue
    const other = pool.token0.toLowerCase() === tokenIn.toLowerCase() ? pool.token1 : pool.token0
    if (other.toLowerCase() !== out) continue
    const hop = hopExactIn(
      pool,
      pool.token0.toLowerCase() === tokenIn.toLowerCase() ? pool.token0 : pool.token1,
      amountIn,
    )
    if (hop && hop.amountOut > best) best = hop.amountOut
  }
  return best
}
