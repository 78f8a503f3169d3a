/** The quote's answer: the body clients see, slippage, and its USD figures from market prices. */
import type { QuoteResponseBody } from '@oxbow/api-contract'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { Route, RouteResult } from '@oxbow/routing'
import { type Address, getAddress, zeroAddress } from 'viem'
import { ApiError } from '../errors.ts'
import type { PriceAnswer } from '../prices/indexerPrices.ts'
import { maxIn, minOut } from './encode.ts'
import type { RouteQuery } from './routeSearch.ts'
import type { NetworkState } from './state.ts'
import type { QuoteRequest, TokenInfo } from './types.ts'

/** Slippage the API picks from price impact (trade size against pool depth), in percent. */
export function autoSlippagePercent(priceImpactPercent: number, multiHop: boolean): number {
  const base = multiHop ? 0.5 : 0.3
  return Math.round(Math.min(5, Math.max(base, base + priceImpactPercent * 0.5)) * 100) / 100
}

/** Gas a swap that spends an ERC-20 adds for the Permit2 transfer. */
const PERMIT_GAS = 50_000

/** The price state a USD figure was computed with, as answered to clients. */
export function pricesBody(prices: PriceAnswer) {
  return prices.status === 'market'
    ? { status: 'market' as const, blockNumber: prices.blockNumber.toString(), asOf: prices.asOf }
    : { status: 'unavailable' as const, reason: prices.reason }
}

/** USD per whole token from market prices (undefined: not priced). */
export function usdOf(prices: PriceAnswer | undefined, address: Address): number | undefined {
  if (prices?.status !== 'market') return undefined
  return prices.usd.get(address.toLowerCase()) ?? undefined
}

/** A checked quote request: its tokens, the route query and what it is priced with. */
export interface PreparedQuote {
  readonly state: NetworkState
  readonly tokenIn: TokenInfo
  readonly tokenOut: TokenInfo
  readonly nativeUsd: number
  readonly tokenInUsd: number
  readonly query: RouteQuery
  readonly key: string
  readonly blockNumber: bigint
}

