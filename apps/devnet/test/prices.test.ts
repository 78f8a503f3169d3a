/**
 * One price per token across every seeded pool of every network: after the seeded history the
 * arbitrage step has brought each v2 pair (reserves), v3 pool (slot0) and v4 pool (StateView) back
 * to the seed's reference prices, so no route through a stale pool pays out more than the tokens
 * are worth. Prices are read straight from the chain, independently of the seed's own code.
 */

import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { networks } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import {
  type Manifest,
  type ManifestPool,
  type NetworkDeployment,
  poolIdOf,
  v2PairAbi,
  v3PoolAbi,
  v4StateViewAbi,
} from '@oxbow/protocol'
import type { Address } from 'viem'
import { devnetClients, revert, snapshot, startDevnet, startSimulator } from '../src/index.ts'
import { deploymentOf } from './fixtures.ts'

/** Each pool's mid price within this of the reference (the arbitrage's 0.1 % trigger, and slack). */
const BAND = 0.003

let manifest: Manifest
let stop: () => Promise<void>

before(async () => {
  const devnet = await startDevnet({ portBase: 20900, log: (line) => console.log(`# ${line}`) })
  manifest = devnet.manifest
  stop = devnet.stop
})
after(async () => {
  await stop?.()
})

interface PoolPrice {
  readonly label: string
  readonly pair: string
  /** The pair's two assets (token addresses; `NATIVE` for ETH and WETH), in the price's order. */
  readonly assets: readonly [string, string]
  /** Mid price of token0 in token1, in whole tokens. */
  readonly price: number
  /** The same from the tokens' seed USD prices. */
  readonly reference: number
}

async function poolPrices(deployment: NetworkDeployment): Promise<PoolPrice[]> {
  const client = devnetClients(manifest, deployment.slug).public
  const weth = deployment.tokens.find((t) => t.kind === 'wrapped-native')
  const token = (address: Address) => {
    const found =
      address === NATIVE_CURRENCY_ADDRESS
        ? weth && { ...weth, symbol: 'NATIVE' }
        : deployment.tokens.find((t) => t.address === address)
    if (!found) throw new Error(`${deployment.slug}: pool currency ${address} is not in the manifest`)
    return found
  }
  const prices: PoolPrice[] = []
  for (const pool of deployment.pools as ManifestPool[]) {
    const [a0, a1] = pool.version === 'v4' ? [pool.currency0, pool.currency1] : [pool.token0, pool.token1]
    const [t0, t1] = [token(a0), token(a1)]
    // The honeypot can only be bought: nobody can arbitrage its one pool back down.
    if (t0.kind === 'honeypot' || t1.kind === 'honeypot') continue
    let raw: number
    if (pool.version === 'v2') {
      const [r0, r1] = await client.readContract({
        address: pool.address,
        abi: v2PairAbi,
        functionName: 'getReserves',
      })
      raw = Number(r1) / Number(r0)
    } else {
      const [sqrtPriceX96] =
        pool.version === 'v3'
          ? await client.readContract({ address: pool.address, abi: v3PoolAbi, functionName: 'slot0' })
          : await client.readContract({
              address: deployment.contracts.v4StateView,
              abi: v4StateViewAbi,
              functionName: 'getSlot0',
              args: [
                poolIdOf({
                  currency0: pool.currency0,
                  currency1: pool.currency1,
                  fee: pool.fee,
                  tickSpacing: pool.tickSpacing,
                  hooks: pool.hooks,
                }),
              ],
            })
      raw = (Number(sqrtPriceX96) / 2 ** 96) ** 2
    }
    const fee = pool.version === 'v2' ? '' : ` ${pool.fee}`
    const price = raw * 10 ** (t0.decimals - t1.decimals)
    const reference = t0.seedPriceUsd / t1.seedPriceUsd
    // WETH and native ETH are one asset: pools of both are one pair, oriented by key.
    const [k0, k1] = [t0, t1].map((t) => (t.kind === 'wrapped-native' ? 'NATIVE' : t.address)) as [
      string,
      string,
    ]
    const flip = k0 > k1
    const names = flip ? `${t1.symbol}/${t0.symbol}` : `${t0.symbol}/${t1.symbol}`
    prices.push({
      label: `${deployment.slug} ${pool.version}${fee} ${names}`,
      assets: flip ? [k1, k0] : [k0, k1],
      pair: flip ? `${k1}/${k0}` : `${k0}/${k1}`,
      price: flip ? 1 / price : price,
      reference: flip ? 1 / reference : reference,
    })
  }
  return prices
}

