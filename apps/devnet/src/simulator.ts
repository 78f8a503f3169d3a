/**
 * The optional market simulator: keeps trading on every network at a steady pace (one Universal
 * Router swap per network per interval, by the seed's traders) so prices move while the app is open.
 * The market moves as one: each currency's reference USD price wanders (a small mean-reverting
 * random walk around its seed price) and after every trade the seed's arbitrage step brings the
 * pools back to the references, so a pair's pools and the cross pairs never drift apart.
 */
import { getNetwork, type NetworkSlug } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS, seededRandom } from '@oxbow/core'
import type { Manifest, NetworkDeployment } from '@oxbow/protocol'
import type { Address } from 'viem'
import type { Contracts } from './deploy.ts'
import { Sender } from './rpc.ts'
import { arbitrage } from './seed/arbitrage.ts'
import { type Currency, type LivePool, TRADERS } from './seed/model.ts'
import { randomTrade, swapOnPool } from './seed/trades.ts'
import { nativePriceUsd } from './universe.ts'

export interface Simulator {
  stop(): Promise<void>
}

/** How far a reference price may move per trade (log scale, uniform ±half of it)... */
const REFERENCE_STEP = 0.01
/** ...and how strongly it is pulled back to the seed price each time (stationary spread ≈ 1.5 %). */
const REFERENCE_PULL = 0.02

/**
 * Per-asset reference USD prices of one network: a mean-reverting walk of log(price / seed) for
 * every currency except the $1 ones (stablecoins stay pegged). WETH and the native currency are one
 * asset with one price.
 */
function referenceWalk(pools: readonly LivePool[], weth9: Address, random: () => number) {
  const asset = (c: Currency) => (c.address === weth9 ? NATIVE_CURRENCY_ADDRESS : c.address)
  const offsets = new Map<Address, number>()
  for (const pool of pools) {
    for (const c of [pool.c0, pool.c1]) if (c.priceUsd !== 1) offsets.set(asset(c), 0)
  }
  return {
    step() {
      for (const [address, x] of offsets)
        offsets.set(address, (1 - REFERENCE_PULL) * x + (random() - 0.5) * REFERENCE_STEP)
    },
    usd: (c: Currency) => c.priceUsd * Math.exp(offsets.get(asset(c)) ?? 0),
  }
}

/** Rebuilds the tradable pools of a network from its manifest entry. */
function livePools(deployment: NetworkDeployment): LivePool[] {
  const native = getNetwork(deployment.slug).nativeCurrency.symbol
  const currencies = new Map<Address, Currency>([
    [
      NATIVE_CURRENCY_ADDRESS,
      {
        key: 'NATIVE',
        address: NATIVE_CURRENCY_ADDRESS,
        decimals: 18,
        priceUsd: nativePriceUsd[native] ?? 1,
      },
    ],
  ])
  for (const t of deployment.tokens) {
    const key = t.kind === 'honeypot' ? 'HONEY' : t.symbol
    currencies.set(t.address, { key, address: t.address, decimals: t.decimals, priceUsd: t.seedPriceUsd })
  }
  const pools: LivePool[] = []
  for (const pool of deployment.pools) {
    const [a0, a1] = pool.version === 'v4' ? [pool.currency0, pool.currency1] : [pool.token0, pool.token1]
    const c0 = currencies.get(a0)
    const c1 = currencies.get(a1)
    if (!c0 || !c1) continue
    const spec = { version: 'v2', a: c0.key, b: c1.key, tvlUsd: 200_000 } as const
    pools.push({
      spec,
      c0,
      c1,
      manifest: pool,
      positions: [],
      ...(pool.version === 'v4'
        ? {
            key: {
              currency0: pool.currency0,
              currency1: pool.currency1,
              fee: pool.fee,
              tickSpacing: pool.tickSpacing,
              hooks: pool.hooks,
            },
          }
        : { address: pool.address }),
    })
  }
  return pools
}

export async function startSimulator(
  manifest: Manifest,
  options: { intervalMs?: number; log?: (line: string) => void } = {},
): Promise<Simulator> {
  const intervalMs = options.intervalMs ?? 3000
  const log = options.log ?? (() => {})
  const timers: NodeJS.Timeout[] = []
  const running = new Set<Promise<unknown>>()
  for (const [slug, deployment] of Object.entries(manifest.networks) as [NetworkSlug, NetworkDeployment][]) {
    const sender = new Sender(deployment.rpcUrl)
    // Impersonation is not part of a dump: renew it on every start.
    for (const trader of TRADERS) await sender.request('anvil_impersonateAccount', [trader])
    const pools = livePools(deployment)
    const random = seededRandom(`oxbow:simulator:${slug}:${Date.now()}`)
    const contracts = deployment.contracts as Contracts
    const reference = referenceWalk(pools, contracts.weth9, random)
    let failures = 0
    let busy = false
    const flow = new Map<LivePool, number>()
    const tick = async () => {
      const trade = randomTrade(pools, random, flow)
      const trader = TRADERS[Math.floor(random() * TRADERS.length)] as Address
      await swapOnPool(sender, contracts, trade.pool, trader, trade.zeroForOne, trade.amountIn)
      await sender.check()
      reference.step()
      await arbitrage({
        sender,
        contracts,
        pools,
        trader: TRADERS[0] as Address,
        usd: reference.usd,
        maxRounds: 1,
      })
      await sender.check()
    }
    timers.push(
      setInterval(() => {
        // One tick at a time per network: a slow node skips beats instead of racing its nonces.
        if (busy) return
        busy = true
        const task = tick()
          .catch((error: unknown) => {
            if (failures++ < 3)
              log(`simulator ${slug}: ${error instanceof Error ? error.message : String(error)}`)
          })
          .finally(() => {
            busy = false
            running.delete(task)
          })
        running.add(task)
      }, intervalMs),
    )
  }
  log(`simulator: one swap per network every ${intervalMs} ms, then arbitrage`)
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer)
      await Promise.allSettled([...running])
    },
  }
}
