/**
 * Route search: every path of up to three hops between two tokens, then the best split of the
 * amount across non-overlapping paths (greedy in 1/steps increments, then a finer hill climb),
 * scored net of estimated gas in the quote token. Exact input maximises output, exact output
 * minimises input.
 */
import {
  type Address,
  type HopResult,
  hopExactIn,
  hopExactOut,
  midPrice,
  type PoolState,
  poolExclusionReason,
} from './pools.ts'

export type TradeType = 'EXACT_INPUT' | 'EXACT_OUTPUT'

/** Gas units of the parts of a Universal Router swap (calibrated on the devnet, see README). */
export const GAS = {
  base: 22_000,
  perLeg: 7_000,
  v2Hop: 61_000,
  v3Hop: 67_000,
  v4Hop: 70_000,
  v4Hook: 15_000,
  wrapHop: 24_000,
  perTickCrossed: 22_000,
} as const

export interface Path {
  readonly pools: readonly PoolState[]
  /** Tokens along the path, tokenIn first. */
  readonly tokens: readonly Address[]
}

export interface PoolGraph {
  readonly pools: ReadonlyMap<string, PoolState>
  /** Pools that are never routed through, with the reason. */
  readonly excludedPools: ReadonlyMap<string, string>
  /** Tokens that are never routed (fee-on-transfer, honeypot...), with the reason. */
  readonly excludedTokens: ReadonlyMap<Address, string>
  readonly byToken: ReadonlyMap<Address, readonly PoolState[]>
  /** Memoised path enumeration per token pair. */
  readonly pathCache: Map<string, readonly Path[]>
}

export function buildGraph(
  pools: readonly PoolState[],
  excludedTokens: ReadonlyMap<Address, string> = new Map(),
): PoolGraph {
  const byToken = new Map<Address, PoolState[]>()
  const all = new Map<string, PoolState>()
  const excludedPools = new Map<string, string>()
  for (const pool of pools) {
    all.set(pool.id, pool)
    const reason =
      poolExclusionReason(pool) ??
      excludedTokens.get(pool.token0) ??
      excludedTokens.get(pool.token1) ??
      (pool.kind !== 'wrap' && pool.kind !== 'v2' && pool.liquidity === 0n && pool.ticks.length === 0
        ? 'no liquidity'
        : undefined)
    if (reason !== undefined) {
      excludedPools.set(pool.id, reason)
      continue
    }
    for (const token of [pool.token0, pool.token1]) {
      const list = byToken.get(token) ?? []
      list.push(pool)
      byToken.set(token, list)
    }
  }
  return { pools: all, excludedPools, excludedTokens, byToken, pathCache: new Map() }
}

const MAX_PATHS = 400

/**
 * Simple paths (no token visited twice) of 1..maxHops swaps from tokenIn to tokenOut. A wrap or
 * unwrap (at most one per path: the native currency and its wrapper each appear once) does not
 * count as a hop, so native input or output reaches every pool its wrapper reaches.
 *
 * With `nativeReentry`, the native currency may also appear twice, as WETH's own paths pass
 * through it: a native input that was wrapped first may come back once as an intermediate token
 * (ETH -> WETH -> USDC -> ETH -> WBTC, as WETH -> USDC -> ETH -> WBTC), and a native output
 * reached through a native pool may be passed through once on a path that ends with the unwrap
 * (DAI -> ETH -> USDC -> WETH -> ETH, as DAI -> ETH -> USDC -> WETH). Only exact output asks for
 * them: its parts pay exactly what is owed, while exact input's later parts spend the router's
 * whole balance, which would take the other legs' native input.
 */
