/**
 * Quotes and swap transactions over the in-memory pool graphs. Framework-free: the HTTP layer
 * (routes.ts) validates input and calls these.
 */

import type { QuoteResponseBody, SwapResponseBody } from '@oxbow/api-contract'
import { getNetwork, type NetworkSlug } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS, reservedAddressKind } from '@oxbow/core'
import {
  erc20Abi,
  type Manifest,
  type ManifestToken,
  type NetworkDeployment,
  PERMIT2_ADDRESS,
  permit2Abi,
  permit2Domain,
  permit2PermitInput,
  permit2PermitSingleTypes,
  universalRouterAbi,
} from '@oxbow/protocol'
import { hopExactIn, type PoolGraph, type Route, type RouteResult } from '@oxbow/routing'
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  maxUint160,
  maxUint256,
  verifyTypedData,
  zeroAddress,
} from 'viem'
import { ApiError } from '../errors.ts'
import {
  FILLER_GAS_PER_ORDER,
  GASLESS_DEADLINE_SECONDS,
  GASLESS_DECAY_SECONDS,
  GASLESS_FILL_ESTIMATE_SECONDS,
} from '../orders/gasless.ts'
import {
  createIndexerPrices,
  noPriceSource,
  type PriceAnswer,
  type PriceSource,
} from '../prices/indexerPrices.ts'
import { batchedSwap, type Call, isDelegated } from './delegation.ts'
import { encodeRoute, maxIn, minOut } from './encode.ts'
import { fromWire, type RouteQuery, routeKey, searchRoute, type WireRoute } from './routeSearch.ts'
import { createRouteThreads, type RouteThreads } from './routeThreads.ts'
import { NetworkState } from './state.ts'

export interface TokenInfo {
  readonly address: Address
  readonly symbol: string
  readonly name: string
  readonly decimals: number
  readonly native: boolean
  readonly kind: string
  readonly safety: string
  readonly transferFeeBps: number
  /** Why the token cannot be swapped (undefined: it can). */
  readonly notRoutable?: string
}

export interface QuoteRequest {
  readonly network: NetworkSlug
  readonly tokenIn: Address
  readonly tokenOut: Address
  readonly amount: bigint
  readonly type: 'EXACT_INPUT' | 'EXACT_OUTPUT'
  readonly slippage: 'auto' | number
  readonly recipient?: Address | undefined
  /** Protocol versions a route may use (default all). */
  readonly protocols?: readonly ('V2' | 'V3' | 'V4')[] | undefined
}

export interface SwapRequest extends QuoteRequest {
  readonly swapper: Address
  readonly deadline?: number | undefined
  readonly permit?:
    | {
        readonly signature: Hex
        readonly message: {
          readonly details: { token: Address; amount: string; expiration: number; nonce: number }
          readonly spender: Address
          readonly sigDeadline: string
        }
      }
    | undefined
  /**
   * One call for a smart wallet (EIP-7702 delegated to our delegate): approvals and the swap in one
   * executeBatch transaction to the swapper itself, no signature.
   */
  readonly batch?: boolean | undefined
}

/** Slippage the API picks from price impact (trade size against pool depth), in percent. */
export function autoSlippagePercent(priceImpactPercent: number, multiHop: boolean): number {
  const base = multiHop ? 0.5 : 0.3
  return Math.round(Math.min(5, Math.max(base, base + priceImpactPercent * 0.5)) * 100) / 100
}

const MAX_DEADLINE_SECONDS = 3 * 24 * 3600
const DEFAULT_DEADLINE_SECONDS = 30 * 60
/**
 * A Permit2 allowance is granted for 30 days and for the largest amount (Permit2 never spends
 * down an allowance of 2^160 - 1): one signature per token and 30 days, as Uniswap's app asks,
 * instead of one per swap (an exact-amount allowance is used up by the swap it was signed for).
 */
const PERMIT_EXPIRATION_SECONDS = 30 * 24 * 3600
const PERMIT_AMOUNT = maxUint160
const PERMIT_SIG_SECONDS = 30 * 60
const PERMIT_GAS = 50_000