/** The quote body (and what a swap needs) for a route result. */
export function quoteAnswer(req: QuoteRequest, p: PreparedQuote, result: RouteResult) {
  const { state, tokenIn, tokenOut, nativeUsd, tokenInUsd } = p
  const exactIn = req.type === 'EXACT_INPUT'
  const gasPrice = p.query.gasPriceWei
  if (!result.ok) {
    if (result.reason === 'INSUFFICIENT_LIQUIDITY') {
      throw new ApiError('INSUFFICIENT_LIQUIDITY', 'Insufficient liquidity for this trade', {
        reason: result.message,
      })
    }
    if (result.reason === 'EXCLUDED_TOKEN') {
      throw new ApiError('UNSUPPORTED_TOKEN', result.message)
    }
    throw ApiError.spec('NO_QUOTES_FOUND', { reason: result.message })
  }
  const route: Route = result
  const multiHop = route.legs.some((l) => l.path.pools.length > 1) || route.legs.length > 1
  const auto = req.slippage === 'auto'
  const slippagePercent = auto ? autoSlippagePercent(route.priceImpactPercent, multiHop) : req.slippage
  const slippageBps = BigInt(Math.round(slippagePercent * 100))
  const isWrap = route.legs.length === 1 && route.legs[0]?.path.pools.every((p) => p.kind === 'wrap')
  const gasEstimate = route.gasEstimate + (tokenIn.native ? 0 : PERMIT_GAS)
  const costWei = BigInt(gasEstimate) * gasPrice
  // the spec's high-cost warning compares gas with the trade's value (a ratio: see weighingUsd)
  const costWeighed = (Number(costWei) / 1e18) * nativeUsd
  const tradeWeighed = (Number(route.amountIn) / 10 ** tokenIn.decimals) * tokenInUsd
  const maximumAmountIn = route.legs.reduce((s, l) => s + maxIn(l.quote.amountIn, slippageBps), 0n)
  return {
    route,
    slippageBps,
    maximumAmountIn,
    body: {
      network: req.network,
      chainId: state.deployment.chainId,
      blockNumber: p.blockNumber.toString(),
      routing: isWrap ? (tokenIn.native ? 'WRAP' : 'UNWRAP') : 'CLASSIC',
      tradeType: req.type,
      tokenIn: pickToken(tokenIn),
      tokenOut: pickToken(tokenOut),
      amountIn: route.amountIn.toString(),
      amountOut: route.amountOut.toString(),
      ...(exactIn
        ? {
            minimumAmountOut: route.legs
              .reduce((s, l) => s + minOut(l.quote.amountOut, slippageBps), 0n)
              .toString(),
          }
        : {
            maximumAmountIn: route.legs
              .reduce((s, l) => s + maxIn(l.quote.amountIn, slippageBps), 0n)
              .toString(),
          }),
      priceImpactPercent: route.priceImpactPercent,
      // the spec warns above 20 % ('very high')
      slippage: { percent: slippagePercent, auto, veryHigh: slippagePercent > 20 },
      route: route.legs.map((leg) => ({
        percent: leg.percent,
        amountIn: leg.quote.amountIn.toString(),
        amountOut: leg.quote.amountOut.toString(),
        hops: leg.path.pools.map((pool, i) => ({
          protocol: hopProtocol[pool.kind],
          pool: pool.kind === 'wrap' ? state.deployment.contracts.weth9 : pool.id,
          // a path of n pools has n + 1 tokens (routing's addresses are plain strings)
          tokenIn: getAddress(leg.path.tokens[i] ?? zeroAddress),
          tokenOut: getAddress(leg.path.tokens[i + 1] ?? zeroAddress),
          fee: pool.kind === 'v2' ? 3000 : pool.kind === 'wrap' ? 0 : pool.fee,
          ...(pool.kind === 'v4'
            ? {
                tickSpacing: pool.tickSpacing,
                hooks: getAddress(pool.hooks ?? zeroAddress),
                dynamicFee: pool.keyFee === 0x800000,
              }
            : {}),
          amountIn: leg.quote.hops[i]?.amountIn.toString(),
          amountOut: leg.quote.hops[i]?.amountOut.toString(),
        })),
      })),
      gas: {
        estimate: gasEstimate,
        gasPriceWei: gasPrice.toString(),
        costWei: costWei.toString(),
        /** USD at market prices (see `prices`); null when the market price is not known. */
        costUsd: null as number | null,
        /** The spec's warning: the network cost is above 10 % of the trade's value. */
        highRelativeToTrade: tradeWeighed > 0 && costWeighed > tradeWeighed * 0.1,
      },
      tradeValueUsd: null as number | null,
      prices: pricesBody(NOT_PRICED),
    } satisfies QuoteResponseBody,
  }
}

const hopProtocol = { v2: 'V2', v3: 'V3', v4: 'V4', wrap: 'WRAP' } as const

const NOT_PRICED: PriceAnswer = { status: 'unavailable', reason: 'not priced yet' }

/** A quote before its USD figures are filled in ({@link withUsd}). */
export type Unpriced = ReturnType<typeof quoteAnswer>

/**
 * Fills a quote's USD figures from market prices: the network cost and the trade's value (the
 * input's), and which prices they come from. Without market prices they are null and `prices`
 * says why: a figure is either the market's or absent.
 */
export function withUsd<T extends Unpriced>(q: T, prices: PriceAnswer | undefined): T {
  const answer = prices ?? NOT_PRICED
  const b = q.body
  const nativeUsd = usdOf(answer, NATIVE_CURRENCY_ADDRESS)
  const inUsd = usdOf(answer, b.tokenIn.address)
  return {
    ...q,
    body: {
      ...b,
      gas: {
        ...b.gas,
        costUsd:
          nativeUsd === undefined
            ? null
            : Math.round((Number(b.gas.costWei) / 1e18) * nativeUsd * 10_000) / 10_000,
      },
      tradeValueUsd:
        inUsd === undefined
          ? null
          : Math.round((Number(b.amountIn) / 10 ** b.tokenIn.decimals) * inUsd * 100) / 100,
      prices: pricesBody(answer),
    },
  }
}

function pickToken(t: TokenInfo) {
  return { address: t.address, symbol: t.symbol, decimals: t.decimals }
}
