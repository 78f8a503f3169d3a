/**
 * Address screening on the real API (devnet ethereum, port base 23100): GET /v1/screening/:address
 * answers from the configured list (any letter case; 400 for a malformed address; rate limited like
 * the other routes), and the trading (quote, swap, check_approval), orders (prepare, submit) and fiat
 * (orders, exchange transfers) endpoints refuse a blocked swapper, recipient or wallet with 403
 * ADDRESS_BLOCKED naming the field, while the same requests for a clean address go through.
 * The list's parsing and the config's start-up checks too.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { startDevnet } from '@oxbow/devnet'
import type { Manifest, NetworkDeployment } from '@oxbow/protocol'
import type { Hono } from 'hono'
import { type Address, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ApiModule } from '../src/app.ts'
import { readConfig } from '../src/config.ts'
import { createDatabase, type Database } from '../src/db/index.ts'
import { createFiatModule } from '../src/fiat/index.ts'
import { createSandboxAdapter } from '../src/fiat/sandboxAdapter.ts'
import { createOrdersModule } from '../src/orders/index.ts'
import {
  blocklistFromConfig,
  createListScreeningProvider,
  createScreeningModule,
  parseBlocklist,
  Screening,
} from '../src/screening/index.ts'
import { createTradingModule } from '../src/trading/index.ts'
import { buyEthFor100Usd } from './fiatKit.ts'
import { type Json, silent, testApp } from './kit.ts'
import { signedLimitOrder } from './orderKit.ts'

const PORT_BASE = 23100

describe('the block list', () => {
  test('parses commas, whitespace, new lines and comments; names what is not an address', () => {
    const list = parseBlocklist(
      '# devnet\n0xa0ee7a142d267c1f36714e4a8f75612f20a79720, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 # two\n\n',
      'test',
    )
    assert.deepEqual(list, [
      '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    ])
    assert.throws(
      () => parseBlocklist('0x1234, nope', 'OXBOW_BLOCKLIST'),
      /OXBOW_BLOCKLIST: not an address: 0x1234, nope/,
    )
  })

  test('the config refuses a malformed OXBOW_BLOCKLIST at start; a file is read and checked', async () => {
    assert.throws(
      () => readConfig({ OXBOW_BLOCKLIST: '0xabc' }),
      /Invalid API configuration: OXBOW_BLOCKLIST/,
    )
    const ok = readConfig({ OXBOW_BLOCKLIST: ' 0xa0Ee7A142d267C1f36714E4a8F75612F20a79720 ,' })
    const dir = mkdtempSync(join(tmpdir(), 'oxbow-blocklist-'))
    try {
      const file = join(dir, 'list.txt')
      writeFileSync(file, '0x70997970c51812dc3a010c7d01b50e0d17dc79c8\n')
      assert.deepEqual(await blocklistFromConfig({ ...ok, OXBOW_BLOCKLIST_FILE: file }), [
        '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
        '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      ])
      writeFileSync(file, 'not-an-address\n')
      await assert.rejects(
        blocklistFromConfig({ OXBOW_BLOCKLIST_FILE: file }),
        /not an address: not-an-address/,
      )
      await assert.rejects(
        blocklistFromConfig({ OXBOW_BLOCKLIST_FILE: join(dir, 'missing.txt') }),
        /OXBOW_BLOCKLIST_FILE: cannot read/,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('a provider that cannot answer is a 503, never a pass', async () => {
    const failing = new Screening({
      name: 'down',
      blocked: async () => {
        throw new Error('vendor down')
      },
    })
    await assert.rejects(
      failing.refuseBlocked({ swapper: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
      (error: Json) => error.code === 'SERVICE_UNAVAILABLE' && error.status === 503,
    )
  })
})

describe('screening on the real API', () => {
  let manifest: Manifest
  let eth: NetworkDeployment
  let stopDevnet: () => Promise<void>
  let app: Hono
  let db: Database
  const modules: ApiModule[] = []
  let blocked: Address
  let clean: Address

  const token = (symbol: string): Address => {
    const found = eth.tokens.find((t) => t.symbol === symbol && t.safety === 'verified')
    if (!found) throw new Error(`no ${symbol}`)
    return found.address
  }
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(`/v1${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    })
    return { status: response.status, json: (await response.json()) as Json }
  }
  const refused = (answer: { status: number; json: Json }, paths: string[]) => {
    assert.equal(answer.status, 403, JSON.stringify(answer.json))
    assert.equal(answer.json.error.code, 'ADDRESS_BLOCKED')
    assert.equal(answer.json.error.message, 'This address is blocked')
    assert.equal(answer.json.error.retryable, false)
    assert.deepEqual(
      answer.json.error.details.map((d: Json) => d.path),
      paths,
    )
  }
  const quoteBody = () => ({
    network: 'ethereum',
    tokenIn: 'ETH',
    tokenOut: token('USDC'),
    amount: parseUnits('0.1', 18).toString(),
    type: 'EXACT_INPUT',
  })

  before(async () => {
    const devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
    manifest = devnet.manifest
    stopDevnet = devnet.stop
    eth = manifest.networks.ethereum as NetworkDeployment
    // the last test account is the blocked one (as `npm start` blocks anvil's account 9)
    blocked = manifest.accounts[manifest.accounts.length - 1]!.address
    clean = manifest.accounts[1]!.address
    const screening = new Screening(createListScreeningProvider([blocked]), silent)
    db = await createDatabase()
    modules.push(
      createScreeningModule(screening),
      await createTradingModule(manifest, silent, { pollMs: 3_600_000, screening }),
      await createOrdersModule({ manifest, db, log: silent, trackIntervalMs: 3_600_000, screening }),
      await createFiatModule({
        db,
        // nothing listens there: a refusal must come before any provider is asked
        adapters: [
          createSandboxAdapter({
            id: 'beacon',
            name: 'Beacon',
            kind: 'ramp',
            baseUrl: `http://127.0.0.1:${PORT_BASE + 99}/beacon`,
            credentials: async () => ({ apiKey: 'k', secretKey: 's', webhookSecret: 'w' }),
          }),
          createSandboxAdapter({
            id: 'coinbridge',
            name: 'Coinbridge',
            kind: 'exchange',
            baseUrl: `http://127.0.0.1:${PORT_BASE + 99}/coinbridge`,
            credentials: async () => ({ apiKey: 'k', secretKey: 's', webhookSecret: 'w' }),
          }),
        ],
        webOrigins: ['http://localhost:5173'],
        log: silent,
        quoteTimeoutMs: 300,
        screening,
      }),
    )
    app = testApp(modules)
  })
  after(async () => {
    for (const module of modules) await module.close?.()
    await db?.close()
    await stopDevnet?.()
  })

  test('GET /v1/screening/:address answers from the list, in any letter case', async () => {
    assert.deepEqual((await request('GET', `/screening/${blocked}`)).json, {
      address: blocked,
      blocked: true,
    })
    assert.deepEqual((await request('GET', `/screening/${blocked.toLowerCase()}`)).json, {
      address: blocked,
      blocked: true,
    })
    const answer = await request('GET', `/screening/${clean}`)
    assert.equal(answer.status, 200)
    assert.deepEqual(answer.json, { address: clean, blocked: false })
  })

  test('a malformed address is a typed 400', async () => {
    for (const bad of ['0x1234', 'hello', `${clean}00`, `0x${'g'.repeat(40)}`]) {
      const answer = await request('GET', `/screening/${bad}`)
      assert.equal(answer.status, 400, bad)
      assert.equal(answer.json.error.code, 'INVALID_INPUT')
      assert.equal(answer.json.error.details[0].path, 'address')
    }
    // a mixed-case address whose checksum does not hold is mistyped
    assert.equal((await request('GET', '/screening/0xA0Ee7A142d267C1f36714E4a8F75612F20a79720')).status, 400)
  })

  test('the screening route is rate limited like every /v1 route', async () => {
    const limited = testApp(modules, { perMinute: 1, burst: 2 })
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await limited.request(`/v1/screening/${clean}`)).status)
    assert.deepEqual(statuses, [200, 200, 429])
  })

  test('quotes: a blocked swapper or recipient is refused with 403, a clean one is quoted', async () => {
    refused(await request('POST', '/quote', { ...quoteBody(), swapper: blocked }), ['swapper'])
    refused(await request('POST', '/quote', { ...quoteBody(), recipient: blocked.toLowerCase() }), [
      'recipient',
    ])
    refused(await request('POST', '/quote', { ...quoteBody(), swapper: blocked, recipient: blocked }), [
      'swapper',
      'recipient',
    ])
    const ok = await request('POST', '/quote', { ...quoteBody(), swapper: clean, recipient: clean })
    assert.equal(ok.status, 200, JSON.stringify(ok.json))
    assert.ok(BigInt(ok.json.amountOut) > 0n)
  })

  test('swaps and approvals: a blocked swapper, recipient or wallet is refused before any calldata', async () => {
    refused(await request('POST', '/swap', { ...quoteBody(), swapper: blocked }), ['swapper'])
    refused(await request('POST', '/swap', { ...quoteBody(), swapper: clean, recipient: blocked }), [
      'recipient',
    ])
    const ok = await request('POST', '/swap', { ...quoteBody(), swapper: clean })
    assert.equal(ok.status, 200, JSON.stringify(ok.json))
    assert.equal(ok.json.status, 'READY')
    const approval = { network: 'ethereum', token: token('USDC'), amount: '1000000' }
    refused(await request('POST', '/check_approval', { ...approval, walletAddress: blocked }), [
      'walletAddress',
    ])
    assert.equal(
      (await request('POST', '/check_approval', { ...approval, walletAddress: clean })).status,
      200,
    )
  })

  test('limit orders: preparing or submitting one for a blocked swapper is refused', async () => {
    const terms = {
      chainId: eth.chainId,
      inputToken: token('USDC'),
      inputAmount: '1000000000',
      outputToken: token('WETH'),
      outputAmount: '1000000000000000000',
      deadline: Math.floor(Date.now() / 1000) + 86_400,
    }
    refused(await request('POST', '/orders/prepare', { ...terms, swapper: blocked }), ['swapper'])
    assert.equal((await request('POST', '/orders/prepare', { ...terms, swapper: clean })).status, 200)
    const signer = privateKeyToAccount(manifest.accounts[manifest.accounts.length - 1]!.privateKey)
    const { body } = await signedLimitOrder(eth, signer, {
      nonce: 7n,
      deadline: terms.deadline,
      inputToken: terms.inputToken,
      inputAmount: BigInt(terms.inputAmount),
      outputToken: terms.outputToken,
      outputAmount: BigInt(terms.outputAmount),
    })
    refused(await request('POST', '/orders', body), ['swapper'])
    assert.equal((await request('GET', `/orders?swapper=${blocked}`)).json.orders.length, 0)
  })

  test('fiat: an order or exchange transfer for a blocked wallet is refused, nothing stored', async () => {
    const redirectUrl = 'http://localhost:5173/buy'
    refused(
      await request('POST', '/fiat/orders', {
        provider: 'beacon',
        ...buyEthFor100Usd,
        walletAddress: blocked.toLowerCase(),
        redirectUrl,
      }),
      ['walletAddress'],
    )
    refused(
      await request('POST', '/fiat/exchange-transfers', {
        provider: 'coinbridge',
        network: 'ethereum',
        walletAddress: blocked,
        redirectUrl,
      }),
      ['walletAddress'],
    )
    assert.deepEqual((await request('GET', `/fiat/orders?walletAddress=${blocked}`)).json.orders, [])
  })
})
