import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CoreError } from '@oxbow/core'
import { buildSchema, locatedError, parse, specifiedRules, validate } from 'graphql'
import { decodeCursor, encodeCursor, listOf, pageByOffset } from '../src/api/cursor.ts'
import { documentShape } from '../src/api/documentShape.ts'
import { ApiError } from '../src/api/errors.ts'
import { decimalString, percentChange } from '../src/api/format.ts'
import { createGraphqlHandler } from '../src/api/graphqlHandler.ts'
import { parseAddress, parseFirst, parseNetwork, parseNetworks, parsePoolId } from '../src/api/inputs.ts'
import { createLimitChecker } from '../src/api/limits.ts'
import { decodeNftMetadata, safeImageUrl } from '../src/api/nftMetadata.ts'
import { typeDefs } from '../src/api/sdl.ts'
import { mergeAssetChange, shouldReprice, swapValueUsd } from '../src/lib/derive.ts'
import {
  amountsForLiquidityDelta,
  MAX_TICK,
  MIN_TICK,
  priceFromSqrtX96,
  sqrtPriceAtTick,
} from '../src/lib/math.ts'
import { modifyPosition, type PoolFees, replaySwap, ticksFromJson, ticksToJson } from '../src/lib/v4Fees.ts'

const code = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    assert.ok(e instanceof ApiError, `expected ApiError, got ${e}`)
    return { code: e.extensions.code, message: e.message }
  }
  assert.fail('expected an error')
}

describe('math', () => {
  it('behavior: sqrtPriceAtTick matches TickMath constants', () => {
    assert.equal(sqrtPriceAtTick(0), 1n << 96n)
    assert.equal(sqrtPriceAtTick(MIN_TICK), 4295128739n)
    assert.equal(sqrtPriceAtTick(MAX_TICK), 1461446703485210103287273052203988822378723970342n)
    assert.throws(() => sqrtPriceAtTick(MAX_TICK + 1), RangeError)
  })
  it('behavior: liquidity deltas round up on add, down on remove, and use one side out of range', () => {
    const p = sqrtPriceAtTick(0)
    const add = amountsForLiquidityDelta(p, 0, -60, 60, 10n ** 18n)
    const remove = amountsForLiquidityDelta(p, 0, -60, 60, -(10n ** 18n))
    assert.ok(add.amount0 > 0n && add.amount1 > 0n)
    assert.equal(add.amount0 + remove.amount0, 1n)
    assert.equal(add.amount1 + remove.amount1, 1n)
    const below = amountsForLiquidityDelta(p, 0, 60, 120, 10n ** 18n)
    assert.equal(below.amount1, 0n)
    assert.ok(below.amount0 > 0n)
    const above = amountsForLiquidityDelta(p, 0, -120, -60, 10n ** 18n)
    assert.equal(above.amount0, 0n)
  })
  it('behavior: price from sqrtPriceX96 applies decimals', () => {
    // 1 token0 (18 dec) = 2000 token1 (6 dec): raw ratio 2000e6/1e18
    const raw = 2000e6 / 1e18
    const sqrt = BigInt(Math.round(Math.sqrt(raw) * 2 ** 96))
    assert.ok(Math.abs(priceFromSqrtX96(sqrt, 18, 6) - 2000) < 1e-6)
  })
})

