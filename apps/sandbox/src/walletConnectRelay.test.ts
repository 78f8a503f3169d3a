import assert from 'node:assert/strict'
import { once } from 'node:events'
import { after, before, test } from 'node:test'
import { WebSocket } from 'ws'
import { createWalletConnectRelay, type Relay } from './walletConnectRelay.ts'

let relay: Relay
let clock = 1_000_000
before(async () => {
  relay = await createWalletConnectRelay({ maxMessagesPerTopic: 3, maxTopics: 4, now: () => clock })
})
after(() => relay.close())

/** A raw relay client: sends JSON-RPC, collects everything it receives, acks subscription pushes. */
async function client(iss: string) {
  const claims = Buffer.from(JSON.stringify({ iss, sub: 'x' })).toString('base64url')
  const socket = new WebSocket(`${relay.url}/?auth=e30.${claims}.sig&projectId=any&ua=test`)
  const received: Record<string, unknown>[] = []
  const waiters: (() => void)[] = []
  socket.on('message', (data) => {
    const payload = JSON.parse(data.toString()) as Record<string, unknown>
    received.push(payload)
    if (payload.method === 'irn_subscription')
      socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result: true }))
    for (const wake of waiters.splice(0)) wake()
  })
  await once(socket, 'open')
  let nextId = 1
  const waitFor = async (match: (p: Record<string, unknown>) => boolean) => {
    const deadline = Date.now() + 2000
    for (;;) {
      const found = received.find(match)
      if (found) return found
      assert.ok(Date.now() < deadline, `timed out; received ${JSON.stringify(received)}`)
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 50)
      })
    }
  }
  return {
    socket,
    received,
    sendRaw: (text: string) => socket.send(text),
    async call(method: string, params: unknown) {
      const id = nextId++
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return waitFor((p) => p.id === id && !('method' in p))
    },
    pushes: (topic: string) =>
      received
        .filter((p) => p.method === 'irn_subscription')
        .map((p) => (p.params as { data: { topic: string; message: string } }).data)
        .filter((d) => d.topic === topic)
        .map((d) => d.message),
    waitFor,
    close: () => socket.close(),
  }
}

test('behavior: a message published before the peer subscribes is delivered on subscribe, and live ones as they come', async () => {
  const dapp = await client('did:key:dapp')
  const wallet = await client('did:key:wallet')
  try {
    const first = await dapp.call('irn_subscribe', { topic: 't1' })
    const again = await dapp.call('irn_subscribe', { topic: 't1' })
    assert.equal(first.result, again.result, 'subscribing twice keeps one subscription')
    assert.equal(
      (await dapp.call('irn_publish', { topic: 't1', message: 'early', ttl: 300, tag: 1 })).result,
      true,
    )
    const subscribed = await wallet.call('irn_subscribe', { topic: 't1' })
    assert.match(String(subscribed.result), /^[0-9a-f]{64}$/)
    await wallet.waitFor((p) => p.method === 'irn_subscription')
    assert.deepEqual(wallet.pushes('t1'), ['early'])
    await wallet.call('irn_publish', { topic: 't1', message: 'reply', ttl: 300, tag: 2 })
    await dapp.waitFor((p) => p.method === 'irn_subscription')
    assert.deepEqual(dapp.pushes('t1'), ['reply'], 'the publisher does not get its own message back')
    assert.deepEqual(wallet.pushes('t1'), ['early'])

    const fetched = await wallet.call('irn_batchFetchMessages', { topics: ['t1'] })
    assert.deepEqual(
      (fetched.result as { messages: { message: string }[] }).messages.map((m) => m.message),
      [],
      'an acknowledged push is not fetched again',
    )
    await wallet.call('irn_unsubscribe', { topic: 't1', id: subscribed.result })
    await dapp.call('irn_publish', { topic: 't1', message: 'after unsubscribe', ttl: 300 })
    await dapp.call('irn_publish', { topic: 'sync', message: 'barrier', ttl: 300 })
    await wallet.call('irn_batchSubscribe', { topics: ['sync'] })
    await wallet.waitFor((p) => p.method === 'irn_subscription' && JSON.stringify(p).includes('barrier'))
    assert.deepEqual(wallet.pushes('t1'), ['early'])
  } finally {
    dapp.close()
    wallet.close()
  }
})

