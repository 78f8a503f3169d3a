/**
 * The explore screens' fields (issue #11) against the real devnet (ethereum) and a real Ponder on
 * PGlite: the text filter of tokens and pools, FDV against the chain's total supply, the sparkline and
 * the 52-week range against the token's own candles, v3 tick liquidity against the pool's active
 * liquidity read with viem, typed errors for hostile filters, and the transactions list ordered by time or USD value and filtered,
 * paged against PostgreSQL's own ORDER BY of the same rows, its cursors good only for their list.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { PGlite } from '@electric-sql/pglite'
import { startDevnet } from '@oxbow/devnet'
import { erc20Abi, type NetworkDeployment, v3PoolAbi } from '@oxbow/protocol'
import { createPublicClient, http, type PublicClient } from 'viem'
import type { IndexerHandle } from '../scripts/launcher.ts'
import { gqlClient, okData, startTestIndexer, waitFor } from './helpers.ts'

const PORT_BASE = 21700
const INDEXER_PORT = 21790

let devnet: Awaited<ReturnType<typeof startDevnet>>
let eth: NetworkDeployment
let client: PublicClient
let indexer: IndexerHandle
let gql: ReturnType<typeof gqlClient>

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
  const d = devnet.manifest.networks.ethereum
  assert.ok(d)
  eth = d
  client = createPublicClient({ transport: http(eth.rpcUrl) }) as PublicClient
  indexer = await startTestIndexer(devnet.manifestPath, INDEXER_PORT, { networks: ['ethereum'] })
  gql = gqlClient(indexer.graphqlUrl)
  const head = await client.getBlockNumber()
  await waitFor(
    'ethereum indexed to its head',
    async () => {
      const data = await okData(gql<{ networks: { blockNumber: string }[] }>('{ networks { blockNumber } }'))
      return data.networks.some((n) => BigInt(n.blockNumber) >= head) ? true : undefined
    },
    60_000,
  )
})

after(async () => {
  await indexer?.stop()
  await devnet?.stop()
})

interface TokenNode {
  address: string
  symbol: string
  name: string
  decimals: number
  priceUsd: string | null
  fdvUsd: string | null
  sparkline: string[]
  priceRange52w: { high: string; low: string } | null
}

describe('explore fields', () => {
  it('behavior: tokens(filter) keeps tokens whose symbol or name contains the text, or whose address starts with it', async () => {
    const { tokens } = await okData(
      gql<{ tokens: { nodes: { symbol: string; name: string; address: string }[] } }>(
        '{ tokens(networks: ["ethereum"], filter: "usd", first: 100, includeSpam: true) { nodes { symbol name address } } }',
      ),
    )
    assert.ok(tokens.nodes.length >= 2, 'USDC and USDT at least')
    for (const t of tokens.nodes) assert.match(`${t.symbol} ${t.name}`.toLowerCase(), /usd/)
    const usdc = eth.tokens.find((t) => t.symbol === 'USDC' && t.kind === 'stablecoin')
    assert.ok(usdc)
    const prefix = usdc.address.slice(0, 12)
    const byAddress = await okData(
      gql<{ tokens: { nodes: { address: string }[] } }>(
        'query($f: String) { tokens(networks: ["ethereum"], filter: $f, first: 100) { nodes { address } } }',
        { f: prefix.toUpperCase().replace('0X', '0x') },
      ),
    )
    assert.deepEqual(
      byAddress.tokens.nodes.map((t) => t.address.toLowerCase()),
      [usdc.address.toLowerCase()],
    )
  })

  it("behavior: logoUrl is the token list's logo (same-origin), the native currency's by symbol, null for an impersonator or a token without one; blocked and malicious tokens keep their level", async () => {
    const data = await okData(
      gql<{ tokens: { nodes: { address: string; kind: string; safety: string; logoUrl: string | null }[] } }>(
        '{ tokens(networks: ["ethereum"], first: 100, includeSpam: true) { nodes { address kind safety logoUrl } } }',
      ),
    )
    const byAddress = new Map(data.tokens.nodes.map((n) => [n.address.toLowerCase(), n]))
    for (const token of eth.tokens) {
      const node = byAddress.get(token.address.toLowerCase())
      assert.ok(node, `${token.symbol} listed`)
      assert.equal(node.logoUrl, token.logoURI ?? null, token.symbol)
      assert.equal(node.safety, token.safety, token.symbol)
    }
    assert.equal(byAddress.get('0x0000000000000000000000000000000000000000')?.logoUrl, '/token-logos/eth.svg')
    const fake = eth.tokens.find((t) => t.kind === 'impersonator')
    assert.equal(byAddress.get(fake?.address.toLowerCase() ?? '')?.logoUrl, null)
    assert.deepEqual(
      data.tokens.nodes
        .filter((n) => n.safety === 'blocked' || n.safety === 'malicious')
        .map((n) => n.safety)
        .sort(),
      ['blocked', 'malicious'],
    )
  })

  it('behavior: pools(filter) finds a pair in either order', async () => {
    const { pools } = await okData(
      gql<{ pools: { nodes: { token0: { symbol: string }; token1: { symbol: string } }[] } }>(
        '{ pools(networks: ["ethereum"], filter: "usdc/weth", first: 100) { nodes { token0 { symbol } token1 { symbol } } } }',
      ),
    )
    assert.ok(pools.nodes.length >= 2, 'v2 and v3 WETH/USDC pools')
    for (const p of pools.nodes) {
      assert.deepEqual([p.token0.symbol, p.token1.symbol].sort(), ['USDC', 'WETH'])
    }
  })

  it('error: a filter over 100 characters or of the wrong type is BAD_USER_INPUT', async () => {
    const long = await gql('query($f: String) { tokens(filter: $f) { totalCount } }', { f: 'x'.repeat(101) })
    assert.equal(long.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT')
    const hostile = await gql('query($f: String) { pools(filter: $f) { totalCount } }', {
      f: "'; DROP TABLE pool; --",
    })
    assert.equal(hostile.errors, undefined, 'SQL-looking text is just text')
    assert.equal((hostile.data as { pools: { totalCount: number } }).pools.totalCount, 0)
  })

  it('behavior: fdvUsd is price × the total supply read on chain; sparkline and 52-week range follow the candles', async () => {
    const link = eth.tokens.find((t) => t.symbol === 'LINK')
    assert.ok(link)
    const { token } = await okData(
      gql<{ token: TokenNode & { day: { close: string }[]; year: { high: string; low: string }[] } }>(
        `query($a: String!) { token(network: "ethereum", address: $a) {
          address symbol name decimals priceUsd fdvUsd sparkline priceRange52w { high low }
          day: priceHistory(range: DAY) { close }
          year: priceHistory(range: YEAR) { high low }
        } }`,
        { a: link.address },
      ),
    )
    const supply = await client.readContract({
      address: link.address,
      abi: erc20Abi,
      functionName: 'totalSupply',
    })
    const expected = (Number(supply) / 10 ** token.decimals) * Number(token.priceUsd)
    assert.ok(token.fdvUsd)
    assert.ok(Math.abs(Number(token.fdvUsd) - expected) / expected < 1e-9, `${token.fdvUsd} vs ${expected}`)
    assert.deepEqual(token.sparkline, token.day.map((c) => c.close).slice(-token.sparkline.length))
    // The seeded history trades a random pool every few hours: some token traded in the last day
    // has a sparkline, and it is that day's hourly closes.
    let traded: { sparkline: string[]; day: { close: string }[] } | undefined
    for (const candidate of eth.tokens) {
      const { token: t } = await okData(
        gql<{ token: { sparkline: string[]; day: { close: string }[] } | null }>(
          `query($a: String!) { token(network: "ethereum", address: $a) { sparkline day: priceHistory(range: DAY) { close } } }`,
          { a: candidate.address },
        ),
      )
      if (t && t.sparkline.length > 0) {
        traded = t
        break
      }
    }
    assert.ok(traded, 'a token traded in the last day has a sparkline')
    assert.deepEqual(traded.sparkline, traded.day.map((c) => c.close).slice(-traded.sparkline.length))
    assert.ok(token.priceRange52w)
    assert.equal(Number(token.priceRange52w.high), Math.max(...token.year.map((c) => Number(c.high))))
    assert.equal(Number(token.priceRange52w.low), Math.min(...token.year.map((c) => Number(c.low))))
  })

  it('behavior: liquidityByTick of a v3 pool gives, at the current tick, the liquidity the pool reports on chain', async () => {
    const v3 = eth.pools.filter((p) => p.version === 'v3')
    assert.ok(v3.length > 0)
    for (const p of v3) {
      const [slot0, liquidity] = await Promise.all([
        client.readContract({ address: p.address, abi: v3PoolAbi, functionName: 'slot0' }),
        client.readContract({ address: p.address, abi: v3PoolAbi, functionName: 'liquidity' }),
      ])
      const { pool } = await okData(
        gql<{ pool: { liquidityByTick: { tick: number; liquidity: string }[] } }>(
          'query($id: String!) { pool(network: "ethereum", id: $id) { liquidityByTick { tick liquidity } } }',
          { id: p.address },
        ),
      )
      const ranges = pool.liquidityByTick
      const current = ranges.filter((r) => r.tick <= slot0[1]).at(-1)
      assert.equal(current?.liquidity ?? '0', liquidity.toString(), `pool ${p.address}`)
      for (let i = 1; i < ranges.length; i++) assert.ok((ranges[i]?.tick ?? 0) > (ranges[i - 1]?.tick ?? 0))
    }
  })

  it('behavior: liquidityByTick is empty for v2 pools', async () => {
    const v2 = eth.pools.find((p) => p.version === 'v2')
    assert.ok(v2)
    const { pool } = await okData(
      gql<{ pool: { liquidityByTick: unknown[] } }>(
        'query($id: String!) { pool(network: "ethereum", id: $id) { liquidityByTick { tick } } }',
        { id: v2.address },
      ),
    )
    assert.deepEqual(pool.liquidityByTick, [])
  })
})

interface TxNode {
  id: string
  txHash: string
  account: string
  blockNumber: string
  timestamp: number
  valueUsd: string | null
  pool: { token0: { symbol: string; name: string }; token1: { symbol: string; name: string } }
}

const TX_FIELDS =
  'id txHash account blockNumber timestamp valueUsd pool { token0 { symbol name } token1 { symbol name } }'

/** Every page of `transactions` with `args` (7 rows a page, so pages cross ties and nulls). */
async function allTransactions(args: Record<string, unknown>): Promise<TxNode[]> {
  const out: TxNode[] = []
  let after: string | null = null
  for (let page = 0; page < 200; page++) {
    const data: {
      transactions: { nodes: TxNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }
    } = await okData(
      gql(
        `query($o: TransactionOrderBy, $d: OrderDirection, $f: String, $a: String) { transactions(networks: ["ethereum"], orderBy: $o, orderDirection: $d, filter: $f, first: 7, after: $a) { nodes { ${TX_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
        { ...args, a: after },
      ),
    )
    out.push(...data.transactions.nodes)
    if (!data.transactions.pageInfo.hasNextPage) return out
    after = data.transactions.pageInfo.endCursor
  }
  throw new Error('more than 200 pages')
}

describe('explore transactions: order, filter, cursors', () => {
  let all: TxNode[]
  let truth: PGlite

  before(async () => {
    all = await allTransactions({})
    assert.ok(all.length >= 8, `the devnet's seeded trades give more than one page (got ${all.length})`)
    // The SQL truth: the same rows in a table of their own, ordered by PostgreSQL in one query.
    truth = new PGlite()
    await truth.query(
      'CREATE TABLE e (id text, ts integer, block numeric, log_index integer, value double precision)',
    )
    for (const t of all) {
      await truth.query('INSERT INTO e VALUES ($1, $2, $3, $4, $5)', [
        t.id,
        t.timestamp,
        t.blockNumber,
        Number(t.id.split(':').at(-1)),
        t.valueUsd === null ? null : Number(t.valueUsd),
      ])
    }
  })
  after(async () => {
    await truth?.close()
  })

  const sqlOrders = {
    'TIMESTAMP DESC': 'ts DESC, block DESC, log_index DESC, id DESC',
    'TIMESTAMP ASC': 'ts, block, log_index, id',
    'VALUE_USD DESC': 'value DESC NULLS LAST, ts DESC, block DESC, log_index DESC, id DESC',
    'VALUE_USD ASC': 'value ASC NULLS LAST, ts, block, log_index, id',
  } as const

  for (const [order, sqlOrder] of Object.entries(sqlOrders)) {
    it(`behavior: orderBy ${order}, paged 7 at a time, lists the rows in PostgreSQL's order`, async () => {
      const [o, d] = order.split(' ')
      const paged = await allTransactions({ o, d })
      const { rows } = await truth.query<{ id: string }>(`SELECT id FROM e ORDER BY ${sqlOrder}`)
      assert.deepEqual(
        paged.map((t) => t.id),
        rows.map((r) => r.id),
      )
    })
  }

  it('behavior: filter keeps the transactions of pools with a matching token, or of a wallet or tx hash prefix', async () => {
    const usd = await allTransactions({ f: 'USD', o: 'VALUE_USD' })
    const expected = all.filter((t) =>
      [t.pool.token0, t.pool.token1].some((k) => `${k.symbol} ${k.name}`.toLowerCase().includes('usd')),
    )
    assert.ok(expected.length > 0 && expected.length < all.length, 'the devnet trades USD and non-USD pairs')
    assert.deepEqual(usd.map((t) => t.id).sort(), expected.map((t) => t.id).sort())
    const first = all[0]
    assert.ok(first)
    const byWallet = await allTransactions({ f: first.account })
    assert.deepEqual(
      byWallet.map((t) => t.id),
      all.filter((t) => t.account === first.account).map((t) => t.id),
    )
    const byHash = await allTransactions({ f: first.txHash.slice(0, 14) })
    assert.deepEqual(
      byHash.map((t) => t.id),
      all.filter((t) => t.txHash.startsWith(first.txHash.slice(0, 14))).map((t) => t.id),
    )
    const none = await allTransactions({ f: "'; DROP TABLE pool_event; --" })
    assert.deepEqual(none, [])
  })

  it('error: a cursor used with another order, direction or filter is BAD_USER_INPUT', async () => {
    const q =
      'query($o: TransactionOrderBy, $d: OrderDirection, $f: String, $a: String) { transactions(networks: ["ethereum"], orderBy: $o, orderDirection: $d, filter: $f, first: 3, after: $a) { nodes { id } pageInfo { endCursor } } }'
    const page = await okData(
      gql<{ transactions: { pageInfo: { endCursor: string } } }>(q, { o: 'VALUE_USD', d: 'DESC' }),
    )
    const cursor = page.transactions.pageInfo.endCursor
    assert.ok(cursor)
    for (const misuse of [
      { o: 'TIMESTAMP', d: 'DESC' },
      { o: 'VALUE_USD', d: 'ASC' },
      { o: 'VALUE_USD', d: 'DESC', f: 'usd' },
    ]) {
      const r = await gql(q, { ...misuse, a: cursor })
      assert.equal(r.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(misuse))
    }
    const same = await gql(q, { o: 'VALUE_USD', d: 'DESC', a: cursor })
    assert.equal(same.errors, undefined)
  })
})
