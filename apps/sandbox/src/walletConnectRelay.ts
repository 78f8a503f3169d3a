/**
 * A local stand-in for the WalletConnect relay (wss://relay.walletconnect.org): the JSON-RPC over
 * WebSocket that @walletconnect/core 2.25 speaks, store-and-forward by topic. Messages are opaque
 * (end-to-end encrypted between dapp and wallet); the relay only routes them.
 *
 * Methods: irn_subscribe, irn_batchSubscribe, irn_unsubscribe, irn_batchUnsubscribe, irn_publish,
 * irn_batchPublish, irn_batchFetchMessages, and the two methods core 2.21+ publishes instead of
 * plain publishes during pairing: wc_proposeSession (subscribes the dapp to the pairing topic and
 * stores the proposal there) and wc_approveSession (delivers the proposal response on the pairing
 * topic and the settle request on the new session topic, and subscribes the wallet to it: the
 * wallet subscribes with `skipSubscribe`, trusting the relay to do it).
 */

import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import {
  clientIdFrom,
  INVALID_PARAMS,
  INVALID_REQUEST,
  isRecord,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  type Params,
  RpcError,
  stringParam,
  topicsParam,
} from './walletConnectRpc.ts'

export interface RelayOptions {
  readonly host?: string
  /** 0 picks a free port. */
  readonly port?: number
  /** Messages kept per topic; the oldest is dropped beyond it. */
  readonly maxMessagesPerTopic?: number
  /** Topics with stored messages; the least recently published is dropped beyond it. */
  readonly maxTopics?: number
  /** Upper bound of a message's time to live, seconds (the real relay's is 30 days). */
  readonly maxTtlSeconds?: number
  /** WebSocket ping interval: Node clients of core terminate a socket that stays silent ~40 s. */
  readonly pingIntervalMs?: number
  /** Largest frame accepted, bytes. */
  readonly maxPayloadBytes?: number
  /** Clock, for tests of expiry. */
  readonly now?: () => number
  readonly log?: (line: string) => void
  /** Every connection, subscription, publish, push and acknowledgement, one line each (debugging). */
  readonly trace?: (line: string) => void
}

export interface Relay {
  /** ws://host:port */
  readonly url: string
  readonly port: number
  /** Stored message count per topic (for tests and the bounded-memory check). */
  stats(): { topics: number; messages: number; clients: number }
  close(): Promise<void>
}

interface StoredMessage {
  readonly topic: string
  readonly message: string
  readonly publishedAt: number
  readonly expiresAt: number
  readonly tag: number
  readonly attestation?: string
  /** Client that published it: never delivered back to its sender. */
  readonly from: string
  /** Clients (by identity) that acknowledged it: never delivered to them again. */
  readonly acked: Set<string>
}

interface Client {
  readonly id: string
  readonly socket: WebSocket
  /** topic -> subscription id */
  readonly subscriptions: Map<string, string>
  /** Pushes sent on this socket and not acknowledged yet, by push id. */
  readonly inFlight: Map<number, StoredMessage>
  alive: boolean
}

/** Tags core gives the session proposal, its response and the settle request (sign-client's RPC options). */
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102

