/** Pool graph and path enumeration: which pools route, and every simple path of up to three hops between two tokens. */
import { type Address, type PoolState, poolExclusionReason } from './pools.ts'

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
