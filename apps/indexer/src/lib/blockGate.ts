/**
 * The data API answers from complete blocks only. In realtime, Ponder 1.0 writes each event's
 * rows as its indexing function runs (no transaction per block) and records the block as indexed
 * (`_ponder_status`) only after the last one, so a query running meanwhile could see half a block:
 * a swap's pool row without its activity, a balance without its transfer.
 *
 * The gate is a writer-preferring read/write lock between the indexing functions and the API,
 * which Ponder runs in one process: the first function of a realtime block waits for the queries
 * in flight and holds the gate; the block's Clock function, which Ponder runs after every other
 * event of the block (block events sort last in a block's checkpoint), releases it. Queries that
 * arrive meanwhile wait for the block to complete (cached answers, which are of the last complete
 * block, do not wait: see graphqlHandler). Blocks indexed before the first Clock block of a
 * network (the backfill, when the API does not serve yet) are not gated: they have no Clock event
 * to release the gate.
 *
 * A block whose Clock never runs (an indexing error, after which Ponder reloads) cannot hold the
 * gate for longer than `maxHoldMs`; a query never waits longer than `maxWaitMs`.
 */

export interface BlockGate {
  /** Before an indexing function of (chainId, block) writes. Resolves once it may. */
  writing(chainId: number, block: bigint): Promise<void> | undefined
  /** After the block's Clock function: the block is complete. */
  complete(chainId: number, block: bigint): void
  /** Runs a query while no block is half written. */
  read<T>(query: () => Promise<T>): Promise<T>
  /** Calls `listener` after every completed block (the API then reads the new indexed state). */
  onComplete(listener: () => void): void
  /** For tests and metrics. */
  state(): { writer: string | undefined; readers: number; waitingReaders: number }
}

export interface BlockGateOptions {
  readonly maxHoldMs?: number
  readonly maxWaitMs?: number
}

export function createBlockGate(options: BlockGateOptions = {}): BlockGate {
  const { maxHoldMs = 10_000, maxWaitMs = 4_000 } = options
  /** Per chain, the first block a Clock function completed: later blocks are gated. */
  const clockFrom = new Map<number, bigint>()
  let writer: string | undefined
  let writerWanted: string | undefined
  let holdTimer: NodeJS.Timeout | undefined
  let readers = 0
  let readersWaiting: (() => void)[] = []
  let writerWaiting: (() => void) | undefined
  const completed: (() => void)[] = []

  const release = () => {
    writer = undefined
    writerWanted = undefined
    clearTimeout(holdTimer)
    const wake = readersWaiting
    readersWaiting = []
    for (const resolve of wake) resolve()
  }

  const take = (key: string) => {
    writer = key
    writerWanted = undefined
    writerWaiting = undefined
    clearTimeout(holdTimer)
    holdTimer = setTimeout(release, maxHoldMs)
  }

  return {
    writing(chainId, block) {
      const from = clockFrom.get(chainId)
      if (from === undefined || block <= from) return undefined
      const key = `${chainId}:${block}`
      if (writer === key) return undefined
      if (writer !== undefined) release() // a block that never completed (see maxHoldMs)
      writerWanted = key
      if (readers === 0) {
        take(key)
        return undefined
      }
      return new Promise<void>((resolve) => {
        writerWaiting = () => {
          take(key)
          resolve()
        }
      })
    },
    complete(chainId, block) {
      if (!clockFrom.has(chainId)) clockFrom.set(chainId, block)
      if (writer === `${chainId}:${block}`) release()
      for (const listener of completed) listener()
    },
    onComplete(listener) {
      completed.push(listener)
    },
    async read(query) {
      if (writer !== undefined || writerWanted !== undefined) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, maxWaitMs)
          readersWaiting.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      readers++
      try {
        return await query()
      } finally {
        readers--
        if (readers === 0 && writerWaiting) writerWaiting()
      }
    },
    state: () => ({ writer, readers, waitingReaders: readersWaiting.length }),
  }
}

const GLOBAL_KEY = Symbol.for('oxbow.indexer.blockGate')

/**
 * The process's gate, shared by the indexing functions and the API (kept on globalThis: Ponder
 * loads both through one module runner, but a reload must not leave two gates).
 */
export function processBlockGate(): BlockGate {
  const holder = globalThis as unknown as Record<symbol, BlockGate | undefined>
  let gate = holder[GLOBAL_KEY]
  if (!gate) {
    gate = createBlockGate()
    holder[GLOBAL_KEY] = gate
  }
  return gate
}
