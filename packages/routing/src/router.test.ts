import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Q96, sqrtPriceAtTick } from './math.ts'
import { quotePathExactIn, quotePathExactOut } from './pathQuote.ts'
import { buildGraph, enumeratePaths } from './paths.ts'
import type { Address, ClPoolState, PoolState, V2PoolState } from './pools.ts'
import { findRoute } from './router.ts'

const A = '0x000000000000000000000000000000000000000A'
const B = '0x000000000000000000000000000000000000000B'
const C = '0x000000000000000000000000000000000000000C'
const E = 10n ** 18n

function v2(id: string, token0: Address, token1: Address, r0: bigint, r1: bigint): V2PoolState {
  return { kind: 'v2', id, token0, token1, reserve0: r0, reserve1: r1 }
}
function v3(
  id: string,
  token0: Address,
  token1: Address,
  liquidity: bigint,
  extra: Partial<ClPoolState> = {},
): ClPoolState {
  return {
    kind: 'v3',
    id,
    token0,
    token1,
    sqrtPriceX96: Q96,
    tick: 0,
    liquidity,
    tickSpacing: 60,
    fee: 3000,
    keyFee: 3000,
    ticks: [
      { index: -1200, liquidityNet: liquidity },
      { index: 1200, liquidityNet: -liquidity },
    ],
    ...extra,
  }
}

const pools: PoolState[] = [
  v2('v2-ab', A, B, 1000n * E, 1000n * E),
  v3('v3-ab', A, B, 20_000n * E),
  v2('v2-ac', A, C, 800n * E, 1600n * E),
  v2('v2-cb', C, B, 1600n * E, 800n * E),
]

/** Best total over a grid of splits between the three disjoint paths (brute force). */
function bruteForce(amount: bigint, exactIn: boolean, grid: number): bigint {
  const graph = buildGraph(pools)
  const paths = enumeratePaths(graph, A, B)
  let best: bigint | undefined
  for (let i = 0; i <= grid; i++) {
    for (let j = 0; i + j <= grid; j++) {
      const shares = [i, j, grid - i - j]
      let total = 0n
      let ok = true
      let assigned = 0n
      for (const [k, path] of paths.entries()) {
        const part =
          k === paths.length - 1 ? amount - assigned : (amount * BigInt(shares[k] as number)) / BigInt(grid)
        assigned += part
        if (part === 0n) continue
        const q = exactIn ? quotePathExactIn(path, part) : quotePathExactOut(path, part)
        if (!q) {
          ok = false
          break
        }
        total += exactIn ? q.amountOut : -q.amountIn
      }
      if (ok && (best === undefined || total > best)) best = total
    }
  }
  return best as bigint
}

