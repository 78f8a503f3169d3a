import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { type Devnet, devnetClients, startDevnet } from '@oxbow/devnet'
import { erc20Abi } from 'viem'
import {
  decodeAbiString,
  decodeQuantity,
  decodeUint256,
  encodeBalanceOf,
  isContract,
  RpcError,
  type RpcRequest,
  readBalances,
  readErc20Metadata,
  rpcBatch,
  sanitizeTokenText,
} from './rpc.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKEN = '0x7db5aDcB76Cf7468Ecaa44B0160817eab23eF2E8'

const word = (value: bigint | number) => BigInt(value).toString(16).padStart(64, '0')
const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex')
/** ABI encoding of a dynamic `string` return. */
function abiString(text: string): string {
  const hex = hexOf(text)
  const padded = hex.padEnd(Math.ceil(hex.length / 64) * 64, '0')
  return `0x${word(32)}${word(hex.length / 2)}${padded}`
}
const bytes32 = (text: string) => `0x${hexOf(text).padEnd(64, '0')}`

interface Recorded {
  calls: number
  bodies: { id: number; method: string; params: unknown[] }[][]
}
/** A fetch stand-in answering each JSON-RPC request with `answer(request)` (reversed, to test id matching). */
function fakeNode(answer: (request: { method: string; params: unknown[] }) => unknown, recorded?: Recorded) {
  return (async (_url: unknown, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] }[]
    if (recorded) {
      recorded.calls++
      recorded.bodies.push(body)
    }
    const answers = body.map((request) => {
      const value = answer(request)
      return value instanceof Error
        ? { jsonrpc: '2.0', id: request.id, error: { code: 3, message: value.message } }
        : { jsonrpc: '2.0', id: request.id, result: value }
    })
    return new Response(JSON.stringify(answers.reverse()), { status: 200 })
  }) as typeof fetch
}
const rawNode = (text: string, status = 200) =>
  (async () => new Response(text, { status })) as unknown as typeof fetch