export interface TradingServiceOptions {
  /** How often each network polls for new blocks (ms). */
  readonly pollMs?: number
  /** Worker threads that run route searches (0: searches run in the calling thread). */
  readonly routeThreads?: number
  /**
   * The indexer's GraphQL endpoint, the only source of USD figures (market prices derived from
   * the indexed pools). Unset: quotes and token lists carry no USD values and say why.
   */
  readonly indexerUrl?: string | undefined
  /** How long a price request to the indexer may take before USD figures are left out (ms). */
  readonly indexerTimeoutMs?: number | undefined
  /** Offer gasless order routes where the network has them (default true; off: no filler runs). */
  readonly gaslessSwaps?: boolean | undefined
  /**
   * Whether a filler is live on the chain (its heartbeats, orders/fillerLiveness.ts): the gasless
   * route is offered only then. Unset: not asked (a caller that fills orders itself, as tests do).
   */
  readonly fillerLive?: ((chainId: number) => boolean) | undefined
}

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

type Prepared = ReturnType<TradingService['prepare']>

export class TradingService {
  readonly states = new Map<NetworkSlug, NetworkState>()
  readonly tokens = new Map<NetworkSlug, Map<string, TokenInfo>>()
  /** Route threads, if any (see routeThreads.ts). */
  readonly threads: RouteThreads | undefined
  /**
   * Per network, the addresses a swap must never pay out to (lowercase, with the reason): the
   * protocol's contracts, its pools and its tokens. Funds sent there are lost or stranded.
   */
  private readonly refused = new Map<NetworkSlug, Map<string, string>>()
  /** Searches running in a route thread, by graph version and query: equal requests share one. */
  private readonly inFlight = new Map<string, Promise<WireRoute>>()
  /** Market USD prices (the indexer's). */
  readonly prices: PriceSource
  /**
   * The deployment's seeded USD reference per token (lowercase): only to weigh gas against
   * output in the route search and for the high-gas warning while no market price is known.
   * Never answered as a price.
   */
  private readonly referenceUsd = new Map<NetworkSlug, Map<string, number>>()

  private readonly gaslessSwaps: boolean
  private readonly fillerLive: ((chainId: number) => boolean) | undefined

  constructor(
    readonly manifest: Manifest,
    log?: (message: string, fields?: Record<string, unknown>) => void,
    options: TradingServiceOptions = {},
  ) {
    const { pollMs, routeThreads = 0, indexerUrl, indexerTimeoutMs } = options
    this.gaslessSwaps = options.gaslessSwaps ?? true
    this.fillerLive = options.fillerLive
    this.threads = routeThreads > 0 ? createRouteThreads(routeThreads, log ?? (() => {})) : undefined
    for (const [slug, deployment] of Object.entries(manifest.networks) as [
      NetworkSlug,
      NetworkDeployment,
    ][]) {
      const tokens = new Map<string, TokenInfo>()
      const excluded = new Map<Address, string>()
      const weth = deployment.tokens.find((t) => t.address === deployment.contracts.weth9)
      const nativeUsd = weth?.seedPriceUsd ?? 1
      const network = getNetwork(slug)
      tokens.set(NATIVE_CURRENCY_ADDRESS.toLowerCase(), {
        address: NATIVE_CURRENCY_ADDRESS,
        symbol: network.nativeCurrency.symbol,
        name: network.nativeCurrency.name,
        decimals: network.nativeCurrency.decimals,
        native: true,
        kind: 'native',
        safety: 'verified',
        transferFeeBps: 0,
      })
      for (const t of deployment.tokens) {
        const reason = exclusionReason(t)
        if (reason) excluded.set(t.address, reason)
        tokens.set(t.address.toLowerCase(), {
          address: t.address,
          symbol: t.symbol,
          name: t.name,
          decimals: t.decimals,
          native: false,
          kind: t.kind,
          safety: t.safety,
          transferFeeBps: t.transferFeeBps,
          ...(reason ? { notRoutable: reason } : {}),
        })
      }
      this.tokens.set(slug, tokens)
      const reference = new Map(deployment.tokens.map((t) => [t.address.toLowerCase(), t.seedPriceUsd]))
      reference.set(NATIVE_CURRENCY_ADDRESS.toLowerCase(), nativeUsd)
      this.referenceUsd.set(slug, reference)
      this.refused.set(slug, refusedAddresses(deployment))
      const threads = this.threads
      threads?.addNetwork(slug, excluded)
      this.states.set(
        slug,
        new NetworkState({
          deployment,
          excludedTokens: excluded,
          ...(log ? { log } : {}),
          ...(pollMs ? { pollMs } : {}),
          ...(threads ? { onGraph: (version, pools) => threads.setGraph(slug, version, pools) } : {}),
        }),
      )
    }
    this.prices = indexerUrl
      ? createIndexerPrices({
          url: indexerUrl,
          tokens: new Map(
            [...this.tokens].map(([slug, list]) => [slug, [...list.values()].map((t) => t.address)]),
          ),
          ...(indexerTimeoutMs ? { timeoutMs: indexerTimeoutMs } : {}),
          ...(log ? { log } : {}),
        })
      : noPriceSource('no indexer configured (OXBOW_INDEXER_URL)')
  }