test('behavior: a message reaches a client once: a re-subscribe does not replay it, a new socket gets only what was not acknowledged', async () => {
  const dapp = await client('did:key:dapp-once')
  const wallet = await client('did:key:wallet-once')
  // A socket that never acknowledges: what it was pushed stays owed to its identity.
  const claims = Buffer.from(JSON.stringify({ iss: 'did:key:mute', sub: 'x' })).toString('base64url')
  const mute = new WebSocket(`${relay.url}/?auth=e30.${claims}.sig&projectId=any&ua=test`)
  await once(mute, 'open')
  const mutePushes: string[] = []
  mute.on('message', (data) => {
    const payload = JSON.parse(data.toString()) as { method?: string; params?: { data: { message: string } } }
    if (payload.method === 'irn_subscription' && payload.params) mutePushes.push(payload.params.data.message)
  })
  try {
    await dapp.call('irn_publish', { topic: 'once', message: 'settle', ttl: 300, tag: 1102 })
    await wallet.call('irn_subscribe', { topic: 'once' })
    await wallet.call('irn_subscribe', { topic: 'once' })
    await wallet.call('irn_batchSubscribe', { topics: ['once'] })
    await wallet.waitFor((p) => p.method === 'irn_subscription')
    await dapp.call('irn_publish', { topic: 'once', message: 'later', ttl: 300 })
    await wallet.waitFor((p) => JSON.stringify(p).includes('later'))
    assert.deepEqual(wallet.pushes('once'), ['settle', 'later'], 'each message pushed once')

    mute.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 'once' } }))
    const deadline = Date.now() + 2000
    while (mutePushes.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    mute.send(JSON.stringify({ id: 2, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 'once' } }))
    await new Promise((r) => setTimeout(r, 100))
    assert.deepEqual(mutePushes, ['settle', 'later'], 'not pushed again while unacknowledged on the socket')

    // The same identities reconnect: the wallet acknowledged both, the mute socket neither.
    wallet.close()
    const walletAgain = await client('did:key:wallet-once')
    const fetched = await walletAgain.call('irn_batchFetchMessages', { topics: ['once'] })
    assert.deepEqual((fetched.result as { messages: unknown[] }).messages, [])
    walletAgain.close()
    mute.close()
    await once(mute, 'close')
    const muteAgain = await client('did:key:mute')
    await muteAgain.call('irn_subscribe', { topic: 'once' })
    await muteAgain.waitFor((p) => JSON.stringify(p).includes('later'))
    assert.deepEqual(muteAgain.pushes('once'), ['settle', 'later'], 'owed pushes arrive on the new socket')
    muteAgain.close()
  } finally {
    dapp.close()
    wallet.close()
    mute.close()
  }
})

test('behavior: wc_proposeSession and wc_approveSession route the pairing as core 2.25 expects', async () => {
  const dapp = await client('did:key:dapp2')
  const wallet = await client('did:key:wallet2')
  try {
    await dapp.call('wc_proposeSession', { pairingTopic: 'pair', sessionProposal: 'proposal', ttl: 300 })
    await wallet.call('irn_subscribe', { topic: 'pair' })
    await wallet.waitFor((p) => p.method === 'irn_subscription')
    assert.deepEqual(wallet.pushes('pair'), ['proposal'])
    await wallet.call('wc_approveSession', {
      pairingTopic: 'pair',
      sessionTopic: 'session',
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    await dapp.waitFor((p) => p.method === 'irn_subscription')
    assert.deepEqual(dapp.pushes('pair'), ['response'], 'the dapp was subscribed to the pairing topic')
    await dapp.call('irn_subscribe', { topic: 'session' })
    await dapp.waitFor((p) => JSON.stringify(p).includes('settle'))
    await dapp.call('irn_publish', { topic: 'session', message: 'request', ttl: 300 })
    await wallet.waitFor((p) => JSON.stringify(p).includes('"request"'))
    assert.deepEqual(wallet.pushes('session'), ['request'], 'the wallet was subscribed to the session topic')
  } finally {
    dapp.close()
    wallet.close()
  }
})

test('behavior: messages expire after their ttl, and memory stays bounded per topic and in topics', async () => {
  const a = await client('did:key:a')
  const b = await client('did:key:b')
  try {
    await a.call('irn_publish', { topic: 'short', message: 'gone soon', ttl: 10 })
    clock += 11_000
    await b.call('irn_subscribe', { topic: 'short' })
    const fetched = await b.call('irn_batchFetchMessages', { topics: ['short'] })
    assert.deepEqual((fetched.result as { messages: unknown[] }).messages, [])
    assert.deepEqual(b.pushes('short'), [])

    for (let i = 0; i < 5; i++) await a.call('irn_publish', { topic: 'many', message: `m${i}`, ttl: 300 })
    const kept = await b.call('irn_batchFetchMessages', { topics: ['many'] })
    assert.deepEqual(
      (kept.result as { messages: { message: string }[] }).messages.map((m) => m.message),
      ['m2', 'm3', 'm4'],
    )
    for (let i = 0; i < 6; i++) await a.call('irn_publish', { topic: `topic${i}`, message: 'x', ttl: 300 })
    assert.ok(relay.stats().topics <= 4, `topics bounded: ${JSON.stringify(relay.stats())}`)
  } finally {
    a.close()
    b.close()
  }
})

test('error: malformed JSON, unknown methods and bad params get JSON-RPC errors and the connection stays usable', async () => {
  const c = await client('did:key:c')
  try {
    c.sendRaw('{not json')
    const parse = await c.waitFor((p) => p.id === null)
    assert.deepEqual(parse, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })
    assert.deepEqual(await c.call('irn_nope', {}), {
      id: 1,
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found: irn_nope' },
    })
    assert.deepEqual(await c.call('irn_publish', { topic: 't', ttl: 300 }), {
      id: 2,
      jsonrpc: '2.0',
      error: { code: -32602, message: 'Missing or invalid "message" param' },
    })
    assert.equal((await c.call('irn_subscribe', { topic: 'still-works' })).id, 3)
  } finally {
    c.close()
  }
})