describe('route search', () => {
  test('behavior: finds the three paths A->B (two direct pools, one via C)', () => {
    const paths = enumeratePaths(buildGraph(pools), A, B)
    assert.equal(paths.length, 3)
    assert.ok(paths.some((p) => p.tokens.join() === [A, C, B].join()))
  })

  test('behavior: a small trade goes through the deepest pool alone', () => {
    const r = findRoute(buildGraph(pools), A, B, E / 10n, 'EXACT_INPUT', {
      gasCostInQuoteToken: () => E / 1000n,
    })
    assert.ok(r.ok)
    assert.equal(r.legs.length, 1)
    assert.equal(r.legs[0]?.path.pools[0]?.id, 'v3-ab')
  })

  test('behavior: exact input split is within 0.01 % of the brute-force optimum', () => {
    for (const amount of [50n * E, 200n * E, 500n * E]) {
      const r = findRoute(buildGraph(pools), A, B, amount, 'EXACT_INPUT')
      assert.ok(r.ok)
      assert.equal(r.amountIn, amount)
      const optimum = bruteForce(amount, true, 200)
      assert.ok(r.amountOut * 10_000n >= optimum * 9_999n, `${r.amountOut} vs optimum ${optimum}`)
      if (amount >= 200n * E) assert.ok(r.legs.length >= 2, 'large trades split')
      const pct = r.legs.reduce((s, l) => s + l.percent, 0)
      assert.ok(Math.abs(pct - 100) < 0.05)
    }
  })

  test('behavior: exact output split is within 0.01 % of the brute-force optimum', () => {
    for (const amount of [50n * E, 300n * E]) {
      const r = findRoute(buildGraph(pools), A, B, amount, 'EXACT_OUTPUT')
      assert.ok(r.ok)
      assert.equal(r.amountOut, amount)
      const optimum = -bruteForce(amount, false, 200)
      assert.ok(r.amountIn * 9_999n <= optimum * 10_000n, `${r.amountIn} vs optimum ${optimum}`)
    }
  })

  test('behavior: gas cost keeps a small trade on one path', () => {
    const graph = buildGraph(pools)
    const r = findRoute(graph, A, B, 200n * E, 'EXACT_INPUT', { gasCostInQuoteToken: () => 10n * E })
    assert.ok(r.ok)
    assert.equal(r.legs.length, 1)
    assert.equal(r.netAmount, r.amountOut - 10n * E)
  })

  test('behavior: price impact grows with size', () => {
    const graph = buildGraph(pools)
    const small = findRoute(graph, A, B, E, 'EXACT_INPUT')
    const large = findRoute(graph, A, B, 500n * E, 'EXACT_INPUT')
    assert.ok(small.ok && large.ok)
    assert.ok(small.priceImpactPercent < 0.5 && large.priceImpactPercent > small.priceImpactPercent)
  })

  test('behavior: more than the pools hold is insufficient liquidity', () => {
    const r = findRoute(buildGraph([v2('p', A, B, E, E)]), A, B, 10n ** 40n, 'EXACT_OUTPUT')
    assert.equal(r.ok, false)
    assert.equal(!r.ok && r.reason, 'INSUFFICIENT_LIQUIDITY')
  })

  test('behavior: excluded tokens are refused with their reason, never used in between', () => {
    const graph = buildGraph(pools, new Map([[C, 'fee-on-transfer token (3 % per transfer)']]))
    const refused = findRoute(graph, A, C, E, 'EXACT_INPUT')
    assert.equal(refused.ok, false)
    assert.match(!refused.ok ? refused.message : '', /fee-on-transfer/)
    assert.equal(enumeratePaths(graph, A, B).length, 2)
  })

  test('behavior: v4 pools whose hooks act before the swap or return deltas are excluded', () => {
    const base = v3('x', A, B, E)
    const hooked = (id: string, hooks: Address): ClPoolState => ({ ...base, kind: 'v4', id, hooks })
    const graph = buildGraph([
      hooked('after-only', '0x397EA07d0dcB980E7336dbef4Da2228b1bF61040'),
      hooked('before', '0x0000000000000000000000000000000000000080'),
      hooked('delta', '0x0000000000000000000000000000000000000044'),
    ])
    assert.equal(graph.excludedPools.size, 2)
    assert.match(graph.excludedPools.get('before') ?? '', /before swaps/)
    assert.match(graph.excludedPools.get('delta') ?? '', /deltas/)
  })

  test('behavior: tokens with no pools between them get no route', () => {
    const r = findRoute(buildGraph(pools), A, '0x00000000000000000000000000000000000000DD', E, 'EXACT_INPUT')
    assert.equal(!r.ok && r.reason, 'NO_ROUTE')
    assert.ok(sqrtPriceAtTick(0) === Q96)
  })
})