  /** Market prices of a network as of its current head (or the newest block the indexer has). */
  pricesNow(network: NetworkSlug): Promise<PriceAnswer> {
    return this.prices.prices(network, this.stateOf(network).blockNumber)
  }

  /**
   * USD per whole token for weighing gas: the market's when known, else the seeded reference
   * (internal only, see {@link referenceUsd}).
   */
  private weighingUsd(network: NetworkSlug, address: Address): number {
    return (
      usdOf(this.prices.peek(network), address) ??
      this.referenceUsd.get(network)?.get(address.toLowerCase()) ??
      1
    )
  }

  async start(): Promise<void> {
    await Promise.all([...this.states.values()].map((s) => s.reload()))
    for (const s of this.states.values()) s.start()
  }

  async refresh(): Promise<void> {
    await Promise.all([...this.states.values()].map((s) => s.reload()))
  }

  async stop(): Promise<void> {
    for (const s of this.states.values()) s.stop()
    await this.threads?.close()
  }

  stateOf(network: NetworkSlug): NetworkState {
    const state = this.states.get(network)
    if (!state) {
      throw ApiError.spec('UNSUPPORTED_NETWORK', {
        network,
        supported: [...this.states.keys()],
      })
    }
    return state
  }

  tokenOf(network: NetworkSlug, address: Address): TokenInfo {
    const token = this.tokens.get(network)?.get(address.toLowerCase())
    if (!token)
      throw new ApiError('UNSUPPORTED_TOKEN', `Token ${address} is not supported on ${network}`, {
        token: address,
      })
    return token
  }

  /**
   * Why a swap may not pay out to (or be sent from) `address` on `network`, or undefined if it
   * may: the zero address, precompiles and other reserved low addresses (core's
   * `reservedAddressKind`), and the protocol's own contracts, pools, hooks and tokens (the
   * deployment's manifest). Other contracts (smart wallets) are fine.
   */
  addressProblem(network: NetworkSlug, address: Address): string | undefined {
    const reserved = reservedAddressKind(address)
    if (reserved === 'zero') return 'the zero address: funds sent there are lost'
    if (reserved === 'precompile') return 'a precompile or reserved address: funds sent there are lost'
    const known = this.refused.get(network)?.get(address.toLowerCase())
    return known === undefined ? undefined : `${known}: funds sent there are stranded`
  }

  /**
   * The swapper and the recipient of a quote or swap, checked with {@link addressProblem}. A bad
   * swapper without a recipient is the one who would receive: INVALID_RECIPIENT ('Invalid
   * recipient', what the swap form shows); with a recipient of its own, INVALID_SWAPPER.
   */
  checkParties(network: NetworkSlug, swapper: Address | undefined, recipient: Address | undefined): void {
    if (recipient !== undefined) {
      const problem = this.addressProblem(network, recipient)
      if (problem) throw ApiError.spec('INVALID_RECIPIENT', [{ path: 'recipient', message: problem }])
    }
    if (swapper === undefined) return
    const problem = this.addressProblem(network, swapper)
    if (!problem) return
    const details = [{ path: 'swapper', message: problem }]
    throw recipient === undefined
      ? ApiError.spec('INVALID_RECIPIENT', details)
      : new ApiError('INVALID_SWAPPER', 'Invalid swapper', details)
  }

