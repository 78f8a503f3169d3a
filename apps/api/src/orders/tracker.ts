/**
 * Keeps stored statuses in step with the chain, which is the truth: the reactor's `Fill` events
 * make orders executed (with the fill transaction), Permit2's `UnorderedNonceInvalidation` events
 * make them canceled, and a block past an order's deadline makes it expired. The last block read
 * per network is stored, so a restarted API resumes where it stopped and misses nothing.
 */
import { exclusiveDutchOrderReactorAbi, permit2Abi } from '@oxbow/protocol'
import { type Hex, parseEventLogs } from 'viem'
import type { Logger } from '../app.ts'
import type { OrderNetwork } from './service.ts'
import type { OrderStore } from './store.ts'

export interface OrderTracker {
  /** Reads every block up to the head once (tests call it; the timer calls it too). */
  sync(): Promise<void>
  stop(): void
}

export function createOrderTracker(options: {
  readonly store: OrderStore
  readonly networks: readonly OrderNetwork[]
  readonly log: Logger
  readonly intervalMs?: number
}): OrderTracker {
  const { store, log } = options
  let running: Promise<void> | null = null
  // once stopped (the API shutting down, its database closing), a pass in flight fails silently
  let stopped = false

  async function syncNetwork({ deployment, client }: OrderNetwork): Promise<void> {
    const head = await client.getBlock({ blockTag: 'latest' })
    const cursor = await store.cursor(deployment.chainId)
    // First run: orders did not exist before this service, so start at the head.
    const from = cursor === null ? head.number : cursor + 1n
    if (from <= head.number) {
      const logs = await client.getLogs({
        address: [deployment.contracts.exclusiveDutchOrderReactor, deployment.contracts.permit2],
        fromBlock: from,
        toBlock: head.number,
      })
      const fills = parseEventLogs({ abi: exclusiveDutchOrderReactorAbi, eventName: 'Fill', logs })
      for (const fill of fills) {
        if (fill.address.toLowerCase() !== deployment.contracts.exclusiveDutchOrderReactor.toLowerCase())
          continue
        await store.settle(fill.args.orderHash, 'executed', fill.transactionHash)
      }
      const cancels = parseEventLogs({ abi: permit2Abi, eventName: 'UnorderedNonceInvalidation', logs })
      for (const cancel of cancels) {
        const open = await store.list({
          swapper: cancel.args.owner,
          chainId: deployment.chainId,
          status: 'opened',
          limit: 1000,
        })
        for (const order of open) {
          if (order.nonce >> 8n !== cancel.args.word) continue
          if ((cancel.args.mask >> (order.nonce & 0xffn)) & 1n) {
            await store.settle(order.orderHash, 'canceled', cancel.transactionHash as Hex)
          }
        }
      }
    }
    const expired = await store.list({
      chainId: deployment.chainId,
      status: 'opened',
      deadlineBefore: head.timestamp,
      limit: 1000,
    })
    for (const order of expired) await store.settle(order.orderHash, 'expired', null)
    await store.setCursor(deployment.chainId, head.number)
  }

  async function syncAll(): Promise<void> {
    for (const network of options.networks) {
      try {
        await syncNetwork(network)
      } catch (error) {
        if (stopped) return
        log.error('orders: tracking failed', {
          network: network.deployment.slug,
          error: error instanceof Error ? error.message.split('\n')[0] : String(error),
        })
      }
    }
  }

  const sync = () => {
    // One pass at a time; a caller arriving mid-pass waits for it and then runs its own.
    const previous = running ?? Promise.resolve()
    const next = previous.then(syncAll)
    running = next.finally(() => {
      if (running === next) running = null
    })
    return next
  }
  const timer = setInterval(() => void sync(), options.intervalMs ?? 500)
  timer.unref()
  return {
    sync,
    stop: () => {
      stopped = true
      clearInterval(timer)
    },
  }
}