/** Pools of one pair (WETH and native ETH counted as one) within 2 bands of each other; the mean per pair. */
function assertPairsAgree(prices: readonly PoolPrice[]): Map<string, number> {
  const byPair = new Map<string, PoolPrice[]>()
  for (const p of prices) byPair.set(p.pair, [...(byPair.get(p.pair) ?? []), p])
  const means = new Map<string, number>()
  for (const [pair, pools] of byPair) {
    const mids = pools.map((p) => p.price)
    const spread = Math.max(...mids) / Math.min(...mids) - 1
    const labels = pools.map((p) => p.label).join(', ')
    assert.ok(spread <= 2 * BAND, `${labels}: ${(spread * 100).toFixed(3)} % apart`)
    means.set(pair, mids.reduce((a, b) => a + b, 0) / mids.length)
  }
  return means
}

test('behavior: on every network every pool sits at the reference price, so all pools of a pair agree', async () => {
  assert.equal(Object.keys(manifest.networks).length, networks.length)
  let checked = 0
  for (const network of networks) {
    const prices = await poolPrices(deploymentOf(manifest, network.slug))
    for (const p of prices) {
      const off = p.price / p.reference - 1
      assert.ok(
        Math.abs(off) <= BAND,
        `${p.label}: ${p.price} is ${(off * 100).toFixed(3)} % from the reference ${p.reference}`,
      )
      checked++
    }
    assertPairsAgree(prices)
  }
  // Every network seeds at least a dozen tradable pools.
  assert.ok(checked >= networks.length * 12, `only ${checked} pools checked`)
})

test('behavior: while the market simulator trades, prices move and pools, pairs and cross pairs stay in line', async () => {
  const d = deploymentOf(manifest, 'ethereum')
  const id = await snapshot(d.rpcUrl)
  try {
    const before = await poolPrices(d)
    const errors: string[] = []
    const simulator = await startSimulator(
      { ...manifest, networks: { ethereum: d } },
      { intervalMs: 100, log: (line) => void (line.startsWith('simulator:') || errors.push(line)) },
    )
    await new Promise((resolve) => setTimeout(resolve, 4000))
    await simulator.stop()
    assert.deepEqual(errors, [])
    const after = await poolPrices(d)
    const moved = Math.max(...after.map((p, i) => Math.abs(p.price / (before[i] as PoolPrice).price - 1)))
    assert.ok(moved >= 0.002, `prices moved at most ${(moved * 100).toFixed(3)} %`)
    const means = assertPairsAgree(after)
    // Cross pairs: WBTC in USDC equals WBTC in ETH times ETH in USDC (and the same for UNI).
    const price = (a: string, b: string) => {
      for (const [pair, mean] of means) {
        const [x, y] = pair.split('/')
        if (x === a && y === b) return mean
        if (x === b && y === a) return 1 / mean
      }
      throw new Error(`no pool for ${a}/${b}`)
    }
    const usdcAddress = d.tokens.find((t) => t.symbol === 'USDC' && t.kind === 'stablecoin')?.address
    assert.ok(usdcAddress, 'USDC found')
    for (const symbol of ['WBTC', 'UNI']) {
      const token = d.tokens.find((t) => t.symbol === symbol) as { address: string }
      const direct = price(token.address, usdcAddress)
      const viaEth = price(token.address, 'NATIVE') * price('NATIVE', usdcAddress)
      assert.ok(
        Math.abs(direct / viaEth - 1) <= 3 * BAND,
        `${symbol}: ${direct} USDC directly, ${viaEth} through ETH`,
      )
    }
  } finally {
    await revert(d.rpcUrl, id)
  }
})