  /**
   * A contract recipient the manifest does not know, looked at on chain: one that answers like an
   * ERC-20 token (`totalSupply` and `balanceOf`) or a v2/v3 pool (`token0`) would strand what it
   * receives, so it is refused as the known ones are. Any other contract (a smart wallet, a
   * Safe, an EIP-7702 delegated account) may receive. One `eth_getCode`, and two calls only for a
   * contract; on a node failure the recipient passes (the manifest check already ran).
   */
  private async checkContractRecipient(network: NetworkSlug, recipient: Address): Promise<void> {
    const client = this.stateOf(network).client
    const code = await client.getCode({ address: recipient }).catch(() => undefined)
    // no code (an EOA) or an EIP-7702 delegation designator (0xef0100 + address): an account
    if (code === undefined || code === '0x' || code.toLowerCase().startsWith('0xef0100')) return
    const answers = (functionName: 'totalSupply' | 'token0') =>
      client.readContract({ address: recipient, abi: probeAbi, functionName }).then(
        () => true,
        () => false,
      )
    const balance = client
      .readContract({ address: recipient, abi: probeAbi, functionName: 'balanceOf', args: [recipient] })
      .then(
        () => true,
        () => false,
      )
    const [supply, holds, pool] = await Promise.all([answers('totalSupply'), balance, answers('token0')])
    const what = pool ? 'a pool contract' : supply && holds ? 'a token contract' : undefined
    if (what) {
      throw ApiError.spec('INVALID_RECIPIENT', [
        { path: 'recipient', message: `${what}: funds sent there are stranded` },
      ])
    }
  }

  /** Checks a quote request and turns it into a route query (typed errors for bad input). */
  private prepare(req: QuoteRequest) {
    const state = this.stateOf(req.network)
    this.checkParties(req.network, undefined, req.recipient)
    const tokenIn = this.tokenOf(req.network, req.tokenIn)
    const tokenOut = this.tokenOf(req.network, req.tokenOut)
    for (const t of [tokenIn, tokenOut]) {
      if (t.notRoutable) {
        throw new ApiError('UNSUPPORTED_TOKEN', `${t.symbol} cannot be swapped: ${t.notRoutable}`, {
          token: t.address,
          reason: t.notRoutable,
        })
      }
    }
    if (tokenIn.address === tokenOut.address) {
      throw new ApiError('INVALID_INPUT', 'tokenIn and tokenOut must differ', [
        { path: 'tokenOut', message: 'same as tokenIn' },
      ])
    }
    const quoteToken = req.type === 'EXACT_INPUT' ? tokenOut : tokenIn
    const nativeUsd = this.weighingUsd(req.network, NATIVE_CURRENCY_ADDRESS)
    const quoteUsd = this.weighingUsd(req.network, quoteToken.address)
    const tokenInUsd = this.weighingUsd(req.network, tokenIn.address)
    // native <-> wrapped native is always the 1:1 wrap or unwrap
    const weth = state.deployment.contracts.weth9
    const query: RouteQuery = {
      tokenIn: tokenIn.address,
      tokenOut: tokenOut.address,
      amount: req.amount,
      type: req.type,
      protocols: [...new Set(req.protocols ?? (['V2', 'V3', 'V4'] as const))],
      wrapPair:
        (tokenIn.native && tokenOut.address === weth) || (tokenOut.native && tokenIn.address === weth),
      gasPriceWei: state.gasPriceWei,
      // gas wei -> quote-token base units through USD (market prices when known)
      quoteUnitsPerWei: (nativeUsd / quoteUsd) * 10 ** (quoteToken.decimals - 18),
    }
    // the block the state (and so the quote) is priced on
    const blockNumber = state.blockNumber
    return { state, tokenIn, tokenOut, nativeUsd, tokenInUsd, query, key: routeKey(query), blockNumber }
  }

  private remember(p: Prepared, version: number, result: RouteResult): void {
    // Same graph, same gas price, same request: same route. Cached until the graph changes.
    if (version !== p.state.graphVersion) return
    if (p.state.routeCache.size >= 5000) p.state.routeCache.clear()
    p.state.routeCache.set(p.key, result)
  }

  /** The quote, with the route searched in this thread (what the in-process benchmark measures). */
  quoteSync(req: QuoteRequest) {
    const p = this.prepare(req)
    let result = p.state.routeCache.get(p.key)
    if (!result) {
      result = searchRoute(p.state.graph, p.query)
      this.remember(p, p.state.graphVersion, result)
    }
    // in-process (the benchmark's path): the prices last fetched, without waiting
    return withUsd(this.answer(req, p, result), this.prices.peek(req.network))
  }

