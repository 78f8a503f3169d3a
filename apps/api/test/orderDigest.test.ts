/**
 * The direct order hash, Permit2 digest and signer recovery (src/orders/orderDigest.ts) against the
 * UniswapX SDK's `hash()`, `SignatureTransfer.hash` (via `permitData`) and `getSigner`, for limit
 * orders and for Dutch orders using every field; the direct decoding (src/orders/orderDecode.ts)
 * against the SDK's `parse`; and the signature forms Permit2 accepts.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  type Address,
  type Hex,
  hashTypedData,
  keccak256,
  parseSignature,
  recoverAddress,
  serializeCompactSignature,
  signatureToCompactSignature,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { buildLimitOrder, limitOrderTypedData } from '../src/orders/limitOrder.ts'
import { checkOrder } from '../src/orders/orderCheck.ts'
import { decodeDutchOrder } from '../src/orders/orderDecode.ts'
import { dutchOrderHashes, permit2Signer } from '../src/orders/orderDigest.ts'
import {
  libsecp256k1Recovery,
  nobleRecovery,
  orderSigner,
  type Recovery,
  signerLibrary,
} from '../src/orders/orderSigner.ts'
import { DutchOrder } from '../src/orders/uniswapx.ts'

const address = (seed: string) => keccak256(toHex(seed)).slice(0, 42) as Address
const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3' as Address
const swapper = privateKeyToAccount(generatePrivateKey())

const limitOrder = (chainId: number, nonce: bigint) =>
  buildLimitOrder({
    chainId,
    reactor: address('reactor'),
    permit2,
    swapper: swapper.address,
    nonce,
    deadline: 1_900_000_000,
    inputToken: address('usdc'),
    inputAmount: 123_456_789n,
    outputToken: address('weth'),
    outputAmount: 2n ** 128n - 1n,
  })

/** A Dutch order with decay, an exclusive filler, validation data and two outputs. */
const fullOrder = DutchOrder.fromJSON(
  {
    reactor: address('reactor'),
    swapper: swapper.address,
    nonce: (2n ** 200n + 77n).toString(),
    deadline: 1_800_000_000,
    additionalValidationContract: address('validation'),
    additionalValidationData: '0xdeadbeef00112233',
    decayStartTime: 1_700_000_000,
    decayEndTime: 1_700_000_600,
    exclusiveFiller: address('filler'),
    exclusivityOverrideBps: '300',
    input: { token: address('dai'), startAmount: '1000', endAmount: '2000' },
    outputs: [
      { token: address('weth'), startAmount: '50', endAmount: '40', recipient: swapper.address },
      { token: address('weth'), startAmount: '5', endAmount: '4', recipient: address('fee') },
    ],
  },
  10,
  permit2,
)

