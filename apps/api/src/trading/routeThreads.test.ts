import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { type Address, buildGraph, type V2PoolState } from '@oxbow/routing'
import { type RouteQuery, searchRoute, toWire } from './routeSearch.ts'
import { createRouteThreads } from './routeThreads.ts'

const A = '0x000000000000000000000000000000000000000A'
const B = '0x000000000000000000000000000000000000000B'
const C = '0x000000000000000000000000000000000000000C'
const E = 10n ** 18n
const v2 = (id: string, token0: Address, token1: Address, r0: bigint, r1: bigint): V2PoolState => ({
  kind: 'v2',
  id,
  token0,
  token1,
  reserve0: r0,
  reserve1: r1,
})
const pools = [
  v2('ab', A, B, 1000n * E, 1000n * E),
  v2('ac', A, C, 800n * E, 1600n * E),
  v2('cb', C, B, 1600n * E, 800n * E),
]
const query: RouteQuery = {
  tokenIn: A,
  tokenOut: B,
  amount: 300n * E,
  type: 'EXACT_INPUT',
  protocols: ['V2', 'V3', 'V4'],
  wrapPair: false,
  gasPriceWei: 1_000_000_000n,
  quoteUnitsPerWei: 1,
}

describe('route threads', () => {
  const threads = createRouteThreads(2, () => {})
  after(() => threads.close())

  test('behavior: a thread finds the same route as the calling thread, on the version asked for', async () => {
    threads.addNetwork('ethereum', new Map())
    threads.setGraph('ethereum', 1, pools)
    const here = toWire(searchRoute(buildGraph(pools), query))
    assert.ok(here.ok && here.legs.length === 2, 'the fixture splits')
    assert.deepEqual(await threads.search('ethereum', 1, query), here)
    // a newer graph: searches name their version, so both answer
    const deeper = pools.map((p) => ({ ...p, reserve0: p.reserve0 * 2n, reserve1: p.reserve1 * 2n }))
    threads.setGraph('ethereum', 2, deeper)
    assert.deepEqual(
      await threads.search('ethereum', 2, query),
      toWire(searchRoute(buildGraph(deeper), query)),
    )
    assert.deepEqual(await threads.search('ethereum', 1, query), here)
  })

  test('error: an unknown graph version is refused (the caller then searches itself)', async () => {
    await assert.rejects(threads.search('ethereum', 99, query), /no graph ethereum@99/)
  })

  test('behavior: after close no search runs', async () => {
    const other = createRouteThreads(1, () => {})
    await other.close()
    await assert.rejects(other.search('ethereum', 1, query), /no route thread is running/)
  })
})
