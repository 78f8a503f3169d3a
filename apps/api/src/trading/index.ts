/**
 * The trading module: quotes, swap transactions, approvals, networks and tokens under /v1, over
 * pool graphs read from the devnet manifest's networks and kept fresh from new blocks.
 */
import { loadManifest, type Manifest } from '@oxbow/protocol'
import { Hono } from 'hono'
import type { ApiModule, Logger } from '../app.ts'
import { ApiError } from '../errors.ts'
import { noScreening, type Screening } from '../screening/index.ts'
import { tradingRoutes } from './routes.ts'
import { TradingService, type TradingServiceOptions } from './service.ts'

export interface TradingModule extends ApiModule {
  readonly service: TradingService
}

export interface TradingModuleOptions extends TradingServiceOptions {
  /** Refuses blocked swappers, recipients and wallets (default: nothing blocked). */
  readonly screening?: Screening
}

export async function createTradingModule(
  manifest: Manifest,
  log: Logger,
  options: TradingModuleOptions = {},
): Promise<TradingModule> {
  const service = new TradingService(manifest, (m, f) => log.info(m, f), options)
  try {
    await service.start()
  } catch (error) {
    await service.stop() // no route threads left behind
    throw error
  }
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
    routes: tradingRoutes(service, options.screening ?? noScreening),
    close: async () => service.stop(),
  }
}

export { TradingService } from './service.ts'

/** Answers every trading endpoint with 503 and the reason, so clients see why instead of a 404. */
function unavailableModule(reason: string): ApiModule {
  const routes = new Hono()
  for (const path of ['/quote', '/swap', '/check_approval', '/networks', '/tokens']) {
    routes.all(path, () => {
      throw new ApiError('SERVICE_UNAVAILABLE', 'Trading is unavailable', { reason })
    })
  }
  return { name: 'trading-unavailable', routes }
}

/**
 * The trading module if the deployment manifest loads and its networks answer; otherwise one
 * clear log line and a stand-in that answers 503 with the reason.
 */
export async function loadTradingModule(
  manifestPath: string | undefined,
  log: Logger,
  options: TradingModuleOptions = {},
): Promise<ApiModule> {
  let manifest: Manifest
  try {
    manifest = await loadManifest(manifestPath)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    log.error(`trading: disabled, ${reason}`)
    return unavailableModule(reason)
  }
  try {
    return await createTradingModule(manifest, log, options)
  } catch (error) {
    const reason = `could not read pools from the devnet (${error instanceof Error ? error.message.split('\n')[0] : String(error)}). Is it running? npm start`
    log.error(`trading: disabled, ${reason}`)
    return unavailableModule(reason)
  }
}
