/**
 * The hashes and the signer of a UniswapX Dutch order, computed directly: EIP-712 struct hashes
 * over fixed 32-byte words with the type hashes computed once. The SDK computes the same through
 * ethers' generic typed-data encoder, which rebuilds the types for every call (about 2 ms each for
 * the order hash and the Permit2 digest, a quarter of a submission's CPU); test/orderDigest.test.ts
 * checks both against the SDK.
 * - `orderHash`: the reactor's order hash (the SDK's `order.hash()`), also the Permit2 witness.
 * - `permitDigest`: what the swapper signs, Permit2's `PermitWitnessTransferFrom` with the order as
 *   witness (the SDK's `SignatureTransfer.hash(order.toPermit(), permit2, chainId, order.witness())`).
 * - `permit2Signer` (orderSigner.ts): the signer as Permit2's `SignatureVerification` recovers it.
 */
import { type Address, type Hex, hashDomain, keccak256, toHex } from 'viem'
import type { DutchOrderTerms } from './orderDecode.ts'

const typeHash = (type: string) => keccak256(toHex(type))

const ORDER_INFO_TYPE =
  'OrderInfo(address reactor,address swapper,uint256 nonce,uint256 deadline,address additionalValidationContract,bytes additionalValidationData)'
const DUTCH_OUTPUT_TYPE = 'DutchOutput(address token,uint256 startAmount,uint256 endAmount,address recipient)'
const EXCLUSIVE_DUTCH_ORDER_TYPE =
  'ExclusiveDutchOrder(OrderInfo info,uint256 decayStartTime,uint256 decayEndTime,address exclusiveFiller,uint256 exclusivityOverrideBps,address inputToken,uint256 inputStartAmount,uint256 inputEndAmount,DutchOutput[] outputs)'
const TOKEN_PERMISSIONS_TYPE = 'TokenPermissions(address token,uint256 amount)'
/** EIP-712 `encodeType`: the primary type, then the types it references in alphabetical order. */
const ORDER_INFO_TYPEHASH = typeHash(ORDER_INFO_TYPE)
const DUTCH_OUTPUT_TYPEHASH = typeHash(DUTCH_OUTPUT_TYPE)
const EXCLUSIVE_DUTCH_ORDER_TYPEHASH = typeHash(
  EXCLUSIVE_DUTCH_ORDER_TYPE + DUTCH_OUTPUT_TYPE + ORDER_INFO_TYPE,
)
const TOKEN_PERMISSIONS_TYPEHASH = typeHash(TOKEN_PERMISSIONS_TYPE)
const PERMIT_WITNESS_TRANSFER_FROM_TYPEHASH = typeHash(
  `PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,ExclusiveDutchOrder witness)${DUTCH_OUTPUT_TYPE}${EXCLUSIVE_DUTCH_ORDER_TYPE}${ORDER_INFO_TYPE}${TOKEN_PERMISSIONS_TYPE}`,
)

const UINT256_MAX = 2n ** 256n - 1n

/** One ABI word: an address, a uint256 (a decimal string, a number or a bigint) or a bytes32. */
function word(value: string | number | bigint): string {
  if (typeof value === 'string' && value.startsWith('0x')) {
    const digits = value.slice(2).toLowerCase()
    if (!/^[0-9a-f]{40}$|^[0-9a-f]{64}$/.test(digits)) throw new Error(`not an address or bytes32: ${value}`)
    return digits.padStart(64, '0')
  }
  const n = BigInt(value)
  if (n < 0n || n > UINT256_MAX) throw new Error(`not a uint256: ${n}`)
  return n.toString(16).padStart(64, '0')
}

/** keccak256 of hex digits (no 0x), as hex digits: Buffer's native hex codec, not viem's loops. */
const keccakDigits = (digits: string): string =>
  Buffer.from(keccak256(Buffer.from(digits, 'hex'), 'bytes')).toString('hex')
const hashWords = (...words: string[]): string => keccakDigits(words.join(''))

const domainSeparators = new Map<string, Hex>()
function permit2DomainSeparator(permit2: Address, chainId: number): Hex {
  const key = `${chainId}:${permit2.toLowerCase()}`
  let separator = domainSeparators.get(key)
  if (!separator) {
    separator = hashDomain({
      domain: { name: 'Permit2', chainId: BigInt(chainId), verifyingContract: permit2 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
      },
    })
    domainSeparators.set(key, separator)
  }
  return separator
}

/** The order hash and the Permit2 digest its swapper signs (see the module comment). */
export function dutchOrderHashes(
  info: DutchOrderTerms,
  chainId: number,
  permit2: Address,
): { orderHash: Hex; permitDigest: Hex } {
  const validationData = info.additionalValidationData.slice(2)
  if (!/^([0-9a-fA-F]{2})*$/.test(validationData))
    throw new Error('additionalValidationData is not hex bytes')
  const infoHash = hashWords(
    ORDER_INFO_TYPEHASH.slice(2),
    word(info.reactor),
    word(info.swapper),
    word(info.nonce),
    word(info.deadline),
    word(info.additionalValidationContract),
    keccakDigits(validationData),
  )
  const outputHashes = info.outputs.map((output) =>
    hashWords(
      DUTCH_OUTPUT_TYPEHASH.slice(2),
      word(output.token),
      word(output.startAmount),
      word(output.endAmount),
      word(output.recipient),
    ),
  )
  const orderHash = hashWords(
    EXCLUSIVE_DUTCH_ORDER_TYPEHASH.slice(2),
    infoHash,
    word(info.decayStartTime),
    word(info.decayEndTime),
    word(info.exclusiveFiller),
    word(info.exclusivityOverrideBps),
    word(info.input.token),
    word(info.input.startAmount),
    word(info.input.endAmount),
    hashWords(...outputHashes),
  )
  // The permit: the input's end amount (its most) to the reactor, under the order's nonce and deadline.
  const permitted = hashWords(
    TOKEN_PERMISSIONS_TYPEHASH.slice(2),
    word(info.input.token),
    word(info.input.endAmount),
  )
  const permitHash = hashWords(
    PERMIT_WITNESS_TRANSFER_FROM_TYPEHASH.slice(2),
    permitted,
    word(info.reactor),
    word(info.nonce),
    word(info.deadline),
    orderHash,
  )
  const permitDigest = hashWords('1901', permit2DomainSeparator(permit2, chainId).slice(2), permitHash)
  return { orderHash: `0x${orderHash}`, permitDigest: `0x${permitDigest}` }
}

export { permit2Signer } from './orderSigner.ts'