  /**
   * The quote, priced on the chain's head as of the request. The head is read while the route is
   * searched on the pools as last polled (so the read costs no latency when no block arrived);
   * if the head is newer, the state catches up and, when its pools or gas price changed, the
   * route is searched again. With route threads, searches run in the least busy one.
   */
  async quote(req: QuoteRequest): Promise<ReturnType<TradingService['quoteSync']>> {
    const state = this.stateOf(req.network)
    const caughtUp = state.current()
    // USD prices as of the head the quote is priced on, fetched while the route is searched
    const priced = caughtUp.then(
      () => this.pricesNow(req.network),
      () => this.pricesNow(req.network),
    )
    const version = state.graphVersion
    const gasPrice = state.gasPriceWei
    let first: Unpriced | undefined
    let failure: unknown
    try {
      first = await this.quoteNow(req)
    } catch (error) {
      failure = error
    }
    await caughtUp
    if (state.graphVersion !== version || state.gasPriceWei !== gasPrice) {
      const again = await this.quoteNow(req)
      return withUsd(again, await priced)
    }
    if (!first) throw failure
    // the same pools and gas price at the head: the quote stands for the head's block
    return withUsd(
      { ...first, body: { ...first.body, blockNumber: state.blockNumber.toString() } },
      await priced,
    )
  }

  /** The quote on the pool state as it is now (see {@link quote}). */
  private async quoteNow(req: QuoteRequest): Promise<Unpriced> {
    const threads = this.threads
    if (!threads) return this.quoteSync(req)
    const p = this.prepare(req)
    const cached = p.state.routeCache.get(p.key)
    if (cached) return this.answer(req, p, cached)
    const version = p.state.graphVersion
    const flightKey = `${req.network}@${version}|${p.key}`
    let flight = this.inFlight.get(flightKey)
    if (!flight) {
      flight = threads.search(req.network, version, p.query)
      this.inFlight.set(flightKey, flight)
      const done = () => this.inFlight.delete(flightKey)
      flight.then(done, done)
    }
    let result: RouteResult | undefined
    let found = version
    try {
      const graph = p.state.recentGraphs.get(version)
      const wire = await flight
      result = graph ? fromWire(wire, graph) : undefined
    } catch {
      // the thread failed or was restarting: search here instead
    }
    if (!result) {
      found = p.state.graphVersion
      result = searchRoute(p.state.graph, p.query)
    }
    this.remember(p, found, result)
    return this.answer(req, p, result)
  }