export function enumeratePaths(
  graph: PoolGraph,
  tokenIn: Address,
  tokenOut: Address,
  maxHops = 3,
  nativeReentry = false,
): readonly Path[] {
  const key = `${tokenIn}>${tokenOut}>${maxHops}${nativeReentry ? '>reentry' : ''}`
  const cached = graph.pathCache.get(key)
  if (cached) return cached
  const out: Path[] = []
  const pools: PoolState[] = []
  const tokens: Address[] = [tokenIn]
  let swaps = 0
  const isNative = (token: Address) =>
    (graph.byToken.get(token) ?? []).some((p) => p.kind === 'wrap' && p.token0 === token)
  // the native input (token0 of the wrap it starts with) may be passed through once more
  const reenter = (next: Address): boolean =>
    nativeReentry &&
    next === tokenIn &&
    next !== tokenOut &&
    pools[0]?.kind === 'wrap' &&
    pools[0].token0 === tokenIn &&
    tokens.indexOf(next, 1) < 0
  const passThroughOut = nativeReentry && isNative(tokenOut)
  const visit = (token: Address): void => {
    if (out.length >= MAX_PATHS) return
    // the native output already passed through: the path may only end with the unwrap into it
    const passing = passThroughOut && tokens.indexOf(tokenOut, 1) > 0
    for (const pool of graph.byToken.get(token) ?? []) {
      const wrap = pool.kind === 'wrap'
      if (!wrap && swaps >= maxHops) continue
      const next = pool.token0 === token ? pool.token1 : pool.token0
      const seen = tokens.includes(next)
      if (seen && !(wrap ? passing && next === tokenOut : reenter(next))) continue
      if (passing && wrap && next !== tokenOut) continue
      pools.push(pool)
      tokens.push(next)
      if (!wrap) swaps++
      if (next === tokenOut) {
        out.push({ pools: [...pools], tokens: [...tokens] })
        if (passThroughOut && !seen && !wrap) visit(next)
      } else visit(next)
      if (!wrap) swaps--
      pools.pop()
      tokens.pop()
    }
  }
  visit(tokenIn)
  graph.pathCache.set(key, out)
  return out
}

export interface PathQuote {
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly hops: readonly HopResult[]
  readonly gas: number
}

function hopGas(pool: PoolState, hop: HopResult): number {
  switch (pool.kind) {
    case 'wrap':
      return GAS.wrapHop
    case 'v2':
      return GAS.v2Hop
    case 'v3':
      return GAS.v3Hop + hop.ticksCrossed * GAS.perTickCrossed
    case 'v4':
      return (
        GAS.v4Hop +
        hop.ticksCrossed * GAS.perTickCrossed +
        (pool.hooks !== undefined && BigInt(pool.hooks) !== 0n ? GAS.v4Hook : 0)
      )
  }
}

/** Exact-input quote along a path (hop by hop). */
export function quotePathExactIn(path: Path, amountIn: bigint): PathQuote | undefined {
  const hops: HopResult[] = []
  let amount = amountIn
  let gas = GAS.perLeg
  for (let i = 0; i < path.pools.length; i++) {
    const pool = path.pools[i] as PoolState
    const hop = hopExactIn(pool, path.tokens[i] as Address, amount)
    if (!hop) return undefined
    hops.push(hop)
    gas += hopGas(pool, hop)
    amount = hop.amountOut
  }
  return { amountIn, amountOut: amount, hops, gas }
}

/** Exact-output quote along a path (computed backwards from the last hop). */
export function quotePathExactOut(path: Path, amountOut: bigint): PathQuote | undefined {
  const hops: HopResult[] = []
  let amount = amountOut
  let gas = GAS.perLeg
  for (let i = path.pools.length - 1; i >= 0; i--) {
    const pool = path.pools[i] as PoolState
    const hop = hopExactOut(pool, path.tokens[i] as Address, amount)
    if (!hop) return undefined
    hops.unshift(hop)
    gas += hopGas(pool, hop)
    amount = hop.amountIn
  }
  return { amountIn: amount, amountOut, hops, gas }
}

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

interface Candidate {
  readonly path: Path
  readonly poolIds: readonly string[]
  readonly cache: Map<bigint, PathQuote | null>
}

