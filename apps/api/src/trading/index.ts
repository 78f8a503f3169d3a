/**
 * The trading module: quotes, swap transactions, approvals, networks and tokens under /v1, over
 * pool graphs read from the devnet manifest's networks and kept fresh from new blocks.
 */
import { loadManifest, type Manifest } from '@oxbow/protocol'
import type { ApiModule, Logger } from '../app.ts'
import { tradingRoutes } from './routes.ts'
import { TradingService } from './service.ts'

export interface TradingModule extends ApiModule {
  readonly service: TradingService
}

export async function createTradingModule(
  manifest: Manifest,
  log: Logger,
  options: { pollMs?: number } = {},
): Promise<TradingModule> {
  const service = new TradingService(manifest, (m, f) => log.info(m, f), options.pollMs)
  await service.start()
  log.info('trading: pool graphs loaded', {
    networks: [...service.states.values()].map((s) => ({
      network: s.deployment.slug,
      pools: s.graph.pools.size,
      excluded: s.graph.excludedPools.size + s.poolProblems.size,
      block: Number(s.blockNumber),
    })),
  })
  return {
    name: 'trading',
    service,
    routes: tradingRoutes(service),
    close: async () => service.stop(),
  }
}

export { TradingService } from './service.ts'

/** The trading module if the deployment manifest loads, else undefined (with one clear log line). */
export async function loadTradingModule(
  manifestPath: string | undefined,
  log: Logger,
): Promise<ApiModule | undefined> {
  let manifest: Manifest
  try {
    manifest = await loadManifest(manifestPath)
  } catch (error) {
    log.error(`trading: disabled, ${error instanceof Error ? error.message : String(error)}`)
    return undefined
  }
  try {
    return await createTradingModule(manifest, log)
  } catch (error) {
    log.error(
      `trading: disabled, could not read pools from the devnet (${error instanceof Error ? error.message.split('\n')[0] : String(error)}). Is it running? npm start`,
    )
    return undefined
  }
}