describe('ABI decoding', () => {
  test('behavior: balanceOf calldata pads the owner', () => {
    assert.equal(encodeBalanceOf(ACCOUNT_0), `0x70a08231${'0'.repeat(24)}${ACCOUNT_0.slice(2).toLowerCase()}`)
    assert.throws(() => encodeBalanceOf('0x1234'), RpcError)
  })

  test('behavior: uint256 only from exactly one word; quantities only as 0x-hex', () => {
    assert.equal(decodeUint256(`0x${word(123456789n)}`), 123456789n)
    assert.equal(decodeUint256(`0x${word(2n ** 256n - 1n)}`), 2n ** 256n - 1n)
    assert.equal(decodeUint256('0x'), undefined)
    assert.equal(decodeUint256(`0x${word(1)}00`), undefined)
    assert.equal(decodeUint256(`0x${word(1)}${word(1)}`), undefined)
    assert.equal(decodeUint256('0xzz'), undefined)
    assert.equal(decodeUint256(42), undefined)
    assert.equal(decodeQuantity('0x1a'), 26n)
    assert.equal(decodeQuantity('0x'), undefined)
    assert.equal(decodeQuantity('26'), undefined)
    assert.equal(decodeQuantity(`0x1${'0'.repeat(64)}`), undefined)
  })

  test('behavior: decodes string and bytes32 returns', () => {
    assert.equal(decodeAbiString(abiString('USD Coin')), 'USD Coin')
    assert.equal(decodeAbiString(abiString('')), '')
    assert.equal(decodeAbiString(abiString('Ünïcødé 🦄')), 'Ünïcødé 🦄')
    assert.equal(decodeAbiString(abiString('x'.repeat(100))), 'x'.repeat(100))
    assert.equal(decodeAbiString(bytes32('MKR')), 'MKR')
    assert.equal(decodeAbiString(bytes32('Maker')), 'Maker')
  })

  test('error: garbage returns are refused', () => {
    // A number returned where a string is expected (bytes32 with leading zeros).
    assert.equal(decodeAbiString(`0x${word(5)}`), undefined)
    // bytes32 with text after the padding.
    assert.equal(decodeAbiString(`0x${hexOf('AB')}00${hexOf('C').padEnd(58, '0')}`), undefined)
    // Offset pointing outside the data.
    assert.equal(decodeAbiString(`0x${word(4096)}${word(3)}${hexOf('abc').padEnd(64, '0')}`), undefined)
    // Length running past the end.
    assert.equal(decodeAbiString(`0x${word(32)}${word(200)}${hexOf('abc').padEnd(64, '0')}`), undefined)
    // Absurd length (a 2^255 word).
    assert.equal(decodeAbiString(`0x${word(32)}${word(2n ** 255n)}${'0'.repeat(64)}`), undefined)
    // Over 1 KiB of "name".
    assert.equal(decodeAbiString(abiString('x'.repeat(1025))), undefined)
    // Not word aligned, not hex, invalid UTF-8.
    assert.equal(decodeAbiString(`0x${word(32)}${word(1)}41`), undefined)
    assert.equal(decodeAbiString('0xnothex'), undefined)
    assert.equal(decodeAbiString(`0x${word(32)}${word(2)}${'c328'.padEnd(64, '0')}`), undefined)
    assert.equal(decodeAbiString(undefined), undefined)
  })

  test('behavior: token text is stripped of controls and bidi tricks, and capped', () => {
    assert.equal(sanitizeTokenText('USD\nCoin\t\u0000', 64), 'USD Coin')
    assert.equal(sanitizeTokenText('\u202eCDSU\u202c', 32), 'CDSU')
    assert.equal(sanitizeTokenText('US\u200bDC', 32), 'USDC')
    assert.equal(sanitizeTokenText('   \u0007  ', 32), '')
    assert.equal(sanitizeTokenText('a'.repeat(40), 32), `${'a'.repeat(31)}…`)
    assert.equal(sanitizeTokenText('🦄'.repeat(40), 10), `${'🦄'.repeat(9)}…`)
    assert.equal(sanitizeTokenText('<img src=x onerror=alert(1)>', 64), '<img src=x onerror=alert(1)>')
  })
})