  /** The quote body (and what a swap needs) for a route result. */
  private answer(req: QuoteRequest, p: Prepared, result: RouteResult) {
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

  /**
   * The gasless order route for a quote, or undefined when it is not offered: the network offers
   * gasless swaps and has our filler, and the filler is live (its heartbeats); an exact-input sell of an ERC-20 for an ERC-20 (native input
   * needs a wrap, which an order cannot do; native output an unwrap our filler does not make),
   * paid to the swapper; a classic route of one v2 or v3 pool, which our filler can reproduce; and
   * better than the classic route after the filler's gas: the filler's gas (charged to the output)
   * is below the classic route's (paid by the swapper), and the output after it stays above the
   * slippage floor the order decays to.
   */
  gaslessRoute(
    req: Pick<QuoteRequest, 'network' | 'recipient'> & { readonly swapper?: Address | undefined },
    body: QuoteResponseBody,
  ): NonNullable<QuoteResponseBody['gasless']> | undefined {
    const state = this.stateOf(req.network)
    const deployment = state.deployment
    if (!this.gaslessSwaps || !getNetwork(req.network).capabilities.gaslessSwaps || !deployment.orders) {
      return undefined
    }
    // an order nobody fills would only fail at its deadline: none while no filler is live
    if (this.fillerLive && !this.fillerLive(deployment.chainId)) return undefined
    if (body.routing !== 'CLASSIC' || body.tradeType !== 'EXACT_INPUT') return undefined
    const tokenIn = this.tokenOf(req.network, body.tokenIn.address)
    const tokenOut = this.tokenOf(req.network, body.tokenOut.address)
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
      (this.weighingUsd(req.network, NATIVE_CURRENCY_ADDRESS) /
        this.weighingUsd(req.network, tokenOut.address)) *
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

  async checkApproval(network: NetworkSlug, wallet: Address, token: Address, amount: bigint) {
    const state = this.stateOf(network)
    const info = this.tokenOf(network, token)
    if (info.native) return { approval: null }
    const allowance = await state.client.readContract({
      address: info.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet, PERMIT2_ADDRESS],
    })
    if (allowance >= amount) return { approval: null }
    return {
      approval: {
        to: info.address,
        from: wallet,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [PERMIT2_ADDRESS, maxUint256],
        }),
        value: '0',
        chainId: state.deployment.chainId,
      },
    }
  }

  async swap(req: SwapRequest) {
    const state = this.stateOf(req.network)
    this.checkParties(req.network, req.swapper, req.recipient)
    if (req.recipient !== undefined) await this.checkContractRecipient(req.network, req.recipient)
    // the next block's time: anvil stamps it with the wall clock unless the chain is ahead of it
    const now = Math.max(Number(state.blockTimestamp), Math.floor(Date.now() / 1000))
    const deadline = req.deadline ?? now + DEFAULT_DEADLINE_SECONDS
    if (deadline <= now) {
      throw new ApiError('INVALID_INPUT', 'Invalid request body', [
        { path: 'deadline', message: 'deadline has passed' },
      ])
    }
    if (deadline > now + MAX_DEADLINE_SECONDS) {
      throw new ApiError('INVALID_INPUT', 'Invalid request body', [
        { path: 'deadline', message: 'deadline is more than 3 days away' },
      ])
    }
    const q = await this.quote(req)
    const { route, body, maximumAmountIn } = q
    const ur = state.deployment.contracts.universalRouter
    const tokenIn = this.tokenOf(req.network, req.tokenIn)
    const spend = req.type === 'EXACT_INPUT' ? route.amountIn : maximumAmountIn
    let permit: Hex | undefined
    /** Batched swaps: the approvals that precede the swap in the same transaction. */
    const calls: Call[] = []
    if (!tokenIn.native) {
      const { approval } = await this.checkApproval(req.network, req.swapper, tokenIn.address, spend)
      if (approval && req.batch) calls.push({ target: approval.to, value: 0n, data: approval.data })
      else if (approval) return { status: 'APPROVAL_REQUIRED' as const, approval, quote: body }
      const [amount, expiration, nonce] = await state.client.readContract({
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: 'allowance',
        args: [req.swapper, tokenIn.address, ur],
      })
      // the allowance must outlive the deadline: Permit2 refuses an expired one at execution
      const covered = amount >= spend && expiration >= deadline
      if (!covered && req.batch) {
        calls.push({
          target: PERMIT2_ADDRESS,
          value: 0n,
          data: encodeFunctionData({
            abi: permit2Abi,
            functionName: 'approve',
            args: [tokenIn.address, ur, PERMIT_AMOUNT, now + PERMIT_EXPIRATION_SECONDS],
          }),
        })
      } else if (!covered) {
        const message = {
          details: {
            token: tokenIn.address,
            amount: PERMIT_AMOUNT.toString(),
            expiration: now + PERMIT_EXPIRATION_SECONDS,
            nonce,
          },
          spender: ur,
          sigDeadline: String(now + PERMIT_SIG_SECONDS),
        }
        if (!req.permit) {
          return {
            status: 'SIGNATURE_REQUIRED' as const,
            permitData: {
              domain: permit2Domain(state.deployment.chainId),
              types: permit2PermitSingleTypes,
              primaryType: 'PermitSingle',
              message,
            },
            quote: body,
          }
        }
        const m = req.permit.message
        const typed = {
          details: {
            token: getAddress(m.details.token),
            amount: BigInt(m.details.amount),
            expiration: m.details.expiration,
            nonce: m.details.nonce,
          },
          spender: getAddress(m.spender),
          sigDeadline: BigInt(m.sigDeadline),
        }
        const problems: { path: string; message: string }[] = []
        if (typed.details.token !== tokenIn.address)
          problems.push({ path: 'permit.message.details.token', message: 'not tokenIn' })
        if (typed.spender !== ur)
          problems.push({ path: 'permit.message.spender', message: 'not the Universal Router' })
        if (typed.details.amount < spend || typed.details.amount > maxUint160)
          problems.push({ path: 'permit.message.details.amount', message: `must cover ${spend}` })
        if (typed.details.nonce !== nonce)
          problems.push({ path: 'permit.message.details.nonce', message: `current nonce is ${nonce}` })
        if (typed.sigDeadline <= BigInt(now))
          problems.push({ path: 'permit.message.sigDeadline', message: 'has passed' })
        if (problems.length === 0) {
          const valid = await verifyTypedData({
            address: req.swapper,
            domain: permit2Domain(state.deployment.chainId),
            types: permit2PermitSingleTypes,
            primaryType: 'PermitSingle',
            message: typed,
            signature: req.permit.signature,
          }).catch(() => false)
          if (!valid)
            problems.push({ path: 'permit.signature', message: 'not signed by swapper for this permit' })
        }
        if (problems.length > 0)
          throw new ApiError('INVALID_INPUT', 'Invalid Permit2 signature data', problems)
        permit = permit2PermitInput(typed, req.permit.signature)
      }
    }
    const encoded = encodeRoute({
      route,
      recipient: req.recipient ?? req.swapper,
      swapper: req.swapper,
      slippageBps: q.slippageBps,
      ...(permit ? { permitInput: permit } : {}),
    })
    const data = encodeFunctionData({
      abi: universalRouterAbi,
      functionName: 'execute',
      args: [encoded.commands, encoded.inputs, BigInt(deadline)],
    })
    const gasLimit = Math.ceil(body.gas.estimate * 1.5) + 100_000
    if (req.batch) {
      calls.push({ target: ur, value: encoded.value, data })
      const delegated = await isDelegated(state, req.swapper)
      return {
        status: 'READY' as const,
        ...batchedSwap(req.swapper, calls, state.deployment.chainId, gasLimit, delegated),
        deadline,
        quote: body,
      }
    }
    return {
      status: 'READY' as const,
      tx: {
        to: ur,
        from: req.swapper,
        data,
        value: encoded.value.toString(),
        chainId: state.deployment.chainId,
        gasLimit: String(gasLimit),
      },
      deadline,
      quote: body,
    } satisfies SwapResponseBody
  }
}