describe('v4 fees', () => {
  it('behavior: a position is paid the fee growth inside its range since it last changed', () => {
    const pool: PoolFees = { tick: 0, tickSpacing: 10, global0: 0n, global1: 0n, ticks: new Map() }
    const liquidity = 10n ** 18n
    const added = modifyPosition(pool, { liquidity: 0n, last0: 0n, last1: 0n }, -100, 100, liquidity)
    assert.deepEqual([added.fees0, added.fees1], [0n, 0n])
    assert.deepEqual(
      [...pool.ticks.keys()].sort((a, b) => a - b),
      [-100, 100],
    )
    // Fees of 5 token0 units per unit of liquidity accrue while the price is inside the range.
    pool.global0 += 5n << 128n
    const collected = modifyPosition(pool, added.position, -100, 100, 0n)
    assert.deepEqual([collected.fees0, collected.fees1], [5n * liquidity, 0n])
    const removed = modifyPosition(pool, collected.position, -100, 100, -liquidity)
    assert.deepEqual([removed.fees0, removed.position.liquidity], [0n, 0n])
    assert.equal(pool.ticks.size, 0, 'cleared ticks are forgotten')
  })
  it('behavior: ticks round-trip through their JSON column; a swap that cannot be replayed changes nothing', () => {
    const pool: PoolFees = { tick: 0, tickSpacing: 10, global0: 7n, global1: 9n, ticks: new Map() }
    modifyPosition(pool, { liquidity: 0n, last0: 0n, last1: 0n }, -100, 100, 10n ** 18n)
    assert.deepEqual(ticksFromJson(ticksToJson(pool.ticks)), pool.ticks)
    const sqrtPriceX96 = sqrtPriceAtTick(0)
    const replayed = replaySwap(
      pool,
      { sqrtPriceX96, liquidity: 10n ** 18n },
      { sqrtPriceX96: sqrtPriceX96 - 1n, liquidity: 10n ** 18n, amount0: -1000n, amount1: 999n, fee: 3000 },
    )
    assert.equal(replayed, false)
    assert.deepEqual([pool.global0, pool.global1], [7n, 9n])
  })
})

describe('format', () => {
  it('behavior: decimal strings never use exponents', () => {
    assert.equal(decimalString(0.0000001), '0.0000001')
    assert.equal(decimalString(1e21), '1000000000000000000000')
    assert.equal(decimalString(-12.5), '-12.5')
    assert.equal(decimalString(1234.5678), '1234.5678')
    assert.equal(decimalString(0), '0')
    assert.equal(decimalString(Number.NaN), null)
    assert.equal(decimalString(null), null)
  })
  it('behavior: percent change', () => {
    assert.equal(percentChange(100, 110), 10)
    assert.equal(percentChange(0, 1), null)
    assert.equal(percentChange(null, 1), null)
  })
})

describe('cursors and inputs', () => {
  it('behavior: cursors round-trip and are bound to their list', () => {
    const c = encodeCursor('tokens', [20])
    assert.deepEqual(decodeCursor('tokens', c), [20])
    assert.equal(code(() => decodeCursor('pools', c)).code, 'BAD_USER_INPUT')
    assert.equal(code(() => decodeCursor('tokens', 'not a cursor!')).code, 'BAD_USER_INPUT')
    assert.equal(
      code(() => decodeCursor('tokens', Buffer.from('{"x":1}').toString('base64url'))).code,
      'BAD_USER_INPUT',
    )
    const page = pageByOffset('tokens', [1, 2, 3], 2, null)
    assert.deepEqual(page.nodes, [1, 2])
    assert.equal(page.pageInfo.hasNextPage, true)
    const next = pageByOffset('tokens', [1, 2, 3], 2, page.pageInfo.endCursor)
    assert.deepEqual(next.nodes, [3])
    assert.equal(next.pageInfo.hasNextPage, false)
  })
  it('error: a cursor pages only the list it came from, and offsets are one whole number', () => {
    const byVolume = listOf('tokens', { orderBy: 'VOLUME_24H', first: 2, after: null })
    // Page size and position are not part of the list; everything that selects or orders is.
    assert.equal(listOf('tokens', { first: 50, orderBy: 'VOLUME_24H' }), byVolume)
    assert.notEqual(listOf('tokens', { orderBy: 'SYMBOL' }), byVolume)
    assert.notEqual(listOf('tokens', { orderBy: 'VOLUME_24H', filter: 'u' }), byVolume)
    assert.notEqual(
      listOf('transactions', {}, { pool: '1:0xa' }),
      listOf('transactions', {}, { pool: '1:0xb' }),
    )
    const c = pageByOffset(byVolume, [1, 2, 3], 2, null).pageInfo.endCursor
    assert.deepEqual(pageByOffset(byVolume, [1, 2, 3], 2, c).nodes, [3])
    assert.equal(
      code(() => pageByOffset(listOf('tokens', { orderBy: 'SYMBOL' }), [1], 2, c)).code,
      'BAD_USER_INPUT',
    )
    for (const k of [[2, 'x'], [2, 0], [], ['2'], [2.5], [-1]])
      assert.equal(
        code(() => pageByOffset(byVolume, [1, 2, 3], 2, encodeCursor(byVolume, k))).code,
        'BAD_USER_INPUT',
        JSON.stringify(k),
      )
  })
  it('error: malformed addresses, unknown networks, page sizes', () => {
    const ctx = { indexed: ['ethereum', 'base'] }
    assert.equal(parseNetwork(ctx, 'Base'), 'base')
    assert.match(code(() => parseNetwork(ctx, 'mars')).message, /Unknown network 'mars'/)
    assert.match(code(() => parseNetwork(ctx, 'polygon')).message, /not indexed/)
    assert.deepEqual(parseNetworks(ctx, undefined), ['ethereum', 'base'])
    assert.deepEqual(parseNetworks(ctx, []), ['ethereum', 'base'])
    assert.equal(code(() => parseAddress('0x123')).code, 'BAD_USER_INPUT')
    assert.equal(
      parseAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266'),
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    )
    assert.equal(parsePoolId(`0x${'ab'.repeat(32)}`), `0x${'ab'.repeat(32)}`)
    assert.equal(code(() => parsePoolId('0x1234')).code, 'BAD_USER_INPUT')
    assert.equal(code(() => parseFirst(101)).code, 'BAD_USER_INPUT')
    assert.equal(code(() => parseFirst(0)).code, 'BAD_USER_INPUT')
    assert.equal(parseFirst(undefined), 20)
  })
})