describe('wrap hops', () => {
  const N = '0x0000000000000000000000000000000000000000'
  const W = '0x0000000000000000000000000000000000000009'
  const D = '0x000000000000000000000000000000000000000D'
  test('behavior: a wrap does not count as a hop, so native currency reaches every pool its wrapper reaches', () => {
    const graph = buildGraph([
      { kind: 'wrap', id: 'wrap', token0: N, token1: W },
      v2('v2-wa', W, A, 1000n * E, 1000n * E),
      v2('v2-ac', A, C, 1000n * E, 1000n * E),
      v2('v2-cd', C, D, 1000n * E, 1000n * E),
    ])
    assert.equal(enumeratePaths(graph, W, D).length, 1)
    const native = enumeratePaths(graph, N, D)
    assert.deepEqual(
      native.map((p) => p.pools.map((x) => x.id)),
      [['wrap', 'v2-wa', 'v2-ac', 'v2-cd']],
    )
    const out = findRoute(graph, N, D, E, 'EXACT_OUTPUT')
    assert.ok(out.ok)
  })

  test('behavior: native exact output may pass back through a native pool, as its wrapper does (issue #16)', () => {
    // W sells dear for A in v2-wa, A buys N cheaply in the native pool: W -> A -> N -> D beats N -> D
    const graph = buildGraph([
      { kind: 'wrap', id: 'wrap', token0: N, token1: W },
      v2('v2-wa', W, A, 1000n * E, 2000n * E),
      v2('v2-na', N, A, 1000n * E, 1000n * E),
      v2('v2-nd', N, D, 1000n * E, 1000n * E),
    ])
    const ids = (paths: readonly { pools: readonly PoolState[] }[]) =>
      paths.map((p) => p.pools.map((x) => x.id))
    assert.ok(ids(enumeratePaths(graph, W, D)).some((p) => p.join() === 'v2-wa,v2-na,v2-nd'))
    // exact input never re-enters (its later parts spend the router's whole native balance)
    assert.ok(!ids(enumeratePaths(graph, N, D)).some((p) => p.includes('v2-na')))
    const reentry = ids(enumeratePaths(graph, N, D, 3, true))
    assert.ok(
      reentry.some((p) => p.join() === 'wrap,v2-wa,v2-na,v2-nd'),
      JSON.stringify(reentry),
    )
    // never unwraps straight back to the native input
    assert.ok(reentry.every((p) => p.filter((x) => x === 'wrap').length <= 1))
    const amount = 10n * E
    const weth = findRoute(graph, W, D, amount, 'EXACT_OUTPUT', { noSplit: true })
    const eth = findRoute(graph, N, D, amount, 'EXACT_OUTPUT', { noSplit: true })
    assert.ok(weth.ok && eth.ok)
    assert.equal(eth.amountIn, weth.amountIn, 'native input priced as well as its wrapper')
    assert.deepEqual(eth.legs[0]?.path.tokens, [N, W, A, N, D])
  })

  test('behavior: native output gets three swaps before the unwrap and may pass through a native pool, as its wrapper does (issue #16)', () => {
    const graph = buildGraph([
      { kind: 'wrap', id: 'wrap', token0: N, token1: W },
      v2('v2-dn', N, D, 1000n * E, 1000n * E),
      v2('v2-na', N, A, 1000n * E, 2000n * E),
      v2('v2-aw', W, A, 1000n * E, 1000n * E),
      v2('v2-dc', C, D, 1000n * E, 1000n * E),
      v2('v2-cb', B, C, 1000n * E, 1000n * E),
      v2('v2-bw', W, B, 1000n * E, 1000n * E),
    ])
    const ids = (paths: readonly { pools: readonly PoolState[] }[]) =>
      paths.map((p) => p.pools.map((x) => x.id).join())
    const toWeth = ids(enumeratePaths(graph, D, W))
    assert.ok(toWeth.includes('v2-dc,v2-cb,v2-bw') && toWeth.includes('v2-dn,v2-na,v2-aw'))
    const plain = ids(enumeratePaths(graph, D, N))
    assert.ok(plain.includes('v2-dc,v2-cb,v2-bw,wrap'), JSON.stringify(plain))
    assert.ok(!plain.includes('v2-dn,v2-na,v2-aw,wrap'))
    const reentry = ids(enumeratePaths(graph, D, N, 3, true))
    assert.ok(reentry.includes('v2-dn,v2-na,v2-aw,wrap'), JSON.stringify(reentry))
    // the native output passed through is never wrapped again mid-path
    assert.ok(!reentry.some((p) => p.startsWith('v2-dn,wrap')))
    const amount = 10n * E
    const weth = findRoute(graph, D, W, amount, 'EXACT_OUTPUT', { noSplit: true })
    const eth = findRoute(graph, D, N, amount, 'EXACT_OUTPUT', { noSplit: true })
    assert.ok(weth.ok && eth.ok)
    assert.equal(eth.amountIn, weth.amountIn, 'native output priced as well as its wrapper')
  })
})
