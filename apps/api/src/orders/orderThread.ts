/**
 * Orders checked in a worker thread. The CPU-bound part of an order's intake (orderCheck.ts: the
 * parse, the hashes and recovering the secp256k1 signer, about 2 ms when the signer was recovered
 * in JavaScript, about 0.4 ms with libsecp256k1) held up every other request on the main thread. One thread takes them in batches
 * (what arrived during one turn of the event loop goes in one message, answered in one), so the
 * main thread keeps serving HTTP and the database while orders are checked on another core. A
 * thread that dies fails its pending checks, which the caller then runs in its own thread; the
 * next check starts a new one. The thread is unref'd and terminated by `close()`.
 */
import { Worker } from 'node:worker_threads'
import { type CheckedOrder, checkOrder, type OrderToCheck } from './orderCheck.ts'

export type ToOrderThread = { readonly id: number; readonly input: OrderToCheck }[]
export type FromOrderThread = ({ id: number; checked: CheckedOrder } | { id: number; error: string })[]

export interface OrderThread {
  /** `checkOrder`'s answer, from the thread. */
  check(input: OrderToCheck): Promise<CheckedOrder>
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

export function createOrderThread(): OrderThread {
  let worker: Worker | null = null
  let nextId = 1
  const pending = new Map<number, { resolve: (c: CheckedOrder) => void; reject: (e: Error) => void }>()
  let batch: ToOrderThread = []
  let closing = false

  const start = (): Worker => {
    const w = startWorker()
    w.unref()
    w.on('message', (answers: FromOrderThread) => {
      for (const answer of answers) {
        const waiting = pending.get(answer.id)
        if (!waiting) continue
        pending.delete(answer.id)
        if ('checked' in answer) waiting.resolve(answer.checked)
        else waiting.reject(new Error(answer.error))
      }
    })
    const fail = (error: Error) => {
      if (worker === w) worker = null
      for (const waiting of pending.values()) waiting.reject(error)
      pending.clear()
    }
    w.on('error', (error) => fail(error))
    w.on('exit', (code) => fail(new Error(`order thread exited (${code})`)))
    return w
  }

  const flush = () => {
    const messages = batch
    batch = []
    if (messages.length === 0) return
    worker ??= start()
    worker.postMessage(messages)
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
    async close() {
      closing = true
      if (worker) await worker.terminate()
    },
  }
}
