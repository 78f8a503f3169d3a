/**
 * Order signers recovered in a worker thread. Recovering a secp256k1 signer in JavaScript costs
 * about 2 ms, the largest CPU cost of an order's intake; on the main thread it held up every other
 * request. One thread takes them, in batches (what arrived during one turn of the event loop goes
 * in one message, answered in one), so the main thread keeps serving HTTP and the database while
 * signatures are checked on another core. The answers are `permit2Signer`'s: the thread runs it.
 * A thread that dies fails its pending checks (the caller then recovers in its own thread) and is
 * replaced on the next check. The thread is unref'd and terminated by `close()`.
 */
import { Worker } from 'node:worker_threads'
import type { Address, Hex } from 'viem'
import { permit2Signer } from './orderDigest.ts'

export type ToSignerThread = { readonly id: number; readonly digest: Hex; readonly signature: Hex }[]
export type FromSignerThread = ({ id: number; signer: Address } | { id: number; error: string })[]

export interface SignerThread {
  /** The signer as `permit2Signer` answers it (rejects as it throws). */
  signer(digest: Hex, signature: Hex): Promise<Address>
  close(): Promise<void>
}

/** The worker, with tsx's hooks registered in it first when the API runs as TypeScript. */
function startWorker(): Worker {
  const entry = new URL('./signerWorker.ts', import.meta.url)
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry)
  const tsx = import.meta.resolve('tsx/esm/api')
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}) })`,
    { eval: true },
  )
}

export function createSignerThread(): SignerThread {
  let worker: Worker | null = null
  let nextId = 1
  const pending = new Map<number, { resolve: (a: Address) => void; reject: (e: Error) => void }>()
  let batch: ToSignerThread = []
  let closing = false

  const start = (): Worker => {
    const w = startWorker()
    w.unref()
    w.on('message', (answers: FromSignerThread) => {
      for (const answer of answers) {
        const waiting = pending.get(answer.id)
        if (!waiting) continue
        pending.delete(answer.id)
        if ('signer' in answer) waiting.resolve(answer.signer)
        else waiting.reject(new Error(answer.error))
      }
    })
    const fail = (error: Error) => {
      if (worker === w) worker = null
      for (const waiting of pending.values()) waiting.reject(error)
      pending.clear()
    }
    w.on('error', (error) => fail(new Error(`signer thread failed: ${error.message}`)))
    w.on('exit', (code) => fail(new Error(`signer thread exited (${code})`)))
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
    async signer(digest, signature) {
      if (closing) return permit2Signer(digest, signature)
      try {
        return await new Promise<Address>((resolve, reject) => {
          const id = nextId++
          pending.set(id, { resolve, reject })
          if (batch.length === 0) setImmediate(flush)
          batch.push({ id, digest, signature })
        })
      } catch (error) {
        // the thread's own refusal (not a signature) is the answer; a dead thread is not
        if (error instanceof Error && error.message.startsWith('signer thread')) {
          return permit2Signer(digest, signature)
        }
        throw error
      }
    },
    async close() {
      closing = true
      if (worker) await worker.terminate()
    },
  }
}
