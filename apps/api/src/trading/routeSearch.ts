/**
 * One route search as plain data, so the same search runs in the request's thread or in a route
 * thread (routeThreads.ts): the query carries everything besides the pool graph, and a found
 * route travels back as pool ids and amounts, turned into the caller's Path objects again.
 */
import {
  type Address,
  findRoute,
  type Path,
  type PathQuote,
  type PoolGraph,
  type Route,
  type RouteResult,
  type TradeType,
} from '@oxbow/routing'

export type Protocol = 'V2' | 'V3' | 'V4'

export interface RouteQuery {
  readonly tokenIn: Address
  readonly tokenOut: Address
  readonly amount: bigint
  readonly type: TradeType
  /** Protocol versions a route may use. */
  readonly protocols: readonly Protocol[]
  /** Native <-> wrapped native: only the 1:1 wrap or unwrap. */
  readonly wrapPair: boolean
  readonly gasPriceWei: bigint
  /** Quote-token base units per wei of gas (through the USD reference prices). */
  readonly quoteUnitsPerWei: number
}

/** Same graph, same query: same route. */
export function routeKey(q: RouteQuery): string {
  return `${q.tokenIn}|${q.tokenOut}|${q.amount}|${q.type}|${q.protocols.join()}|${q.wrapPair}|${q.gasPriceWei}|${q.quoteUnitsPerWei}`
}

/** The route search the API runs for a query (pure: reads the graph only). */
export function searchRoute(graph: PoolGraph, q: RouteQuery): RouteResult {
  const allowed = new Set<string>(q.protocols)
  return findRoute(graph, q.tokenIn, q.tokenOut, q.amount, q.type, {
    gasCostInQuoteToken: (gas) => BigInt(Math.floor(Number(gas * q.gasPriceWei) * q.quoteUnitsPerWei)),
    // the filter depends only on these, so the filtered path list is memoised with the graph
    pathFilterKey: `${q.protocols.join()}|${q.wrapPair}`,
    pathFilter: (path) =>
      (!q.wrapPair || path.pools.every((p) => p.kind === 'wrap')) &&
      path.pools.every((p) => p.kind === 'wrap' || allowed.has(p.kind.toUpperCase())),
  })
}

/** A route result without object references into the graph (structured-clone friendly). */
export type WireRoute =
  | Exclude<RouteResult, { ok: true }>
  | (Omit<Route, 'legs'> & {
      readonly ok: true
      readonly legs: readonly {
        readonly poolIds: readonly string[]
        readonly tokens: readonly Address[]
        readonly percent: number
        readonly quote: PathQuote
      }[]
    })

export function toWire(result: RouteResult): WireRoute {
  if (!result.ok) return result
  return {
    ...result,
    legs: result.legs.map((leg) => ({
      poolIds: leg.path.pools.map((p) => p.id),
      tokens: leg.path.tokens,
      percent: leg.percent,
      quote: leg.quote,
    })),
  }
}

/** The route on `graph` (the graph version it was found on); undefined if a pool is missing. */
export function fromWire(wire: WireRoute, graph: PoolGraph): RouteResult | undefined {
  if (!wire.ok) return wire
  const legs: { path: Path; percent: number; quote: PathQuote }[] = []
  for (const leg of wire.legs) {
    const pools = leg.poolIds.map((id) => graph.pools.get(id))
    if (pools.some((p) => p === undefined)) return undefined
    legs.push({
      path: { pools: pools as NonNullable<(typeof pools)[number]>[], tokens: leg.tokens },
      percent: leg.percent,
      quote: leg.quote,
    })
  }
  return { ...wire, legs }
}