describe('JSON-RPC batching', () => {
  test('behavior: one POST per balance refresh, answers matched by id', async () => {
    const recorded: Recorded = { calls: 0, bodies: [] }
    const other = '0x00000000000000000000000000000000000000aa'
    const fetch = fakeNode((request) => {
      if (request.method === 'eth_getBalance') return '0xde0b6b3a7640000'
      const [call] = request.params as [{ to: string }]
      if (call.to === other) return new Error('execution reverted')
      return `0x${word(2_500_000n)}`
    }, recorded)
    const balances = await readBalances(
      'ethereum',
      ACCOUNT_0,
      [NATIVE_CURRENCY_ADDRESS, TOKEN, TOKEN.toLowerCase(), other, 'junk'],
      {
        rpcUrl: 'http://node.invalid',
        fetch,
      },
    )
    assert.equal(recorded.calls, 1)
    assert.deepEqual(
      recorded.bodies[0]?.map((request) => request.method),
      ['eth_getBalance', 'eth_call', 'eth_call'],
      'deduplicated case-insensitively, invalid addresses skipped',
    )
    assert.deepEqual(recorded.bodies[0]?.[1]?.params, [
      { to: TOKEN.toLowerCase(), data: encodeBalanceOf(ACCOUNT_0) },
      'latest',
    ])
    assert.deepEqual(
      [...balances],
      [
        [NATIVE_CURRENCY_ADDRESS, 10n ** 18n],
        [TOKEN.toLowerCase(), 2_500_000n],
      ],
      'a reverted balanceOf is unknown, not zero',
    )
  })

  test('behavior: no addresses, no request', async () => {
    const recorded: Recorded = { calls: 0, bodies: [] }
    const balances = await readBalances('ethereum', ACCOUNT_0, [], {
      rpcUrl: 'http://node.invalid',
      fetch: fakeNode(() => '0x0', recorded),
    })
    assert.equal(balances.size, 0)
    assert.equal(recorded.calls, 0)
  })

  test('behavior: a garbage balance answer leaves that balance out', async () => {
    const balances = await readBalances('ethereum', ACCOUNT_0, [NATIVE_CURRENCY_ADDRESS, TOKEN], {
      rpcUrl: 'http://node.invalid',
      fetch: fakeNode((request) => (request.method === 'eth_getBalance' ? 'lots' : '0x1234')),
    })
    assert.equal(balances.size, 0)
  })

  const requests: RpcRequest[] = [
    { method: 'eth_chainId', params: [] },
    { method: 'eth_blockNumber', params: [] },
  ]
  const cases: [string, typeof fetch, RegExp][] = [
    ['not JSON', rawNode('<html>'), /not JSON/],
    ['HTTP 500', rawNode('oops', 500), /HTTP 500/],
    [
      'a batch-level error',
      rawNode('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"no batches"}}'),
      /refused/,
    ],
    ['an object, not a batch', rawNode('{"jsonrpc":"2.0","id":1,"result":"0x1"}'), /batch answer/],
    ['a missing entry', rawNode('[{"jsonrpc":"2.0","id":1,"result":"0x1"}]'), /missing/],
    [
      'an unknown id',
      rawNode('[{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":7,"result":"0x1"}]'),
      /unknown id/,
    ],
    [
      'a duplicate id',
      rawNode('[{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":1,"result":"0x1"}]'),
      /Duplicate/,
    ],
    [
      'an entry without result or error',
      rawNode('[{"jsonrpc":"2.0","id":1},{"jsonrpc":"2.0","id":2}]'),
      /neither/,
    ],
    [
      'a non-2.0 entry',
      rawNode('[{"id":1,"result":"0x1"},{"jsonrpc":"2.0","id":2,"result":"0x1"}]'),
      /Malformed/,
    ],
    [
      'an unreachable node',
      (async () => {
        throw new TypeError('fetch failed')
      }) as typeof fetch,
      /could not be reached/,
    ],
  ]
  for (const [name, fetch, message] of cases) {
    test(`error: ${name} is refused`, async () => {
      await assert.rejects(rpcBatch('http://node.invalid', requests, { fetch }), (error: unknown) => {
        assert.ok(error instanceof RpcError)
        assert.match(error.message, message)
        return true
      })
    })
  }

  test('error: no RPC URL for the network', async () => {
    await assert.rejects(readBalances('nowhere', ACCOUNT_0, [NATIVE_CURRENCY_ADDRESS]), {
      code: 'NO_RPC_URL',
    })
  })

  test('behavior: token metadata in one batch, sanitised', async () => {
    const recorded: Recorded = { calls: 0, bodies: [] }
    const fetch = fakeNode((request) => {
      if (request.method === 'eth_getCode') return '0x6080'
      const [call] = request.params as [{ data: string }]
      if (call.data === '0x95d89b41') return abiString('\u202eSCAM\n')
      if (call.data === '0x06fdde03') return bytes32('Scam Token')
      return `0x${word(18)}`
    }, recorded)
    const metadata = await readErc20Metadata('ethereum', TOKEN, { rpcUrl: 'http://node.invalid', fetch })
    assert.deepEqual(metadata, { address: TOKEN, symbol: 'SCAM', name: 'Scam Token', decimals: 18 })
    assert.equal(recorded.calls, 1)
    assert.deepEqual(
      recorded.bodies[0]?.map((request) => request.method),
      ['eth_getCode', 'eth_call', 'eth_call', 'eth_call'],
    )
  })

  test('error: metadata of an account, a non-token and a bad decimals()', async () => {
    const options = (answer: (request: { method: string; params: unknown[] }) => unknown) => ({
      rpcUrl: 'http://node.invalid',
      fetch: fakeNode(answer),
    })
    await assert.rejects(
      readErc20Metadata(
        'ethereum',
        TOKEN,
        options(() => '0x'),
      ),
      { code: 'NOT_A_CONTRACT' },
    )
    await assert.rejects(
      readErc20Metadata(
        'ethereum',
        TOKEN,
        options((request) => (request.method === 'eth_getCode' ? '0x60' : new Error('revert'))),
      ),
      { code: 'NOT_A_TOKEN' },
    )
    await assert.rejects(
      readErc20Metadata(
        'ethereum',
        TOKEN,
        options((request) => {
          if (request.method === 'eth_getCode') return '0x60'
          const [call] = request.params as [{ data: string }]
          return call.data === '0x313ce567' ? `0x${word(256)}` : abiString('X')
        }),
      ),
      { code: 'NOT_A_TOKEN' },
    )
    await assert.rejects(
      readErc20Metadata(
        'ethereum',
        NATIVE_CURRENCY_ADDRESS,
        options(() => '0x'),
      ),
      {
        code: 'INVALID_ARGUMENT',
      },
    )
  })
})

