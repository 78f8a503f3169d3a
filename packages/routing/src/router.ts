/**
 * Route search: ranks every path of up to three hops (paths.ts) and the best split across them
 * (splitSearch.ts), scored net of estimated gas in the quote token, and assembles the route.
 * Exact input maximises output, exact output minimises input.
 */
import { GAS, type PathQuote } from './pathQuote.ts'
import { enumeratePaths, type Path, type PoolGraph } from './paths.ts'
import { type Address, midPrice, type PoolState } from './pools.ts'
import { type Candidate, evaluate, splitSearch } from './splitSearch.ts'

export type TradeType = 'EXACT_INPUT' | 'EXACT_OUTPUT'
export interface RouteLeg {
  readonly path: Path
  /** Share of the specified amount, in percent (two decimals). */
  readonly percent: number
  readonly quote: PathQuote
}

export interface Route {
  readonly tradeType: TradeType
  readonly tokenIn: Address
  readonly tokenOut: Address
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly legs: readonly RouteLeg[]
  readonly gasEstimate: number
  /** Gas cost expressed in the quote token (output for exact input, input for exact output). */
  readonly gasCostInQuoteToken: bigint
  /** Exact input: amountOut minus gas cost; exact output: amountIn plus gas cost. */
  readonly netAmount: bigint
  /** Loss against the pools' mid prices (fees included), in percent. */
  readonly priceImpactPercent: number
}

export interface FindRouteOptions {
  readonly maxHops?: number
  /** Most paths an amount is split across. */
  readonly maxSplits?: number
  /** Split granularity: 20 means 5 % increments before refinement. */
  readonly splitSteps?: number
  /** Paths considered for splitting. */
  readonly maxCandidates?: number
  /** Gas cost in quote-token base units for a number of gas units (0 if omitted). */
  readonly gasCostInQuoteToken?: (gas: bigint) => bigint
  /** Skip splitting (single best path only). */
  readonly noSplit?: boolean
  /** Only paths this accepts are used (e.g. those the executor can encode for this trade type). */
  readonly pathFilter?: (path: Path) => boolean
  /**
   * Names `pathFilter` when its answer depends only on the path (equal keys, equal filters): the
   * filtered list is then memoised with the graph's path lists instead of filtered per search.
   */
  readonly pathFilterKey?: string
}

export type RouteFailure =
  | { readonly ok: false; readonly reason: 'EXCLUDED_TOKEN'; readonly message: string }
  | { readonly ok: false; readonly reason: 'NO_ROUTE'; readonly message: string }
  | { readonly ok: false; readonly reason: 'INSUFFICIENT_LIQUIDITY'; readonly message: string }