describe('validation shapes', () => {
  const schema = buildSchema(typeDefs)
  const shape = (query: string) => documentShape(parse(query))
  const valid = (query: string) => validate(schema, parse(query), specifiedRules).length === 0
  it('behavior: documents differing in literal values and aliases only share a shape', () => {
    const same = [
      '{ r1: tokens(first: 5, filter: "eth") { nodes { id } } }',
      '{ r2: tokens(first: 77, filter: "usd") { nodes { id } } }',
      '{ x: tokens(first: -3, filter: "") { nodes { id } } }',
    ]
    assert.ok(same.every(valid))
    assert.equal(new Set(same.map(shape)).size, 1)
    assert.notEqual(shape(same[0] ?? ''), null)
  })
  it('behavior: what validation reads of literals and aliases tells shapes apart', () => {
    // [valid, invalid]: equal or different arguments under one response name, an Int beyond 32
    // bits, a string where an Int goes, a response name shared or not, a block string.
    const pairs: [string, string][] = [
      [
        '{ a: tokens(first: 1) { totalCount } a: tokens(first: 1) { totalCount } }',
        '{ a: tokens(first: 1) { totalCount } a: tokens(first: 2) { totalCount } }',
      ],
      ['{ tokens(first: 5) { totalCount } }', '{ tokens(first: 3000000000) { totalCount } }'],
      ['{ tokens(first: 5) { totalCount } }', '{ tokens(first: "5") { totalCount } }'],
      [
        '{ a: tokens(first: 1) { totalCount } b: tokens(first: 2) { totalCount } }',
        '{ a: tokens(first: 1) { totalCount } a: tokens(first: 2) { totalCount } }',
      ],
      [
        '{ a: tokens(filter: "x") { totalCount } a: tokens(filter: "x") { totalCount } }',
        '{ a: tokens(filter: "x") { totalCount } a: tokens(filter: """x""") { totalCount } }',
      ],
    ]
    for (const [ok, bad] of pairs) {
      assert.ok(valid(ok), ok)
      assert.ok(!valid(bad), bad)
      assert.notEqual(shape(ok), shape(bad), bad)
    }
  })
  it('error: the API still refuses a document whose valid sibling shape it has seen', async () => {
    const handler = createGraphqlHandler(typeDefs, {
      tokens: (args: { first: number }) => ({ totalCount: args.first, nodes: [], pageInfo: {} }),
    })
    const ask = async (query: string) =>
      JSON.parse((await handler.answer({ method: 'POST', body: JSON.stringify({ query }) })).text) as {
        data?: Record<string, { totalCount: number }>
        errors?: { extensions: { code: string } }[]
      }
    const ok = await ask('{ a: tokens(first: 1) { totalCount } b: tokens(first: 2) { totalCount } }')
    assert.deepEqual(ok.data, { a: { totalCount: 1 }, b: { totalCount: 2 } })
    // Same shape, other literals and aliases: answered from its own values.
    const again = await ask('{ x: tokens(first: 7) { totalCount } y: tokens(first: 9) { totalCount } }')
    assert.deepEqual(again.data, { x: { totalCount: 7 }, y: { totalCount: 9 } })
    const clash = await ask('{ a: tokens(first: 1) { totalCount } a: tokens(first: 2) { totalCount } }')
    assert.equal(clash.errors?.[0]?.extensions.code, 'GRAPHQL_VALIDATION_FAILED')
    const wrongType = await ask('{ a: tokens(first: "1") { totalCount } b: tokens(first: 2) { totalCount } }')
    assert.equal(wrongType.errors?.[0]?.extensions.code, 'GRAPHQL_VALIDATION_FAILED')
  })
  it('behavior: an alias named like a field of the document has no shape (always validated)', () => {
    const clash = '{ networks: tokens { totalCount } networks { network } }'
    assert.ok(!valid(clash))
    assert.equal(shape(clash), null)
    assert.equal(shape('{ a: tokens { totalCount } networks { network } }')?.includes('networks'), true)
  })
})