export async function createWalletConnectRelay(options: RelayOptions = {}): Promise<Relay> {
  const maxMessagesPerTopic = options.maxMessagesPerTopic ?? 50
  const maxTopics = options.maxTopics ?? 10_000
  const maxTtlMs = (options.maxTtlSeconds ?? 30 * 24 * 3600) * 1000
  const now = options.now ?? Date.now
  const log = options.log ?? (() => {})
  const trace = options.trace ?? (() => {})
  const short = (value: string) => value.slice(0, 8)
  const who = (client: Client) => client.id.slice(-6)
  const digest = (message: string) => createHash('sha256').update(message).digest('hex').slice(0, 8)

  /** topic -> messages, in publish order; Map order doubles as least-recently-published order. */
  const store = new Map<string, StoredMessage[]>()
  const clients = new Set<Client>()
  let pushId = Date.now() * 1000

  const live = (topic: string): StoredMessage[] => {
    const messages = store.get(topic)
    if (!messages) return []
    const t = now()
    const kept = messages.filter((m) => m.expiresAt > t)
    if (kept.length === 0) store.delete(topic)
    else if (kept.length !== messages.length) store.set(topic, kept)
    return kept
  }

  const sweep = () => {
    for (const topic of [...store.keys()]) live(topic)
  }

  const send = (client: Client, payload: unknown) => {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify(payload))
  }

  // Delivery is at least once, as the real relay's: a push stays owed to a client until the
  // client acknowledges it, and is never pushed again once acknowledged or while one is in
  // flight on the socket (a re-subscribe must not replay it: core's duplicate check is async, so
  // two copies arriving together are both processed, and a second session settle logs an error).
  const deliver = (client: Client, message: StoredMessage) => {
    const subscriptionId = client.subscriptions.get(message.topic)
    if (!subscriptionId || message.from === client.id || message.acked.has(client.id)) return
    for (const pending of client.inFlight.values()) if (pending === message) return
    pushId += 1
    client.inFlight.set(pushId, message)
    trace(
      `push ${pushId} ${short(message.topic)} ${digest(message.message)} tag ${message.tag} -> ${who(client)}`,
    )
    send(client, {
      id: pushId,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId,
        data: {
          topic: message.topic,
          message: message.message,
          publishedAt: message.publishedAt,
          tag: message.tag,
          ...(message.attestation ? { attestation: message.attestation } : {}),
        },
      },
    })
  }

  const subscribe = (client: Client, topic: string): string => {
    let id = client.subscriptions.get(topic)
    if (!id) {
      id = createHash('sha256').update(`${topic}${client.id}`).digest('hex')
      client.subscriptions.set(topic, id)
    }
    trace(`subscribe ${short(topic)} by ${who(client)}`)
    // Store-and-forward: whatever was published before this subscription still arrives.
    for (const message of live(topic)) deliver(client, message)
    return id
  }

  const publish = (client: Client, params: Params, topic: string, message: string, tag: number): void => {
    const ttl = typeof params.ttl === 'number' && params.ttl > 0 ? params.ttl : 300
    const publishedAt = now()
    const stored: StoredMessage = {
      topic,
      message,
      publishedAt,
      expiresAt: publishedAt + Math.min(ttl * 1000, maxTtlMs),
      tag,
      from: client.id,
      acked: new Set(),
      ...(typeof params.attestation === 'string' ? { attestation: params.attestation } : {}),
    }
    const messages = live(topic)
    if (messages.some((m) => m.message === message)) return // a retried publish
    trace(`publish ${short(topic)} ${digest(message)} tag ${tag} from ${who(client)}`)
    messages.push(stored)
    while (messages.length > maxMessagesPerTopic) messages.shift()
    store.delete(topic)
    store.set(topic, messages)
    while (store.size > maxTopics) {
      const oldest = store.keys().next().value
      if (oldest === undefined) break
      store.delete(oldest)
    }
    for (const other of clients) deliver(other, stored)
  }

  const tagOf = (params: Params, fallback = 0) => (typeof params.tag === 'number' ? params.tag : fallback)

  const methods: Record<string, (client: Client, params: Params) => unknown> = {
    irn_subscribe: (client, params) => subscribe(client, stringParam(params, 'topic')),
    irn_batchSubscribe: (client, params) => topicsParam(params, 'topics').map((t) => subscribe(client, t)),
    irn_unsubscribe: (client, params) => {
      client.subscriptions.delete(stringParam(params, 'topic'))
      return true
    },
    irn_batchUnsubscribe: (client, params) => {
      const subscriptions = params.subscriptions
      if (!Array.isArray(subscriptions))
        throw new RpcError(INVALID_PARAMS, 'Missing or invalid "subscriptions" param')
      for (const s of subscriptions)
        if (isRecord(s) && typeof s.topic === 'string') client.subscriptions.delete(s.topic)
      return true
    },
    irn_publish: (client, params) => {
      publish(client, params, stringParam(params, 'topic'), stringParam(params, 'message'), tagOf(params))
      return true
    },
    irn_batchPublish: (client, params) => {
      const messages = params.messages
      if (!Array.isArray(messages)) throw new RpcError(INVALID_PARAMS, 'Missing or invalid "messages" param')
      for (const m of messages) {
        if (!isRecord(m)) throw new RpcError(INVALID_PARAMS, 'Invalid message')
        publish(client, m, stringParam(m, 'topic'), stringParam(m, 'message'), tagOf(m))
      }
      return true
    },
    // A fetch answers what is still owed to the client; the answer is its acknowledgement.
    irn_batchFetchMessages: (client, params) => ({
      messages: topicsParam(params, 'topics').flatMap((topic) =>
        live(topic)
          .filter((m) => m.from !== client.id && !m.acked.has(client.id))
          .map((m) => {
            m.acked.add(client.id)
            return m
          })
          .map((m) => ({
            topic: m.topic,
            message: m.message,
            publishedAt: m.publishedAt,
            tag: m.tag,
            ...(m.attestation ? { attestation: m.attestation } : {}),
          })),
      ),
      hasMore: false,
    }),
    wc_proposeSession: (client, params) => {
      const pairingTopic = stringParam(params, 'pairingTopic')
      subscribe(client, pairingTopic)
      publish(client, params, pairingTopic, stringParam(params, 'sessionProposal'), TAG_SESSION_PROPOSE)
      return true
    },
    wc_approveSession: (client, params) => {
      const pairingTopic = stringParam(params, 'pairingTopic')
      const sessionTopic = stringParam(params, 'sessionTopic')
      const response = stringParam(params, 'sessionProposalResponse')
      const settle = stringParam(params, 'sessionSettlementRequest')
      subscribe(client, sessionTopic)
      publish(client, params, pairingTopic, response, TAG_SESSION_PROPOSE_RESPONSE)
      publish(client, params, sessionTopic, settle, TAG_SESSION_SETTLE)
      return true
    },
  }

  const onMessage = (client: Client, raw: RawData) => {
    let request: unknown
    try {
      request = JSON.parse(raw.toString())
    } catch {
      send(client, { id: null, jsonrpc: '2.0', error: { code: PARSE_ERROR, message: 'Parse error' } })
      return
    }
    if (!isRecord(request)) {
      send(client, { id: null, jsonrpc: '2.0', error: { code: INVALID_REQUEST, message: 'Invalid request' } })
      return
    }
    const id = typeof request.id === 'number' || typeof request.id === 'string' ? request.id : null
    // A response: the client's acknowledgement of an irn_subscription push.
    if (request.method === undefined && ('result' in request || 'error' in request)) {
      const pushed = typeof request.id === 'number' ? client.inFlight.get(request.id) : undefined
      if (pushed && typeof request.id === 'number') {
        client.inFlight.delete(request.id)
        if ('result' in request) pushed.acked.add(client.id)
        trace(`${'result' in request ? 'ack' : 'nack'} ${request.id} by ${who(client)}`)
      }
      return
    }
    if (typeof request.method !== 'string' || id === null) {
      send(client, { id, jsonrpc: '2.0', error: { code: INVALID_REQUEST, message: 'Invalid request' } })
      return
    }
    const handler = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined
    try {
      if (!handler) throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${request.method.slice(0, 64)}`)
      const params = request.params ?? {}
      if (!isRecord(params)) throw new RpcError(INVALID_PARAMS, 'Invalid params')
      send(client, { id, jsonrpc: '2.0', result: handler(client, params) })
    } catch (error) {
      const code = error instanceof RpcError ? error.rpcCode : -32603
      const message = error instanceof Error ? error.message : 'Internal error'
      send(client, { id, jsonrpc: '2.0', error: { code, message } })
    }
  }

  const server = new WebSocketServer({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    maxPayload: options.maxPayloadBytes ?? 1024 * 1024,
  })
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  server.on('error', (error) => log(`error ${error.message}`))

  server.on('connection', (socket, request) => {
    const client: Client = {
      id: clientIdFrom(request.url),
      socket,
      subscriptions: new Map(),
      inFlight: new Map(),
      alive: true,
    }
    clients.add(client)
    trace(`open ${who(client)}`)
    socket.on('pong', () => {
      client.alive = true
    })
    socket.on('message', (data) => onMessage(client, data))
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      clients.delete(client)
      trace(`close ${who(client)} (${client.inFlight.size} unacknowledged)`)
    })
  })

  const pinger = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate()
        continue
      }
      client.alive = false
      client.socket.ping()
    }
    sweep()
  }, options.pingIntervalMs ?? 15_000)
  pinger.unref()

  const address = server.address() as AddressInfo
  const host = options.host ?? '127.0.0.1'
  return {
    url: `ws://${host}:${address.port}`,
    port: address.port,
    stats() {
      sweep()
      let messages = 0
      for (const list of store.values()) messages += list.length
      return { topics: store.size, messages, clients: clients.size }
    },
    close() {
      clearInterval(pinger)
      for (const client of clients) client.socket.terminate()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