/** The reads that tell a token or a pool from other contracts (see checkContractRecipient). */
const probeAbi = [
  {
    type: 'function',
    name: 'totalSupply',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ type: 'address' }],
    outputs: [{ type: 'uint256' }],
  },
  { type: 'function', name: 'token0', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
] as const

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

const hopProtocol = { v2: 'V2', v3: 'V3', v4: 'V4', wrap: 'WRAP' } as const

const NOT_PRICED: PriceAnswer = { status: 'unavailable', reason: 'not priced yet' }

/** A quote before its USD figures are filled in ({@link withUsd}). */
type Unpriced = ReturnType<TradingService['answer']>

/**
 * Fills a quote's USD figures from market prices: the network cost and the trade's value (the
 * input's), and which prices they come from. Without market prices they are null and `prices`
 * says why: a figure is either the market's or absent.
 */
function withUsd<T extends Unpriced>(q: T, prices: PriceAnswer | undefined): T {
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

/** A network's contracts, pools and tokens by lowercase address, each with what it is. */
function refusedAddresses(deployment: NetworkDeployment): Map<string, string> {
  const out = new Map<string, string>()
  const add = (address: string, what: string) => out.set(address.toLowerCase(), what)
  add(PERMIT2_ADDRESS, 'the Permit2 contract')
  for (const [name, address] of Object.entries(deployment.contracts)) add(address, `the ${name} contract`)
  for (const [name, address] of Object.entries(deployment.hooks)) add(address, `the ${name} hook contract`)
  for (const pool of deployment.pools) if (pool.version !== 'v4') add(pool.address, `a ${pool.version} pool`)
  for (const t of deployment.tokens) add(t.address, `the ${t.symbol} token contract`)
  for (const c of deployment.nftCollections) add(c.address, `the ${c.name} NFT contract`)
  return out
}

/** Tokens the router refuses, from the manifest's kind and safety. */
export function exclusionReason(token: ManifestToken): string | undefined {
  if (token.kind === 'fee-on-transfer' || token.transferFeeBps > 0) {
    return `fee-on-transfer token (${token.transferFeeBps / 100} % taken on every transfer): quotes would not match what arrives`
  }
  if (token.kind === 'honeypot' || token.safety === 'honeypot')
    return 'honeypot token: it can be bought but not sold'
  if (token.safety === 'malicious' || token.safety === 'blocked') return `token is marked ${token.safety}`
  return undefined
}