describe('query limits', () => {
  const checker = createLimitChecker(buildSchema(typeDefs))
  const check = (query: string, variables: Record<string, unknown> = {}) => {
    const doc = parse(query)
    const op = doc.definitions.find((d) => d.kind === 'OperationDefinition')
    if (op?.kind !== 'OperationDefinition') throw new Error('no op')
    checker.check(doc, op, variables)
  }
  it('behavior: ordinary screen queries pass', () => {
    check('{ tokens(first: 100) { nodes { symbol priceUsd pools(first: 5) { tvlUsd } } } }')
    check(
      'query($o: String!) { portfolio(owner: $o) { totalValueUsd change24hUsd balances { network amount valueUsd change24hPercent token { symbol priceUsd } } } }',
      { o: '0x0000000000000000000000000000000000000001' },
    )
    check(
      '{ token(network: "base", address: "0x0000000000000000000000000000000000000001") { priceHistory(range: DAY) { timestamp open high low close } pools { tvlUsd } } }',
    )
  })
  it('error: too deep, too costly, too many aliases, self-spreading fragments', () => {
    assert.equal(
      code(() => check('{ a { b { c { d { e { f { g { h { i { j } } } } } } } } } }')).code,
      'QUERY_TOO_COMPLEX',
    )
    assert.equal(
      code(() =>
        check(
          'query($n: Int) { pools(first: $n) { nodes { token0 { pools(first: 100) { token1 { pools(first: 100) { id } } } } } } }',
          {
            n: 100,
          },
        ),
      ).code,
      'QUERY_TOO_COMPLEX',
    )
    const aliases = Array.from({ length: 25 }, (_, i) => `a${i}: networks { network }`).join(' ')
    assert.equal(code(() => check(`{ ${aliases} }`)).code, 'QUERY_TOO_COMPLEX')
    assert.equal(
      code(() => check('query { ...F } fragment F on Query { ...F }')).code,
      'GRAPHQL_VALIDATION_FAILED',
    )
  })
  it('error: variables, their defaults, fragments and search results cannot lower the cost', () => {
    const costly = [
      // the bypass: `first` from a variable default was costed as the page-size default
      [
        'query($n: Int = 100) { pools(first: $n) { nodes { transactions(first: $n) { nodes { id txHash amount0 amount1 } } } } }',
        {},
      ],
      [
        'query($n: Int = 100) { pools(first: $n) { ...P } } fragment P on PoolConnection { nodes { transactions(first: $n) { nodes { id txHash amount0 amount1 } } } }',
        {},
      ],
      [
        'query($n: Int) { pools(first: $n) { nodes { transactions(first: $n) { nodes { id txHash } } } } }',
        { n: 100 },
      ],
      // search(first) bounds every list of its results
      [
        '{ search(query: "e", first: 100) { pools { transactions(first: 100) { nodes { id txHash } } } } }',
        {},
      ],
      // a token's pools and their transactions multiply
      [
        'query($a: String!) { token(network: "ethereum", address: $a) { pools(first: 100) { transactions(first: 100) { nodes { id txHash amount0 } } } } }',
        { a: '0x0000000000000000000000000000000000000001' },
      ],
      // introspection lists are as long as the schema's
      ['{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }', {}],
    ] as const
    for (const [query, variables] of costly)
      assert.equal(code(() => check(query, variables)).code, 'QUERY_TOO_COMPLEX', query)
    assert.equal(
      code(() => check('query($n: Int) { tokens(first: $n) { totalCount } }', { n: 'x' })).code,
      'BAD_USER_INPUT',
    )
    check(
      'query($n: Int = 100) { pools(first: $n) { nodes { id tvlUsd token0 { symbol } token1 { symbol } } } }',
    )
    check(
      '{ search(query: "eth") { tokens { symbol priceUsd } pools { feeTier tvlUsd token0 { symbol } token1 { symbol } } nftCollections { name } } }',
    )
  })
})

