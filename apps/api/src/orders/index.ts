/**
 * The orders module: UniswapX limit-order intake, storage and status tracking under /v1/orders.
 * The filler is its own process (`filler.ts`, `npm run filler`), reading open orders from here.
 */
import { resolve } from 'node:path'
import { loadManifest, type Manifest } from '@oxbow/protocol'
import { Hono } from 'hono'
import type { Address } from 'viem'
import type { ApiModule, Logger } from '../app.ts'
import type { ApiConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import type { Screening } from '../screening/index.ts'
import { FillerLiveness } from './fillerLiveness.ts'
import { signerLibrary } from './orderSigner.ts'
import { createOrderThread } from './orderThread.ts'
import { orderRoutes } from './routes.ts'
import { OrderService } from './service.ts'
import { createOrderStore } from './store.ts'
import { createOrderTracker, type OrderTracker } from './tracker.ts'

export interface OrdersModule extends ApiModule {
  readonly service: OrderService
  readonly tracker: OrderTracker
  /** Whether each network's filler is live (its heartbeats). */
  readonly fillers: FillerLiveness
}

export async function createOrdersModule(options: {
  readonly manifest: Manifest
  readonly db: Database
  readonly log: Logger
  /** Clock for deadlines (tests); default the wall clock. */
  readonly now?: () => number
  readonly trackIntervalMs?: number
  /** Refuses blocked swappers (default: nothing blocked). */
  readonly screening?: Screening
  /** The filler whose heartbeats count, on every network; default each network's manifest filler. */
  readonly fillerAddress?: Address | undefined
}): Promise<OrdersModule> {
  const store = await createOrderStore(options.db)
  // orders are parsed and their signers recovered off the main thread (orderThread.ts)
  const checks = createOrderThread()
  const service = new OrderService(options.manifest, store, options.now, options.screening, (input) =>
    checks.check(input),
  )
  const fillers = await FillerLiveness.open({
    db: options.db,
    fillerOf: (chainId) =>
      options.fillerAddress ?? service.networks.get(chainId)?.deployment.orders?.filler.address,
    now: options.now,
  })
  const tracker = createOrderTracker({
    store,
    networks: [...service.networks.values()],
    log: options.log,
    ...(options.trackIntervalMs === undefined ? {} : { intervalMs: options.trackIntervalMs }),
  })
  return {
    name: 'orders',
    service,
    tracker,
    fillers,
    routes: orderRoutes(service, fillers),
    close: async () => {
      tracker.stop()
      fillers.stop()
      await checks.close()
    },
  }
}

/**
 * The default PGlite directory, git-ignored, one per API port: PGlite takes no lock, and test
 * suites run API servers side by side (each on its own port), so two never open one directory.
 */
export function defaultApiDbDir(port: number): string {
  return resolve(import.meta.dirname, `../../../../.data/api/${port}`)
}

/** The orders module, or a stand-in answering 503 with the reason when storage or manifest fail. */
export async function loadOrdersModule(
  config: ApiConfig,
  log: Logger,
  db: Database,
  screening?: Screening,
): Promise<ApiModule | OrdersModule> {
  try {
    const manifest = await loadManifest(config.OXBOW_MANIFEST)
    const module = await createOrdersModule({
      manifest,
      db,
      log,
      fillerAddress: config.OXBOW_FILLER_ADDRESS,
      ...(screening ? { screening } : {}),
    })
    log.info('orders: ready', {
      store: db.kind,
      networks: [...module.service.networks.keys()],
      // libsecp256k1, or noble's JavaScript where its prebuilt binary does not load
      signers: signerLibrary,
    })
    return module
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    log.error(`orders: disabled, ${reason}`)
    const routes = new Hono()
    routes.all('/orders/*', () => {
      throw new ApiError('SERVICE_UNAVAILABLE', 'Orders are unavailable', { reason })
    })
    routes.all('/orders', () => {
      throw new ApiError('SERVICE_UNAVAILABLE', 'Orders are unavailable', { reason })
    })
    return { name: 'orders-unavailable', routes }
  }
}
