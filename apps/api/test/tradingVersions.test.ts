/**
 * The trading API routes only through the protocol versions the chain registry lists for a network
 * (port base 27300): the devnet deploys and seeds v2 on Unichain Sepolia and v4 on ZKsync like
 * everywhere else, yet the registry has neither, so no quote may use them there.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { getNetwork, type NetworkSlug } from '@oxbow/chains'
import { type Devnet, startDevnet } from '@oxbow/devnet'
import type { Hono } from 'hono'
import { createTradingModule, type TradingModule } from '../src/trading/index.ts'
import { type Json, seededToken, silent, testApp } from './kit.ts'

const PORT_BASE = 27300
let devnet: Devnet
let trading: TradingModule
let app: Hono

before(async () => {
  devnet = await startDevnet({ networks: ['unichain_sepolia', 'zksync'], portBase: PORT_BASE })
  trading = await createTradingModule(devnet.manifest, silent, { pollMs: 3_600_000 })
  app = testApp([trading])
})
after(async () => {
  await trading?.close?.()
  await devnet?.stop()
})

async function quote(body: Record<string, unknown>): Promise<{ status: number; json: Json }> {
  const res = await app.request('/v1/quote', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: await res.json() }
}

function protocolsOf(json: Json): string[] {
  const hops: string[] = json.route.flatMap((leg: Json) => leg.hops.map((h: Json) => h.protocol))
  return [...new Set(hops.filter((p) => p !== 'WRAP'))].sort()
}

/**
 * 1,000 UNI -> WETH: with every version offered it splits over the v3 pool, a v4 -> v3 path and
 * the v2 pair (the devnet seeds all three on every network).
 */
function uniToWeth(slug: NetworkSlug) {
  const d = devnet.manifest.networks[slug]
  assert.ok(d)
  return {
    network: slug,
    type: 'EXACT_INPUT',
    tokenIn: seededToken(d, 'UNI').address,
    tokenOut: d.contracts.weth9,
    amount: `${1000n * 10n ** 18n}`,
  }
}

describe('protocol versions follow the chain registry', () => {
  test('behavior: the devnet seeds the versions the registry lacks, but the API reads none of their pools', () => {
    for (const [slug, missing] of [
      ['unichain_sepolia', 'v2'],
      ['zksync', 'v4'],
    ] as const) {
      assert.ok(!getNetwork(slug).capabilities.protocolVersions.includes(missing))
      const seeded = devnet.manifest.networks[slug]?.pools.filter((p) => p.version === missing) ?? []
      assert.ok(seeded.length > 0, `the devnet seeds ${missing} pools on ${slug}`)
      const state = trading.service.states.get(slug)
      assert.ok(state)
      for (const pool of state.graph.pools.values()) assert.notEqual(pool.kind, missing, slug)
      for (const pool of seeded) {
        const id = pool.version === 'v4' ? pool.poolId : pool.address
        assert.match(state.poolProblems.get(id) ?? '', /not offered/, id)
      }
    }
  })

  test('behavior: Unichain Sepolia: 1,000 UNI -> WETH splits over v3 and v4, never v2', async () => {
    const r = await quote(uniToWeth('unichain_sepolia'))
    assert.equal(r.status, 200, JSON.stringify(r.json))
    assert.deepEqual(protocolsOf(r.json), ['V3', 'V4'])
    // v2 alone: no route at all, though a v2 UNI/WETH pair is deployed and funded there
    const v2 = await quote({ ...uniToWeth('unichain_sepolia'), protocols: ['V2'] })
    assert.equal(v2.status, 404, JSON.stringify(v2.json))
  })

  test('behavior: ZKsync: 1,000 UNI -> WETH splits over v2 and v3, never v4', async () => {
    const r = await quote(uniToWeth('zksync'))
    assert.equal(r.status, 200, JSON.stringify(r.json))
    assert.deepEqual(protocolsOf(r.json), ['V2', 'V3'])
    // v4 alone: no route, though v4 UNI/USDC and ETH/USDC pools are deployed and funded there
    const v4 = await quote({ ...uniToWeth('zksync'), protocols: ['V4'] })
    assert.equal(v4.status, 404, JSON.stringify(v4.json))
  })
})