for (const [name, order] of [
  ['limit order on chain 1', limitOrder(1, 1n)],
  ['limit order on chain 8453, nonce 2^64-1', limitOrder(8453, 2n ** 64n - 1n)],
  ['Dutch order using every field', fullOrder],
] as const) {
  test(`${name}: order hash, Permit2 digest and signer as the SDK computes them`, async () => {
    const parsed = DutchOrder.parse(order.serialize(), order.chainId, permit2)
    const { orderHash, permitDigest } = dutchOrderHashes(parsed.toJSON(), order.chainId, permit2)
    assert.equal(orderHash, parsed.hash())
    assert.equal(permitDigest, hashTypedData(limitOrderTypedData(parsed)))
    const signature = await swapper.signTypedData(limitOrderTypedData(parsed))
    assert.equal(await permit2Signer(permitDigest, signature), parsed.getSigner(signature))
    assert.equal(await permit2Signer(permitDigest, signature), swapper.address)
  })

  test(`${name}: decoded directly as the SDK parses it; other encodings left to the SDK`, async () => {
    const encoded = order.serialize() as Hex
    const sdk = DutchOrder.parse(encoded, order.chainId, permit2).toJSON()
    assert.deepEqual(decodeDutchOrder(encoded, order.chainId, permit2), sdk)
    assert.deepEqual(
      decodeDutchOrder(encoded.toUpperCase().replace('0X', '0x') as Hex, order.chainId, permit2),
      sdk,
    )
    const signature = await swapper.signTypedData(
      limitOrderTypedData(DutchOrder.fromJSON(sdk, order.chainId, permit2)),
    )
    const checked = await checkOrder({ encodedOrder: encoded, chainId: order.chainId, permit2, signature })
    assert.ok(checked.ok)
    assert.deepEqual(checked.order, sdk)
    assert.equal(checked.orderHash, order.hash())
    // not canonical: a trailing word, a dirty address word, a bad length, an offset elsewhere,
    // a deadline beyond 2^53: the direct decoder declines and checkOrder answers as the SDK does
    const words = encoded.slice(2).match(/.{64}/g) as string[]
    const at = (i: number, w: string) => `0x${words.map((x, j) => (j === i ? w : x)).join('')}` as Hex
    const variants = [
      `${encoded}${'0'.repeat(64)}` as Hex,
      at(10, `01${words[10]?.slice(2)}`),
      encoded.slice(0, -2) as Hex,
      at(0, (64).toString(16).padStart(64, '0')),
      at(13, (2n ** 53n).toString(16).padStart(64, '0')),
      '0x' as Hex,
      '0x1234' as Hex,
    ]
    for (const variant of variants) {
      assert.equal(decodeDutchOrder(variant, order.chainId, permit2), null)
      let viaSdk: ReturnType<DutchOrder['toJSON']> | null = null
      try {
        viaSdk = DutchOrder.parse(variant, order.chainId, permit2).toJSON()
      } catch {}
      const result = await checkOrder({ encodedOrder: variant, chainId: order.chainId, permit2, signature })
      if (viaSdk === null) assert.equal(result.ok, false)
      else assert.deepEqual(result.ok && result.order, viaSdk)
    }
  })
}

test('signatures: 65 bytes with v 27/28 and 64-byte EIP-2098 recover the swapper; others refused', async () => {
  const { permitDigest } = dutchOrderHashes(limitOrder(1, 9n).toJSON(), 1, permit2)
  const signature = await swapper.sign({ hash: permitDigest })
  assert.equal(await permit2Signer(permitDigest, signature), swapper.address)
  const compact = serializeCompactSignature(signatureToCompactSignature(parseSignature(signature)))
  assert.equal(compact.length, 2 + 128)
  assert.equal(await permit2Signer(permitDigest, compact), swapper.address)
  // v 0/1: ecrecover (and so Permit2) refuses it, though ethers would accept it.
  const v01 = `${signature.slice(0, 130)}${signature.endsWith('1b') ? '00' : '01'}` as Hex
  await assert.rejects(permit2Signer(permitDigest, v01))
  await assert.rejects(permit2Signer(permitDigest, `${signature}00` as Hex))
  await assert.rejects(permit2Signer(permitDigest, signature.slice(0, 120) as Hex))
  // r = 0, s = 0.
  await assert.rejects(permit2Signer(permitDigest, `0x${'0'.repeat(64)}${signature.slice(66)}` as Hex))
  await assert.rejects(permit2Signer(permitDigest, `${signature.slice(0, 66)}${'0'.repeat(64)}1b` as Hex))
  // Another digest: some other address, never the swapper.
  const other = await permit2Signer(keccak256('0x01'), signature)
  assert.notEqual(other, swapper.address)
})

test('libsecp256k1 recovers the signers here (its prebuilt binary loads, not the JS fallback)', () => {
  // CI and the devnet run on linux-x64, where the secp256k1 package ships its binary
  assert.equal(signerLibrary, 'libsecp256k1')
  assert.notEqual(libsecp256k1Recovery, null)
})