describe('derivation rules', () => {
  it('behavior: native-currency legs net across directions', () => {
    const eth = '0x0000000000000000000000000000000000000000'
    let list = mergeAssetChange([], { token: eth, amount: '10', direction: 'IN' })
    list = mergeAssetChange(list, { token: eth, amount: '4', direction: 'OUT' })
    assert.deepEqual(list, [{ token: eth, amount: '6', direction: 'IN' }])
    list = mergeAssetChange(list, { token: eth, amount: '9', direction: 'OUT' })
    assert.deepEqual(list, [{ token: eth, amount: '3', direction: 'OUT' }])
    assert.deepEqual(mergeAssetChange(list, { token: eth, amount: '3', direction: 'IN' }), [])
  })
  it('behavior: same-token movements merge, NFTs stay separate', () => {
    let list = mergeAssetChange([], { token: '0xa', amount: '5', direction: 'OUT' })
    list = mergeAssetChange(list, { token: '0xa', amount: '7', direction: 'OUT' })
    list = mergeAssetChange(list, { token: '0xa', amount: '1', direction: 'IN' })
    list = mergeAssetChange(list, { token: '0xn', amount: '1', direction: 'IN', tokenId: '1' })
    list = mergeAssetChange(list, { token: '0xn', amount: '1', direction: 'IN', tokenId: '2' })
    assert.deepEqual(
      list.map((c) => `${c.token}:${c.direction}:${c.amount}:${c.tokenId ?? ''}`),
      ['0xa:OUT:12:', '0xa:IN:1:', '0xn:IN:1:1', '0xn:IN:1:2'],
    )
  })
  it('behavior: prices come from the pool closest to a stablecoin, then the deepest', () => {
    const unpriced = { priceDepth: null, priceSourcePool: null, priceSourceLiquidityUsd: null }
    assert.equal(shouldReprice(unpriced, { depth: 2, pool: 'p', liquidityUsd: 10 }), true)
    assert.equal(shouldReprice(unpriced, { depth: 1, pool: 'p', liquidityUsd: 0 }), false)
    const viaStable = { priceDepth: 1, priceSourcePool: 'a', priceSourceLiquidityUsd: 1000 }
    assert.equal(shouldReprice(viaStable, { depth: 2, pool: 'b', liquidityUsd: 1e9 }), false)
    assert.equal(shouldReprice(viaStable, { depth: 1, pool: 'b', liquidityUsd: 999 }), false)
    assert.equal(shouldReprice(viaStable, { depth: 1, pool: 'b', liquidityUsd: 5000 }), true)
    assert.equal(shouldReprice(viaStable, { depth: 1, pool: 'a', liquidityUsd: 1 }), true)
  })
  it('behavior: swap value uses the side priced closest to a stablecoin', () => {
    assert.equal(
      swapValueUsd({ units: 1, priceUsd: 3000, depth: 1 }, { units: 2990, priceUsd: 1, depth: 0 }),
      2990,
    )
    assert.equal(
      swapValueUsd({ units: 1, priceUsd: null, depth: null }, { units: 5, priceUsd: 2, depth: 2 }),
      10,
    )
    assert.equal(
      swapValueUsd({ units: 1, priceUsd: null, depth: null }, { units: 5, priceUsd: null, depth: null }),
      0,
    )
  })
})

