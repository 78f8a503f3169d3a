/**
 * Ponder's registry with every indexing function behind the block gate (src/lib/blockGate.ts), so
 * the data API never answers from a half-indexed block. Indexing files import `ponder` from here,
 * not from 'ponder:registry'; the Clock function completes each block (Ponder runs block events
 * after a block's logs).
 */
import { ponder as registry } from 'ponder:registry'
import { processBlockGate } from '../lib/blockGate.ts'

const gate = processBlockGate()

interface GatedArgs {
  event: { block?: { number: bigint } }
  context: { network: { chainId: number } }
}

function gated(name: string, fn: (args: GatedArgs) => Promise<void> | void) {
  if (name.endsWith(':setup')) return fn
  if (name === 'Clock:block') {
    return async (args: GatedArgs) => {
      const block = args.event.block?.number
      if (block === undefined) return fn(args)
      const chainId = args.context.network.chainId
      await gate.writing(chainId, block)
      try {
        await fn(args)
      } finally {
        gate.complete(chainId, block)
      }
    }
  }
  return async (args: GatedArgs) => {
    const block = args.event.block?.number
    if (block !== undefined) await gate.writing(args.context.network.chainId, block)
    await fn(args)
  }
}

export const ponder: typeof registry = {
  ...registry,
  on: ((name: string, fn: (args: GatedArgs) => Promise<void> | void) =>
    registry.on(name as never, gated(name, fn) as never)) as typeof registry.on,
}