test('orderSigner answers as ecrecover: both parities, high s, compact, another key, refusals', async () => {
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
  const digest = (nonce: bigint) => dutchOrderHashes(limitOrder(1, nonce).toJSON(), 1, permit2).permitDigest
  const words = (signature: Hex) => ({
    r: signature.slice(2, 66),
    s: BigInt(`0x${signature.slice(66, 130)}`),
    v: Number.parseInt(signature.slice(130), 16),
  })
  const signature = (r: string, s: bigint, v: number) =>
    `0x${r}${s.toString(16).padStart(64, '0')}${v.toString(16)}` as Hex
  const d = digest(4n)
  const signed = await swapper.sign({ hash: d })
  assert.equal(orderSigner(d, signed), swapper.address)
  const { r, s, v } = words(signed)
  const compact = serializeCompactSignature(signatureToCompactSignature(parseSignature(signed)))
  assert.equal(orderSigner(d, compact), swapper.address)
  // (r, n − s) with the other v: ecrecover gives the swapper too (Permit2 takes high s)
  const high = signature(r, n - s, v === 27 ? 28 : 27)
  assert.equal(orderSigner(d, high), swapper.address)
  assert.equal(await recoverAddress({ hash: d, signature: high }), swapper.address)
  // a valid ECDSA signature of the key that ecrecover still maps elsewhere: the wrong parity
  for (const wrong of [signature(r, s, v === 27 ? 28 : 27), signature(r, n - s, v)]) {
    const recovered = orderSigner(d, wrong)
    assert.notEqual(recovered, swapper.address)
    assert.equal(recovered, await recoverAddress({ hash: d, signature: wrong }))
  }
  // another digest, another key, and signatures Permit2 refuses
  assert.notEqual(orderSigner(digest(5n), signed), swapper.address)
  const other = privateKeyToAccount(generatePrivateKey())
  assert.equal(orderSigner(d, await other.sign({ hash: d })), other.address)
  assert.equal(orderSigner(d, `${signed.slice(0, 130)}00` as Hex), null)
  assert.equal(orderSigner(d, signature('0'.repeat(64), s, v)), null)
  assert.equal(orderSigner(d, signature(r, 0n, v)), null)
  assert.equal(orderSigner(d, signature(n.toString(16), s, v)), null)
  assert.equal(orderSigner(d, signature(r, n, v)), null)
  // r = 5 is no curve point's x: ecrecover finds no key
  assert.equal(orderSigner(d, signature('5'.padStart(64, '0'), s, v)), null)
})

test("libsecp256k1 and noble give ecrecover's signer: random keys, both parities, high s, garbage r", async () => {
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
  const noble = async (hash: Hex, signature: Hex) => {
    try {
      return await recoverAddress({ hash, signature })
    } catch {
      return null
    }
  }
  const ours = async (hash: Hex, signature: Hex, recovery: Recovery) => {
    try {
      return await permit2Signer(hash, signature, recovery)
    } catch {
      return null
    }
  }
  const libraries = [libsecp256k1Recovery, nobleRecovery].filter((r): r is Recovery => r !== null)
  for (let i = 0; i < 40; i++) {
    const account = privateKeyToAccount(generatePrivateKey())
    const hash = keccak256(toHex(`digest ${i} ${Math.random()}`))
    const signed = await account.sign({ hash })
    const r = signed.slice(2, 66)
    const s = BigInt(`0x${signed.slice(66, 130)}`)
    const v = Number.parseInt(signed.slice(130), 16)
    const word = (x: bigint) => x.toString(16).padStart(64, '0')
    const variants = [
      signed,
      `0x${r}${word(n - s)}${v === 27 ? '1c' : '1b'}`,
      `0x${r}${word(s)}${v === 27 ? '1c' : '1b'}`,
      `0x${keccak256(toHex(i)).slice(2)}${word(s)}1b`,
    ] as Hex[]
    assert.equal(orderSigner(hash, signed), account.address)
    for (const variant of variants) assert.equal(orderSigner(hash, variant), await noble(hash, variant))
    for (const recovery of libraries) {
      assert.equal(await ours(hash, signed, recovery), account.address)
      for (const variant of variants)
        assert.equal(await ours(hash, variant, recovery), await noble(hash, variant))
    }
  }
})
