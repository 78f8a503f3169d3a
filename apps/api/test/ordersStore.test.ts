/**
 * The order store's batched writes (group commit), once on embedded PGlite and once on a
 * PostgreSQL server: orders submitted together are written together, yet the limit of open orders
 * per account, duplicate orders and nonces, and the `openOrders` answers are exactly what one
 * transaction per order gave. No chain needed: the service's checks are in orders.test.ts.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { MAX_OPEN_LIMIT_ORDERS } from '@oxbow/core'
import { postgresSkipReason, startTestPostgres } from '@oxbow/devnet'
import { type Address, getAddress, type Hex, keccak256, toHex } from 'viem'
import { createDatabase, type Database } from '../src/db/index.ts'
import { createOrderStore, type NewOrder, type OrderStore } from '../src/orders/store.ts'

const addressOf = (seed: string): Address => getAddress(keccak256(toHex(seed)).slice(0, 42))

function order(swapper: Address, nonce: bigint, chainId = 1): NewOrder {
  return {
    orderHash: keccak256(toHex(`${chainId}:${swapper}:${nonce}`)),
    chainId,
    swapper,
    reactor: addressOf('reactor'),
    nonce,
    deadline: 2_000_000_000,
    inputToken: addressOf('usdc'),
    inputAmount: 1_000_000n + nonce,
    outputToken: addressOf('weth'),
    outputAmount: 10n ** 15n,
    encodedOrder: '0x00' as Hex,
    signature: '0x01' as Hex,
  }
}

const databases = [
  {
    kind: 'PGlite',
    skip: false as string | false,
    open: async () => ({ url: undefined, stop: async () => {} }),
  },
  {
    kind: 'PostgreSQL',
    skip: postgresSkipReason(),
    open: async () => {
      const server = await startTestPostgres()
      return { url: server.url, stop: () => server.stop() }
    },
  },
]

for (const database of databases) {
  describe(`order store on ${database.kind}`, { skip: database.skip }, () => {
    let db: Database
    let store: OrderStore
    let stop: () => Promise<void>
    before(async () => {
      const opened = await database.open()
      stop = opened.stop
      db = await createDatabase({ url: opened.url, schema: `orders_store_${Date.now()}` })
      store = await createOrderStore(db)
    })
    after(async () => {
      await db.close()
      await stop()
    })

    test('concurrent submissions: every order stored once, openOrders counts up per account', async () => {
      const a = addressOf('a')
      const b = addressOf('b')
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => store.insert(order(i % 2 ? a : b, BigInt(i)))),
      )
      assert.ok(results.every((r) => r.ok))
      const counts = (swapper: Address) =>
        results
          .filter((r) => r.ok && r.order.swapper === swapper)
          .map((r) => r.openOrders)
          .sort((x, y) => x - y)
      assert.deepEqual(
        counts(a),
        Array.from({ length: 20 }, (_, i) => i + 1),
      )
      assert.deepEqual(
        counts(b),
        Array.from({ length: 20 }, (_, i) => i + 1),
      )
      assert.equal(await store.countOpen(a), 20)
      const stored = await store.get(order(a, 1n).orderHash)
      assert.equal(stored?.status, 'opened')
      assert.equal(stored?.inputAmount, 1_000_001n)
      assert.deepEqual(
        (await store.history(order(a, 1n).orderHash)).map((h) => h.status),
        ['opened'],
      )
    })

    test('the same order or nonce twice in one batch, and again later: stored once', async () => {
      const c = addressOf('c')
      const same = order(c, 7n)
      const otherOrderSameNonce = { ...order(c, 7n), orderHash: keccak256(toHex('another order, nonce 7')) }
      // The first write is under way when the three arrive, so they are written as one batch.
      const [, first, second, third] = await Promise.all([
        store.insert(order(addressOf('c2'), 1n)),
        store.insert(same),
        store.insert(same),
        store.insert(otherOrderSameNonce as NewOrder),
      ])
      assert.equal(first?.ok, true)
      assert.deepEqual(second, { ok: false, reason: 'duplicate', openOrders: 1 })
      assert.equal(third?.ok, false)
      assert.deepEqual(await store.insert(same), { ok: false, reason: 'duplicate', openOrders: 1 })
      assert.equal(await store.countOpen(c), 1)
    })

    test(`at most ${MAX_OPEN_LIMIT_ORDERS} open orders per account, even submitted all at once`, async () => {
      const d = addressOf('d')
      const e = addressOf('e')
      const results = await Promise.all(
        Array.from({ length: MAX_OPEN_LIMIT_ORDERS + 20 }, (_, i) =>
          store.insert(order(d, BigInt(i))),
        ).concat(store.insert(order(e, 1n))),
      )
      const accepted = results.filter((r) => r.ok)
      assert.equal(accepted.length, MAX_OPEN_LIMIT_ORDERS + 1)
      const refused = results.filter((r) => !r.ok)
      assert.equal(refused.length, 20)
      for (const r of refused) assert.deepEqual(r, { ok: false, reason: 'too-many-open', openOrders: 100 })
      assert.equal(await store.countOpen(d), MAX_OPEN_LIMIT_ORDERS)
      assert.equal(await store.countOpen(e), 1)
    })

    test('an already stored order crowding the batch frees its place for the next one', async () => {
      const f = addressOf('f')
      for (let i = 0; i < MAX_OPEN_LIMIT_ORDERS - 1; i++)
        assert.ok((await store.insert(order(f, BigInt(i)))).ok)
      // 99 open: a resubmission of a stored order and then a new one. The resubmission is refused
      // as a duplicate, so the new order is the 100th.
      const [, again, fresh, over] = await Promise.all([
        store.insert(order(addressOf('f2'), 1n)),
        store.insert(order(f, 5n)),
        store.insert(order(f, 500n)),
        store.insert(order(f, 501n)),
      ])
      assert.deepEqual(again, { ok: false, reason: 'duplicate', openOrders: 99 })
      assert.equal(fresh?.ok, true)
      assert.equal(fresh?.openOrders, 100)
      assert.deepEqual(over, { ok: false, reason: 'too-many-open', openOrders: 100 })
      assert.equal(await store.countOpen(f), MAX_OPEN_LIMIT_ORDERS)
    })

    test('a settled order frees its place', async () => {
      const f = addressOf('f')
      assert.equal(await store.settle(order(f, 0n).orderHash, 'canceled', null), true)
      const result = await store.insert(order(f, 600n))
      assert.equal(result.ok, true)
      assert.equal(result.openOrders, 100)
    })
  })
}
