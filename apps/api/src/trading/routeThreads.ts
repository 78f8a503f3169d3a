/**
 * Route searches in worker threads, so quotes use every core while the main thread serves HTTP.
 * Each thread holds its own copy of the pool graphs: the main thread (which reads the chain)
 * sends a network's pools whenever it rebuilds the graph, tagged with the graph version, and a
 * search names the version it is for, so an answer always refers to one consistent graph.
 * A thread that fails is replaced; its searches fail with the error, and the caller runs them in
 * its own thread. Threads are unref'd and terminated by `close()`.
 */
import { Worker } from 'node:worker_threads'
import type { Address, PoolState } from '@oxbow/routing'
import type { RouteQuery, WireRoute } from './routeSearch.ts'

export type ToRouteThread =
  | { type: 'network'; network: string; excludedTokens: [Address, string][] }
  | { type: 'graph'; network: string; version: number; pools: readonly PoolState[] }
  | { type: 'search'; id: number; network: string; version: number; query: RouteQuery }

type FromRouteThread = { id: number; route: WireRoute } | { id: number; error: string }

export interface RouteThreads {
  readonly size: number
  /** Registers a network (its never-routed tokens) before its first graph. */
  addNetwork(network: string, excludedTokens: ReadonlyMap<Address, string>): void
  /** A network's new graph (version increasing), sent to every thread. */
  setGraph(network: string, version: number, pools: readonly PoolState[]): void
  /** The route for `query` on graph `version`, from the least busy thread. */
  search(network: string, version: number, query: RouteQuery): Promise<WireRoute>
  close(): Promise<void>
}

const MAX_RESTARTS = 10

/**
 * The worker for routeWorker. The API runs as TypeScript through tsx, whose module hooks are
 * registered per thread: the worker registers them before it loads its entry.
 */
function startWorker(): Worker {
  const entry = new URL('./routeWorker.ts', import.meta.url)
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry)
  const tsx = import.meta.resolve('tsx/esm/api')
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}) })`,
    { eval: true },
  )
}

interface Thread {
  readonly worker: Worker
  alive: boolean
  readonly pending: Map<number, { resolve: (r: WireRoute) => void; reject: (e: Error) => void }>
}

export function createRouteThreads(
  size: number,
  log: (message: string, fields?: Record<string, unknown>) => void,
): RouteThreads {
  // what a new thread needs to catch up: every network, and its latest graph
  const setup = new Map<string, ToRouteThread[]>()
  const threads: Thread[] = []
  let nextId = 1
  let closing = false

  let restarts = 0
  const spawn = (index: number): Thread => {
    const worker = startWorker()
    worker.unref()
    const thread: Thread = { worker, alive: true, pending: new Map() }
    worker.on('message', (message: FromRouteThread) => {
      const waiting = thread.pending.get(message.id)
      if (!waiting) return
      thread.pending.delete(message.id)
      if ('route' in message) waiting.resolve(message.route)
      else waiting.reject(new Error(message.error))
    })
    const fail = (error: Error) => {
      for (const waiting of thread.pending.values()) waiting.reject(error)
      thread.pending.clear()
    }
    worker.on('error', (error) => {
      log('trading: route thread failed', { thread: index, error: error.message })
      fail(error)
    })
    worker.on('exit', (code) => {
      thread.alive = false
      fail(new Error(`route thread exited (${code})`))
      // a thread that keeps failing is not restarted forever: searches then run in the caller's thread
      if (!closing && restarts++ < MAX_RESTARTS) threads[index] = spawn(index)
    })
    for (const messages of setup.values()) for (const m of messages) worker.postMessage(m)
    return thread
  }
  for (let i = 0; i < size; i++) threads.push(spawn(i))

  return {
    size,
    addNetwork(network, excludedTokens) {
      const message: ToRouteThread = { type: 'network', network, excludedTokens: [...excludedTokens] }
      setup.set(network, [message])
      for (const t of threads) t.worker.postMessage(message)
    },
    setGraph(network, version, pools) {
      const message: ToRouteThread = { type: 'graph', network, version, pools }
      const first = setup.get(network)?.[0]
      if (first) setup.set(network, [first, message])
      for (const t of threads) t.worker.postMessage(message)
    },
    search(network, version, query) {
      let thread: Thread | undefined
      for (const t of threads) if (t.alive && (!thread || t.pending.size < thread.pending.size)) thread = t
      if (!thread) return Promise.reject(new Error('no route thread is running'))
      const chosen = thread
      const id = nextId++
      return new Promise<WireRoute>((resolve, reject) => {
        chosen.pending.set(id, { resolve, reject })
        chosen.worker.postMessage({ type: 'search', id, network, version, query } satisfies ToRouteThread)
      })
    },
    async close() {
      closing = true
      for (const t of threads) t.alive = false
      await Promise.all(threads.map((t) => t.worker.terminate()))
    },
  }
}
