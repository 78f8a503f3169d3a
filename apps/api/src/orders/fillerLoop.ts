/** The filler's loop: one pass over the open orders on every new block (and on a timer for gasless ones). */
import type { Logger } from '../app.ts'
import type { Filler } from './filler.ts'
import type { FillableOrder } from './fillerOrder.ts'

/**
 * Runs a filler for one network until `signal` aborts: on every new block, one pass over the
 * open orders the order service lists.
 */
export function runFiller(options: {
  readonly filler: Filler
  readonly chainId: number
  readonly openOrders: () => Promise<readonly FillableOrder[]>
  /**
   * The open gasless orders only: they become fillable as their output decays, with or without
   * new blocks, so they are looked at every `gaslessPollMs` too (limit orders change only with
   * the pools, on new blocks).
   */
  readonly gaslessOrders?: () => Promise<readonly FillableOrder[]>
  readonly gaslessPollMs?: number
  readonly log: Logger
  readonly pollingIntervalMs?: number
  /** After each pass that completed (the filler is working): its heartbeat goes from here. */
  readonly onPass?: () => void
}): () => void {
  const { filler, log } = options
  let busy = false
  let again = false
  const pass = async (gaslessOnly = false) => {
    if (busy) {
      if (!gaslessOnly) again = true
      return
    }
    busy = true
    try {
      if (gaslessOnly && options.gaslessOrders) {
        const orders = await options.gaslessOrders()
        if (orders.length > 0) await filler.fillCrossed(orders)
      }
      do {
        if (gaslessOnly && !again) break
        again = false
        await filler.fillCrossed(await options.openOrders())
      } while (again)
      options.onPass?.()
    } catch (error) {
      log.error('filler: pass failed', {
        error: error instanceof Error ? error.message.split('\n')[0] : String(error),
      })
    } finally {
      busy = false
    }
  }
  const unwatch = filler.client.watchBlockNumber({
    onBlockNumber: () => void pass(),
    pollingInterval: options.pollingIntervalMs ?? 200,
    emitOnBegin: true,
  })
  const timer = options.gaslessOrders
    ? setInterval(() => void pass(true), options.gaslessPollMs ?? 1000)
    : undefined
  return () => {
    unwatch()
    if (timer) clearInterval(timer)
  }
}
