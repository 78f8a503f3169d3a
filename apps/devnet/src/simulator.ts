/**
 * The optional market simulator: keeps trading on every network at a steady pace (one Universal
 * Router swap per network per interval, by the seed's traders) so prices move while the app is open.
 */
import { getNetwork, type NetworkSlug } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS, seededRandom } from '@oxbow/core'
import type { Manifest, NetworkDeployment } from '@oxbow/protocol'
import type { Address } from 'viem'
import type { Contracts } from './deploy.ts'
import { Sender } from './rpc.ts'
import { type Currency, type LivePool, TRADERS } from './seed/model.ts'
import { randomTrade, swapOnPool } from './seed/trades.ts'
import { nativePriceUsd } from './universe.ts'

export interface Simulator {
  stop(): Promise<void>
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
    let failures = 0
    const flow = new Map<LivePool, number>()
    timers.push(
      setInterval(() => {
        const trade = randomTrade(pools, random, flow)
        const trader = TRADERS[Math.floor(random() * TRADERS.length)] as Address
        const task = swapOnPool(
          sender,
          deployment.contracts as Contracts,
          trade.pool,
          trader,
          trade.zeroForOne,
          trade.amountIn,
        )
          .catch((error: unknown) => {
            if (failures++ < 3)
              log(`simulator ${slug}: ${error instanceof Error ? error.message : String(error)}`)
          })
          .finally(() => running.delete(task))
        running.add(task)
      }, intervalMs),
    )
  }
  log(`simulator: one swap per network every ${intervalMs} ms`)
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer)
      await Promise.allSettled([...running])
    },
  }
}
