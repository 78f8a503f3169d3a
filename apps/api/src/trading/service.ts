/**
 * Quotes and swap transactions over the in-memory pool graphs. Framework-free: the HTTP layer
 * (routes.ts) validates input and calls these.
 */

import type { QuoteResponseBody } from '@oxbow/api-contract'
import type { NetworkSlug } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { Manifest, NetworkDeployment } from '@oxbow/protocol'
import type { RouteResult } from '@oxbow/routing'
import type { Address } from 'viem'
import { ApiError } from '../errors.ts'
import {
  createIndexerPrices,
  noPriceSource,
  type PriceAnswer,
  type PriceSource,
} from '../prices/indexerPrices.ts'
import { gaslessRoute } from './gaslessRoute.ts'
import { addressProblem, refusedAddresses } from './parties.ts'
import { type PreparedQuote, quoteAnswer, type Unpriced, usdOf, withUsd } from './quoteBody.ts'
import { fromWire, type RouteQuery, routeKey, searchRoute, type WireRoute } from './routeSearch.ts'
import { createRouteThreads, type RouteThreads } from './routeThreads.ts'
import { NetworkState } from './state.ts'
import { checkApproval, swap } from './swap.ts'
import { networkTokens } from './tokens.ts'
import type { QuoteRequest, SwapRequest, TokenInfo } from './types.ts'

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
      const { tokens, excluded, reference } = networkTokens(slug, deployment)
      this.tokens.set(slug, tokens)
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
    return addressProblem(this.refused.get(network), address)
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
  /** Checks a quote request and turns it into a route query (typed errors for bad input). */
  private prepare(req: QuoteRequest): PreparedQuote {
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

  private remember(p: PreparedQuote, version: number, result: RouteResult): void {
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
    return withUsd(quoteAnswer(req, p, result), this.prices.peek(req.network))
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
    if (cached) return quoteAnswer(req, p, cached)
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
    return quoteAnswer(req, p, result)
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
    return gaslessRoute(
      {
        gaslessSwaps: this.gaslessSwaps,
        fillerLive: this.fillerLive,
        stateOf: (network) => this.stateOf(network),
        tokenOf: (network, address) => this.tokenOf(network, address),
        weighingUsd: (network, address) => this.weighingUsd(network, address),
      },
      req,
      body,
    )
  }

  async checkApproval(network: NetworkSlug, wallet: Address, token: Address, amount: bigint) {
    return checkApproval(this.stateOf(network), this.tokenOf(network, token), wallet, amount)
  }

  async swap(req: SwapRequest) {
    return swap(this, req)
  }
}
