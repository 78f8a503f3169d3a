/**
 * The data API's HTTP front (src/api/front.ts) and the per-block read sharing of issue #16's read
 * work, against a real Ponder (devnet ethereum, PGlite in memory): Ponder's own paths through the
 * front, CORS as Ponder answers it, GET and POST alike, the 64 KiB body limit, first pages of
 * every size from one read per block that a new block replaces at once. Plus the pieces alone:
 * the per-state cache and the gate's block-completed signal.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startDevnet, walletTransport } from '@oxbow/devnet'
import { erc20Abi } from '@oxbow/protocol'
import { createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { IndexerHandle } from '../scripts/launcher.ts'
import { createPerStateCache } from '../src/api/perStateCache.ts'
import { createBlockGate } from '../src/lib/blockGate.ts'
import { gqlClient, okData, startTestIndexer, waitFor } from './helpers.ts'

const PORT_BASE = 23700
const INDEXER_PORT = 23790

describe('per-state cache', () => {
  it('shares one read per state and key, and a new state reads again', async () => {
    const cache = createPerStateCache<number>()
    let reads = 0
    const load = async () => ++reads
    const [a, b] = await Promise.all([cache.get('s1', 'k', load), cache.get('s1', 'k', load)])
    assert.equal(a, 1)
    assert.equal(b, 1)
    assert.equal(await cache.get('s1', 'other', load), 2)
    assert.equal(await cache.get('s2', 'k', load), 3)
    assert.equal(cache.size(), 1)
  })

  it('keeps no failed read', async () => {
    const cache = createPerStateCache<number>()
    await assert.rejects(cache.get('s', 'k', () => Promise.reject(new Error('down'))))
    assert.equal(await cache.get('s', 'k', async () => 7), 7)
  })
})

describe('block gate signal', () => {
  it('tells listeners when a block completes', () => {
    const gate = createBlockGate()
    const seen: number[] = []
    gate.onComplete(() => seen.push(seen.length))
    gate.complete(1, 10n)
    void gate.writing(1, 11n)
    gate.complete(1, 11n)
    assert.equal(seen.length, 2)
  })
})

describe('data API front (real Ponder)', () => {
  let devnet: Awaited<ReturnType<typeof startDevnet>>
  let indexer: IndexerHandle
  const output: string[] = []

  before(async () => {
    devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
    indexer = await startTestIndexer(devnet.manifestPath, INDEXER_PORT, {
      networks: ['ethereum'],
      onOutput: (line) => output.push(line),
    })
  })
  after(async () => {
    await indexer?.stop()
    await devnet?.stop()
  })

  it("passes Ponder's own paths through the public port", async () => {
    assert.equal((await fetch(`${indexer.url}/ready`)).status, 200)
    assert.equal((await fetch(`${indexer.url}/health`)).status, 200)
    const metrics = await (await fetch(`${indexer.url}/metrics`)).text()
    assert.match(metrics, /ponder_indexing_completed_events/)
  })

  it('answers CORS preflights and marks answers readable by any origin', async () => {
    const pre = await fetch(indexer.graphqlUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    assert.equal(pre.status, 204)
    assert.equal(pre.headers.get('access-control-allow-origin'), '*')
    assert.equal(pre.headers.get('access-control-allow-headers'), 'content-type')
    assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/)
    assert.equal(pre.headers.get('access-control-max-age'), '86400')
    const res = await fetch(indexer.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify({ query: '{ networks { network } }' }),
    })
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('access-control-allow-origin'), '*')
  })

  it('answers GET as POST', async () => {
    const query = '{ networks { network chainId } }'
    const viaGet = await fetch(`${indexer.graphqlUrl}?query=${encodeURIComponent(query)}`)
    assert.equal(viaGet.status, 200)
    const viaPost = await fetch(indexer.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    })
    assert.deepEqual(await viaGet.json(), await viaPost.json())
    const bad = await fetch(`${indexer.graphqlUrl}?query=${encodeURIComponent(query)}&variables=%7B`)
    assert.equal(bad.status, 400)
    const body = (await bad.json()) as { errors: { extensions: { code: string } }[] }
    assert.equal(body.errors[0]?.extensions.code, 'BAD_USER_INPUT')
  })

  it('refuses a body over 64 KiB with a typed 413 and closes the connection', async () => {
    const res = await fetch(indexer.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ networks { network } } #${'x'.repeat(70 * 1024)}` }),
    })
    assert.equal(res.status, 413)
    assert.equal(res.headers.get('connection'), 'close')
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] }
    assert.equal(body.errors[0]?.extensions.code, 'BAD_USER_INPUT')
  })

  it('serves first pages of every size alike and a new block at once', async () => {
    const eth = devnet.manifest.networks.ethereum
    const [sender, recipient] = devnet.manifest.accounts
    const token = eth?.tokens.find((t) => t.symbol !== 'WETH')
    assert.ok(eth && sender && recipient && token)
    const gql = gqlClient(indexer.graphqlUrl)
    type Page = { activity: { nodes: { txHash: string }[]; pageInfo: { endCursor: string } } }
    const page = (first: number, after?: string) =>
      okData<Page>(
        gql(
          'query($a: String!, $f: Int!, $after: String) { activity(address: $a, first: $f, after: $after) { nodes { txHash } pageInfo { endCursor } } }',
          { a: recipient.address, f: first, after },
        ),
      )
    const ten = (await page(10)).activity
    const two = (await page(2)).activity
    assert.deepEqual(two.nodes, ten.nodes.slice(0, 2))
    const next = (await page(8, two.pageInfo.endCursor)).activity
    assert.deepEqual(next.nodes, ten.nodes.slice(2, 10))

    const account = privateKeyToAccount(sender.privateKey)
    const wallet = createWalletClient({ account, transport: walletTransport(eth.rpcUrl) })
    const hash = await wallet.writeContract({
      chain: null,
      address: token.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient.address, 1n],
    })
    const receipt = await createPublicClient({ transport: http(eth.rpcUrl) }).waitForTransactionReceipt({
      hash,
    })
    await waitFor(
      "the transfer's block",
      async () => {
        const { networks } = await okData<{ networks: { blockNumber: string }[] }>(
          gql('{ networks { blockNumber } }'),
        )
        return BigInt(networks[0]?.blockNumber ?? 0) >= receipt.blockNumber ? true : undefined
      },
      20_000,
    )
    // Every page size of the new block has the transfer first: none is left from the last block.
    for (const first of [1, 3, 10]) {
      const nodes = (await page(first)).activity.nodes
      assert.equal(nodes[0]?.txHash, hash, `first: ${first}`)
    }
  })
})

describe('per-state cache of query builders', () => {
  it('runs a lazy query once: a thenable that queries on every await (drizzle) is cached as its result', async () => {
    const cache = createPerStateCache<number>()
    let runs = 0
    // Like a drizzle query builder: no query until awaited, and a new one on every then().
    const builder = (): Promise<number> =>
      ({
        // biome-ignore lint/suspicious/noThenProperty: the shape under test is a thenable
        then: (resolve: (n: number) => unknown, reject: (e: unknown) => unknown) =>
          Promise.resolve(++runs).then(resolve, reject),
      }) as unknown as Promise<number>
    assert.equal(await cache.get('s', 'k', builder), 1)
    assert.equal(await cache.get('s', 'k', builder), 1)
    assert.equal(await cache.get('s', 'k', builder), 1)
    assert.equal(runs, 1)
  })
})