describe('errors', () => {
  it('behavior: ApiError is a CoreError whose code survives graphql-js wrapping a resolver throw', () => {
    const error = new ApiError('BAD_USER_INPUT', 'Invalid cursor.', { field: 'after' })
    assert.ok(error instanceof CoreError)
    assert.equal(error.shortMessage, 'Invalid cursor.')
    const located = locatedError(error, undefined, ['tokens'])
    assert.deepEqual(located.toJSON(), {
      message: 'Invalid cursor.',
      path: ['tokens'],
      extensions: { code: 'BAD_USER_INPUT', field: 'after' },
    })
    assert.deepEqual(error.toGraphQLError().toJSON(), {
      message: 'Invalid cursor.',
      extensions: { code: 'BAD_USER_INPUT', field: 'after' },
    })
  })
})

describe('NFT metadata (hostile tokenURI)', () => {
  const b64 = (value: unknown) =>
    `data:application/json;base64,${Buffer.from(JSON.stringify(value)).toString('base64')}`
  it('decodes inline JSON and keeps a data:image of an allowed type', () => {
    const image = `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`
    const meta = decodeNftMetadata(
      b64({ name: 'Otter #1', description: 'd', image, attributes: [{ trait_type: 'Hue', value: 57 }] }),
    )
    assert.deepEqual(meta, {
      name: 'Otter #1',
      description: 'd',
      imageUrl: image,
      attributes: [{ traitType: 'Hue', value: '57' }],
    })
  })
  it('drops scripts and other schemes from images, strips control and bidi characters, caps lengths', () => {
    for (const bad of [
      'javascript:alert(1)',
      'http://example.com/a.png',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'https://user:pass@example.com/a.png',
      'ipfs://../../etc/passwd',
      42,
    ])
      assert.equal(safeImageUrl(bad), null, String(bad))
    // ipfs:// links stay links: the client loads them through its own configured gateway (no
    // public gateway is baked in here).
    const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'
    assert.equal(safeImageUrl(`ipfs://${cid}/1.png`), `ipfs://${cid}/1.png`)
    assert.equal(safeImageUrl(`ipfs://ipfs/${cid}/1.png`), `ipfs://${cid}/1.png`)
    assert.equal(safeImageUrl('ipfs://not-a-cid/1.png'), null)
    assert.equal(safeImageUrl(`ipfs://${cid}/a?x=1`), null)
    const meta = decodeNftMetadata(
      b64({
        name: '<img src=x onerror=alert(1)>\u202e\u0007',
        description: 'x'.repeat(5000),
        attributes: 'no',
      }),
    )
    assert.equal(meta.name, '<img src=x onerror=alert(1)>')
    assert.equal(meta.description?.length, 1000)
    assert.deepEqual(meta.attributes, [])
  })
  it('never fetches: URLs, broken JSON and non-objects give empty metadata', () => {
    const empty = { name: null, description: null, imageUrl: null, attributes: [] }
    assert.deepEqual(decodeNftMetadata('https://example.com/1.json'), empty)
    assert.deepEqual(decodeNftMetadata('data:application/json;base64,e30K{'), empty)
    assert.deepEqual(decodeNftMetadata(b64([1, 2])), empty)
    assert.deepEqual(decodeNftMetadata(null), empty)
  })
})