describe('against a real devnet', () => {
  // Port base 25900: the selector helper's own range.
  let devnet: Devnet
  before(async () => {
    devnet = await startDevnet({ networks: ['ethereum'], portBase: 25900 })
  })
  after(async () => {
    await devnet?.stop()
  })

  test('behavior: balances equal what the chain says, metadata matches the manifest', async () => {
    const network = devnet.manifest.networks.ethereum
    assert.ok(network)
    const rpcUrl = network.rpcUrl
    const { public: client, wallet } = devnetClients(devnet.manifest, 'ethereum', 0)
    const usdc = network.tokens.find((token) => token.symbol === 'USDC' && token.safety === 'verified')
    assert.ok(usdc)
    // A fresh holder with a known, non-round balance.
    const holder = '0x000000000000000000000000000000000000bEEF'
    const hash = await wallet.writeContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [holder, 1_234_567n],
    })
    await client.waitForTransactionReceipt({ hash })

    const balanceOf = (address: `0x${string}`, owner: `0x${string}`): Promise<bigint> =>
      client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    const tokens: readonly { symbol: string; name: string; decimals: number; address: `0x${string}` }[] =
      network.tokens
    const addresses = [NATIVE_CURRENCY_ADDRESS, ...tokens.map((token) => token.address)]
    for (const account of [ACCOUNT_0, holder] as const) {
      const balances = await readBalances('ethereum', account, addresses, { rpcUrl })
      assert.equal(balances.get(NATIVE_CURRENCY_ADDRESS), await client.getBalance({ address: account }))
      for (const token of tokens) {
        const expected = await balanceOf(token.address, account)
        assert.equal(balances.get(token.address.toLowerCase()), expected, `${token.symbol} of ${account}`)
      }
    }
    const holderBalances = await readBalances('ethereum', holder, [usdc.address], { rpcUrl })
    assert.equal(holderBalances.get(usdc.address.toLowerCase()), 1_234_567n)

    for (const token of tokens) {
      const metadata = await readErc20Metadata('ethereum', token.address, { rpcUrl })
      assert.deepEqual(
        metadata,
        { address: token.address, symbol: token.symbol, name: token.name, decimals: token.decimals },
        token.symbol,
      )
    }
    await assert.rejects(readErc20Metadata('ethereum', ACCOUNT_0, { rpcUrl }), { code: 'NOT_A_CONTRACT' })
    assert.equal(await isContract('ethereum', ACCOUNT_0, { rpcUrl }), false)
    assert.equal(await isContract('ethereum', usdc.address, { rpcUrl }), true)
    // A contract that is not a token (the v2 factory has no symbol()/decimals()).
    const factory = network.contracts.v2Factory
    assert.ok(factory)
    await assert.rejects(readErc20Metadata('ethereum', factory, { rpcUrl }), { code: 'NOT_A_TOKEN' })
  })
})
