/**
 * Orders checked in worker threads. The CPU-bound part of an order's intake (orderCheck.ts: the
 * SDK's parse, the hashes and, above all, recovering the secp256k1 signer, about 2 ms in
 * JavaScript) held up every other request on the main thread. The threads take them in batches
 * (what arrived during one turn of the event loop is split across the threads, one message to each,
 * answered in one), so the main thread keeps serving HTTP and the database while orders are checked
 * on the other cores; with one thread, a burst of orders queued behind each other on one core while
 * the other was idle. The first check starts one thread, which starts the others once it has
 * loaded its code (so none slows its start); a dead thread fails its pending checks, which the
 * caller then runs in its own thread, and is started again by a later check. The threads are
 * unref'd and terminated by `close()`.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { type CheckedOrder, checkOrder, type OrderToCheck } from './orderCheck.ts'

export type ToOrderThread = { readonly id: number; readonly input: OrderToCheck }[]
export type FromOrderThread =
  | ({ id: number; checked: CheckedOrder } | { id: number; error: string })[]
  /** Sent once, when the thread has loaded its code. */
  | 'ready'

export interface OrderThread {
  /** `checkOrder`'s answer, from the thread. */
  check(input: OrderToCheck): Promise<CheckedOrder>
  /** The threads that have loaded their code (a burst is split across them). */
  readyThreads(): number
  close(): Promise<void>
}

/** The worker, with tsx's hooks registered in it first when the API runs as TypeScript. */
function startWorker(): Worker {
  const entry = new URL('./orderWorker.ts', import.meta.url)
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry)
  const tsx = import.meta.resolve('tsx/esm/api')
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}) })`,
    { eval: true },
  )
}

/** One thread per core, at most four (each holds its own copy of the SDK). */
export const defaultOrderThreads = (): number => Math.max(1, Math.min(4, availableParallelism()))

interface Slot {
  worker: Worker | null
  /** Its code is loaded: batches split across the ready threads answer soonest. */
  ready: boolean
  /** The ids this slot's thread has yet to answer. */
  readonly pending: Set<number>
}

export function createOrderThread(threads = defaultOrderThreads()): OrderThread {
  let nextId = 1
  const pending = new Map<number, { resolve: (c: CheckedOrder) => void; reject: (e: Error) => void }>()
  const slots: Slot[] = Array.from({ length: Math.max(1, threads) }, () => ({
    worker: null,
    ready: false,
    pending: new Set(),
  }))
  let batch: ToOrderThread = []
  let closing = false

  const start = (slot: Slot): Worker => {
    const w = startWorker()
    w.unref()
    slot.worker = w
    slot.ready = false
    w.on('message', (answers: FromOrderThread) => {
      if (answers === 'ready') {
        slot.ready = true
        // the others start once one is loaded, so none slows the first one's start
        if (!closing) for (const other of slots) if (!other.worker) start(other)
        return
      }
      for (const answer of answers) {
        slot.pending.delete(answer.id)
        const waiting = pending.get(answer.id)
        if (!waiting) continue
        pending.delete(answer.id)
        if ('checked' in answer) waiting.resolve(answer.checked)
        else waiting.reject(new Error(answer.error))
      }
    })
    const fail = (error: Error) => {
      if (slot.worker === w) {
        slot.worker = null
        slot.ready = false
      }
      for (const id of slot.pending) {
        pending.get(id)?.reject(error)
        pending.delete(id)
      }
      slot.pending.clear()
    }
    w.on('error', (error) => fail(error))
    w.on('exit', (code) => fail(new Error(`order thread exited (${code})`)))
    return w
  }

  const flush = () => {
    const messages = batch
    batch = []
    if (messages.length === 0) return
    // the ready threads, least busy first; while none is, the first one (started if need be)
    let ready = slots.filter((slot) => slot.ready).sort((a, b) => a.pending.size - b.pending.size)
    if (ready.length === 0) {
      const first = slots.find((slot) => slot.worker) ?? (slots[0] as Slot)
      if (!first.worker) start(first)
      ready = [first]
    } else for (const slot of slots) if (!slot.worker) start(slot)
    // a batch of n orders goes to min(n, ready threads) of them
    const parts = Math.min(ready.length, messages.length)
    for (let k = 0; k < parts; k++) {
      const slot = ready[k] as Slot
      const part = messages.filter((_, i) => i % parts === k)
      for (const { id } of part) slot.pending.add(id)
      slot.worker?.postMessage(part)
    }
  }
  return {
    async check(input) {
      if (closing) return checkOrder(input)
      try {
        return await new Promise<CheckedOrder>((resolve, reject) => {
          const id = nextId++
          pending.set(id, { resolve, reject })
          if (batch.length === 0) setImmediate(flush)
          batch.push({ id, input })
        })
      } catch {
        // checkOrder answers every input; only a failed thread rejects
        return checkOrder(input)
      }
    },
    readyThreads: () => slots.filter((slot) => slot.ready).length,
    async close() {
      closing = true
      await Promise.all(slots.map((slot) => slot.worker?.terminate()))
    },
  }
}
