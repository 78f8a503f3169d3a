/**
 * The order threads (src/orders/orderThread.ts): a burst of signed orders split across several
 * worker threads is answered exactly as `checkOrder` answers each in this thread (hash, terms,
 * signer; a forged signature's signer and a malformed order too), and closing ends the threads.
 * No chain needed.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type Address, type Hex, keccak256, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { buildLimitOrder, limitOrderTypedData } from '../src/orders/limitOrder.ts'
import { checkOrder, type OrderToCheck } from '../src/orders/orderCheck.ts'
import { createOrderThread } from '../src/orders/orderThread.ts'

const address = (seed: string) => keccak256(toHex(seed)).slice(0, 42) as Address
const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3' as Address
const chainId = 1

async function signed(nonce: bigint, signerKey: Hex, swapperKey = signerKey): Promise<OrderToCheck> {
  const signer = privateKeyToAccount(signerKey)
  const order = buildLimitOrder({
    chainId,
    reactor: address('reactor'),
    permit2,
    swapper: privateKeyToAccount(swapperKey).address,
    nonce,
    deadline: 1_900_000_000,
    inputToken: address('usdc'),
    inputAmount: 1_000_000n + nonce,
    outputToken: address('weth'),
    outputAmount: 10n ** 15n,
  })
  const signature = await signer.signTypedData(limitOrderTypedData(order))
  return { encodedOrder: order.serialize() as Hex, chainId, permit2, signature }
}

test('behavior: a burst split across three threads answers as checkOrder does, order by order', async () => {
  const keys = Array.from({ length: 4 }, () => generatePrivateKey())
  const inputs: OrderToCheck[] = []
  for (let i = 0; i < 30; i++) inputs.push(await signed(BigInt(i), keys[i % 4] as Hex))
  // signed by another key than the swapper's, a signature that is none, an order that is none
  inputs.push(await signed(99n, keys[0] as Hex, keys[1] as Hex))
  inputs.push({ ...(inputs[0] as OrderToCheck), signature: `0x${'00'.repeat(65)}` })
  inputs.push({ ...(inputs[0] as OrderToCheck), encodedOrder: '0x1234' })

  const threads = createOrderThread(3)
  try {
    // the first check starts one thread, which starts the other two once loaded
    assert.deepEqual(
      await threads.check(inputs[0] as OrderToCheck),
      await checkOrder(inputs[0] as OrderToCheck),
    )
    const until = Date.now() + 60_000
    while (threads.readyThreads() < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
    assert.equal(threads.readyThreads(), 3)
    // all in one turn of the event loop: one batch, split across the threads
    const answers = await Promise.all(inputs.map((input) => threads.check(input)))
    const expected = await Promise.all(inputs.map((input) => checkOrder(input)))
    assert.deepEqual(answers, expected)
    for (let i = 0; i < 30; i++) {
      const answer = answers[i]
      assert.ok(answer?.ok)
      assert.equal(answer.signer, privateKeyToAccount(keys[i % 4] as Hex).address)
    }
    const forged = answers[30]
    assert.ok(forged?.ok)
    assert.equal(forged.signer, privateKeyToAccount(keys[0] as Hex).address)
    assert.notEqual(forged.signer, forged.order.swapper)
    assert.ok(answers[31]?.ok && answers[31].signer === null)
    assert.deepEqual(answers[32], { ok: false })
    // a second burst, after the first: answered again in the threads
    assert.deepEqual(await Promise.all(inputs.slice(0, 5).map((i) => threads.check(i))), expected.slice(0, 5))
  } finally {
    await threads.close()
  }
  // closed: checked in this thread
  assert.deepEqual(
    await threads.check(inputs[0] as OrderToCheck),
    await checkOrder(inputs[0] as OrderToCheck),
  )
})