export type RouteResult = ({ readonly ok: true } & Route) | RouteFailure
/** The caller's gas pricing, memoised per gas amount for one search (quotes repeat a few amounts). */
function memoGasCost(price: ((gas: bigint) => bigint) | undefined): (gas: bigint) => bigint {
  if (!price) return () => 0n
  const known = new Map<bigint, bigint>()
  return (gas) => {
    let cost = known.get(gas)
    if (cost === undefined) {
      cost = price(gas)
      known.set(gas, cost)
    }
    return cost
  }
}
/** Finds the best route. Pure: the graph is read only. */
export function findRoute(
  graph: PoolGraph,
  tokenIn: Address,
  tokenOut: Address,
  amount: bigint,
  tradeType: TradeType,
  options: FindRouteOptions = {},
): RouteResult {
  for (const token of [tokenIn, tokenOut]) {
    const reason = graph.excludedTokens.get(token)
    if (reason !== undefined) return { ok: false, reason: 'EXCLUDED_TOKEN', message: `${token}: ${reason}` }
  }
  if (tokenIn === tokenOut) return { ok: false, reason: 'NO_ROUTE', message: 'tokenIn equals tokenOut' }
  const exactIn = tradeType === 'EXACT_INPUT'
  const gasCost = memoGasCost(options.gasCostInQuoteToken)
  const steps = BigInt(options.splitSteps ?? 20)
  const maxSplits = options.noSplit ? 1 : (options.maxSplits ?? 4)
  const maxHops = options.maxHops ?? 3
  const all = enumeratePaths(graph, tokenIn, tokenOut, maxHops, !exactIn)
  const filter = options.pathFilter
  let paths = all
  if (filter) {
    const key =
      options.pathFilterKey === undefined
        ? undefined
        : `${tokenIn}>${tokenOut}>${maxHops}>${tradeType}|${options.pathFilterKey}`
    const known = key === undefined ? undefined : graph.pathCache.get(key)
    paths = known ?? all.filter((p) => filter(p))
    if (key !== undefined && known === undefined) graph.pathCache.set(key, paths)
  }
  if (paths.length === 0) return { ok: false, reason: 'NO_ROUTE', message: 'No pools connect these tokens' }

  // value of a quote: higher is better (output, or minus input), net of gas.
  const value = (q: PathQuote): bigint => (exactIn ? q.amountOut : -q.amountIn)
  const net = (q: PathQuote): bigint => value(q) - gasCost(BigInt(q.gas))

  const candidates: Candidate[] = paths.map((path) => ({
    path,
    poolIds: path.pools.map((p) => p.id),
    cache: new Map(),
  }))
  const chunk = amount / steps
  // Every path is priced for one chunk; only the best of them also for the whole amount (a path
  // that cannot fill a chunk cannot fill more, and weak ones at the margin stay weak in bulk).
  const fullK = options.maxCandidates ?? 16
  const small = candidates.map((c) => {
    const q = chunk > 0n ? evaluate(c, chunk, exactIn) : undefined
    return { c, small: q ? value(q) : undefined }
  })
  const ranked = chunk > 0n ? small.filter((s) => s.small !== undefined) : small
  ranked.sort((a, b) => ((b.small ?? 0n) > (a.small ?? 0n) ? 1 : (b.small ?? 0n) < (a.small ?? 0n) ? -1 : 0))
  const scored = ranked.map((s, i) => {
    const full = i < fullK || chunk === 0n ? evaluate(s.c, amount, exactIn) : undefined
    return { c: s.c, full: full ? net(full) : undefined, small: s.small }
  })
  const bestSingle = scored
    .filter((s) => s.full !== undefined)
    .sort((a, b) => ((b.full as bigint) > (a.full as bigint) ? 1 : -1))[0]

  const k = 24
  const byFull = scored
    .filter((s) => s.full !== undefined)
    .sort((a, b) => ((b.full as bigint) > (a.full as bigint) ? 1 : -1))
  const bySmall = scored
    .filter((s) => s.small !== undefined)
    .sort((a, b) => ((b.small as bigint) > (a.small as bigint) ? 1 : -1))
  const pool = [...new Set([...byFull.slice(0, k), ...bySmall.slice(0, k)].map((s) => s.c))]

  let best: { legs: { c: Candidate; amount: bigint }[]; score: bigint } | undefined
  if (bestSingle) {
    best = { legs: [{ c: bestSingle.c, amount }], score: bestSingle.full as bigint }
  }

  if (maxSplits > 1 && chunk > 0n && pool.length > 1) {
    const seeds = [undefined, ...byFull.slice(0, 3).map((s) => s.c), ...bySmall.slice(0, 1).map((s) => s.c)]
    const split = splitSearch(pool, amount, Number(steps), maxSplits, exactIn, value, gasCost, [
      ...new Set(seeds),
    ])
    if (split && (best === undefined || split.score > best.score)) best = split
  }
  if (!best) {
    return {
      ok: false,
      reason: 'INSUFFICIENT_LIQUIDITY',
      message: 'The pools between these tokens cannot fill this amount',
    }
  }
  return { ok: true, ...assemble(best.legs, tokenIn, tokenOut, amount, tradeType, gasCost) }
}
function assemble(
  legs: { c: Candidate; amount: bigint }[],
  tokenIn: Address,
  tokenOut: Address,
  amount: bigint,
  tradeType: TradeType,
  gasCost: (gas: bigint) => bigint,
): Route {
  const exactIn = tradeType === 'EXACT_INPUT'
  const sorted = [...legs].sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0))
  const out: RouteLeg[] = sorted.map((l) => ({
    path: l.c.path,
    percent: Number((l.amount * 10_000n) / amount) / 100,
    quote: evaluate(l.c, l.amount, exactIn) as PathQuote,
  }))
  const amountIn = out.reduce((s, l) => s + l.quote.amountIn, 0n)
  const amountOut = out.reduce((s, l) => s + l.quote.amountOut, 0n)
  const gasEstimate = GAS.base + out.reduce((s, l) => s + l.quote.gas, 0)
  const gasCostInQuoteToken = gasCost(BigInt(gasEstimate))
  let mid = 0
  for (const l of out) {
    let price = 1
    for (let i = 0; i < l.path.pools.length; i++) {
      price *= midPrice(l.path.pools[i] as PoolState, l.path.tokens[i] as Address)
    }
    mid += Number(l.quote.amountIn) * price
  }
  const impact = mid > 0 ? Math.max(0, (1 - Number(amountOut) / mid) * 100) : 0
  return {
    tradeType,
    tokenIn,
    tokenOut,
    amountIn,
    amountOut,
    legs: out,
    gasEstimate,
    gasCostInQuoteToken,
    netAmount: exactIn ? amountOut - gasCostInQuoteToken : amountIn + gasCostInQuoteToken,
    priceImpactPercent: Math.round(impact * 1000) / 1000,
  }
}