function evaluate(c: Candidate, amount: bigint, exactIn: boolean): PathQuote | undefined {
  if (amount <= 0n) return undefined
  let q = c.cache.get(amount)
  if (q === undefined) {
    q = (exactIn ? quotePathExactIn(c.path, amount) : quotePathExactOut(c.path, amount)) ?? null
    c.cache.set(amount, q)
  }
  return q ?? undefined
}

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

function conflicts(a: Candidate, b: Candidate): boolean {
  return a.path.pools.some((p) => p.kind !== 'wrap' && b.poolIds.includes(p.id))
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

type Legs = { c: Candidate; amount: bigint }[]

function splitSearch(
  pool: Candidate[],
  amount: bigint,
  steps: number,
  maxSplits: number,
  exactIn: boolean,
  value: (q: PathQuote) => bigint,
  gasCost: (gas: bigint) => bigint,
  seeds: readonly (Candidate | undefined)[],
): { legs: Legs; score: bigint } | undefined {
  const S = BigInt(steps)
  const piece = (n: number): bigint => (amount * BigInt(n)) / S
  // net value of a leg (memoised per candidate: the refinement asks for the same amounts often)
  const nets = new Map<Candidate, Map<bigint, bigint | null>>()
  const legValue = (c: Candidate, amt: bigint): bigint | undefined => {
    if (amt === 0n) return 0n
    let known = nets.get(c)
    if (!known) {
      known = new Map()
      nets.set(c, known)
    }
    let v = known.get(amt)
    if (v === undefined) {
      const q = evaluate(c, amt, exactIn)
      v = q ? value(q) - gasCost(BigInt(q.gas)) : null
      known.set(amt, v)
    }
    return v ?? undefined
  }
  const total = (ls: Legs): bigint | undefined => {
    let sum = 0n
    for (const l of ls) {
      const v = legValue(l.c, l.amount)
      if (v === undefined) return undefined
      sum += v
    }
    return sum
  }

  // Greedy in 1/steps chunks: each chunk goes to the path with the best marginal output (gas
  // counted once per leg). Overlapping paths exclude each other, so the result depends on which
  // path takes the first chunk: it runs once per seed and keeps the best.
  const P = pool.length
  // whether two candidates share a pool, computed when first asked (the greedy asks only about
  // the few paths in use)
  const clashMemo: (boolean | undefined)[][] = pool.map(() => new Array<boolean | undefined>(P))
  const clash = (i: number, j: number): boolean => {
    const row = clashMemo[i] as (boolean | undefined)[]
    let v = row[j]
    if (v === undefined) {
      v = i !== j && conflicts(pool[i] as Candidate, pool[j] as Candidate)
      row[j] = v
    }
    return v
  }
  const pieces = Array.from({ length: steps + 2 }, (_, n) => piece(n))
  // raw value and gas cost of path i carrying n chunks (null: cannot fill)
  const raw: (bigint | null | undefined)[][] = pool.map(() => new Array(steps + 2))
  const gasOf: bigint[][] = pool.map(() => new Array(steps + 2).fill(0n))
  const rawAt = (i: number, n: number): bigint | null => {
    const row = raw[i] as (bigint | null | undefined)[]
    let v = row[n]
    if (v === undefined) {
      if (n === 0) v = 0n
      else {
        const q = evaluate(pool[i] as Candidate, pieces[n] as bigint, exactIn)
        v = q ? value(q) : null
        if (q) (gasOf[i] as bigint[])[n] = gasCost(BigInt(q.gas))
      }
      row[n] = v
    }
    return v
  }
  // net gain of path i's chunk n+1 (null: cannot fill); the first chunk's gas is left out so
  // small first chunks still get tried. The same for every seed, so computed once.
  const gains: (bigint | null | undefined)[][] = pool.map(() => new Array(steps + 1))
  const gainAt = (i: number, n: number): bigint | null => {
    const row = gains[i] as (bigint | null | undefined)[]
    let v = row[n]
    if (v === undefined) {
      const before = rawAt(i, n)
      const after = rawAt(i, n + 1)
      const g = gasOf[i] as bigint[]
      v =
        before === null || after === null
          ? null
          : after - before - (n === 0 ? 0n : (g[n + 1] as bigint) - (g[n] as bigint))
      row[n] = v
    }
    return v
  }
  let best: { legs: Legs; score: bigint } | undefined
  for (const seed of seeds) {
    const parts = new Array<number>(P).fill(0)
    const used: number[] = []
    const seedIndex = seed ? pool.indexOf(seed) : -1
    if (seedIndex >= 0) {
      parts[seedIndex] = 1
      used.push(seedIndex)
    }
    let failed = false
    for (let step = used.length; step < steps; step++) {
      let pick = -1
      let pickGain = 0n
      for (let i = 0; i < P; i++) {
        const n = parts[i] as number
        if (n === 0) {
          if (used.length >= maxSplits) continue
          let blocked = false
          for (const u of used) {
            if (clash(i, u)) {
              blocked = true
              break
            }
          }
          if (blocked) continue
        }
        const gain = gainAt(i, n)
        if (gain === null) continue
        if (pick < 0 || gain > pickGain) {
          pick = i
          pickGain = gain
        }
      }
      if (pick < 0) {
        failed = true
        break
      }
      if (parts[pick] === 0) used.push(pick)
      parts[pick] = (parts[pick] as number) + 1
    }
    if (failed) continue
    const legs: Legs = used.map((i) => ({
      c: pool[i] as Candidate,
      amount: pieces[parts[i] as number] as bigint,
    }))
    fixTotal(legs, amount)
    const score = total(legs)
    if (score !== undefined && (best === undefined || score > best.score)) best = { legs, score }
  }
  if (!best) return undefined

  // Refinement: move ever smaller amounts from the leg that loses least to the leg (possibly a
  // new, non-overlapping path) that gains most, while the net improves.
  const legs: Legs = best.legs.map((l) => ({ ...l }))
  for (const c of pool) {
    if (legs.length >= legs.filter((l) => l.amount > 0n).length + 3) break
    if (!legs.some((l) => l.c === c || conflicts(l.c, c))) legs.push({ c, amount: 0n })
  }
  for (let div = BigInt(steps * 2); div <= BigInt(steps * 64); div *= 2n) {
    const delta = amount / div
    if (delta === 0n) break
    for (let round = 0; round < 30; round++) {
      const used = legs.filter((l) => l.amount > 0n).length
      let giver = -1
      let giverLoss: bigint | undefined
      let taker = -1
      let takerGain: bigint | undefined
      for (let i = 0; i < legs.length; i++) {
        const l = legs[i] as Legs[number]
        const now = legValue(l.c, l.amount)
        if (now === undefined) continue
        if (l.amount >= delta) {
          const less = legValue(l.c, l.amount - delta)
          if (less !== undefined && (giverLoss === undefined || now - less < giverLoss)) {
            giver = i
            giverLoss = now - less
          }
        }
        if (l.amount === 0n && used >= maxSplits) continue
        const more = legValue(l.c, l.amount + delta)
        if (more !== undefined && (takerGain === undefined || more - now > takerGain)) {
          taker = i
          takerGain = more - now
        }
      }
      if (giver < 0 || taker < 0 || giver === taker) break
      if ((takerGain as bigint) <= (giverLoss as bigint)) break
      ;(legs[giver] as Legs[number]).amount -= delta
      ;(legs[taker] as Legs[number]).amount += delta
    }
  }
  const final = legs.filter((l) => l.amount > 0n)
  const finalScore = total(final)
  return finalScore === undefined ? best : { legs: final, score: finalScore }
}

function fixTotal(legs: { c: Candidate; amount: bigint }[], amount: bigint): void {
  const sum = legs.reduce((s, l) => s + l.amount, 0n)
  const first = legs[0]
  if (first) first.amount += amount - sum
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
