/**
 * A route thread (see routeThreads.ts): keeps a copy of each network's recent pool graphs, sent
 * by the main thread whenever its graph changes, and answers route searches on them.
 */
import { parentPort } from 'node:worker_threads'
import { type Address, buildGraph, type PoolGraph } from '@oxbow/routing'
import { searchRoute, toWire } from './routeSearch.ts'
import type { ToRouteThread } from './routeThreads.ts'

const port = parentPort
if (!port) throw new Error('routeWorker.ts runs as a worker thread')

const excluded = new Map<string, ReadonlyMap<Address, string>>()
const graphs = new Map<string, Map<number, PoolGraph>>()

port.on('message', (message: ToRouteThread) => {
  switch (message.type) {
    case 'network':
      excluded.set(message.network, new Map(message.excludedTokens))
      graphs.set(message.network, new Map())
      return
    case 'graph': {
      const versions = graphs.get(message.network) ?? new Map<number, PoolGraph>()
      versions.set(message.version, buildGraph(message.pools, excluded.get(message.network)))
      versions.delete(message.version - 3)
      graphs.set(message.network, versions)
      return
    }
    case 'search': {
      const graph = graphs.get(message.network)?.get(message.version)
      if (!graph) {
        port.postMessage({ id: message.id, error: `no graph ${message.network}@${message.version}` })
        return
      }
      try {
        port.postMessage({ id: message.id, route: toWire(searchRoute(graph, message.query)) })
      } catch (error) {
        port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) })
      }
    }
  }
})
