/**
 * The signer of an order's Permit2 digest, as Permit2's `SignatureVerification` gets it from
 * `ecrecover` for an account without code: a 65-byte (r, s, v) signature with v 27 or 28, or a
 * 64-byte EIP-2098 (r, vs) one; r and s in 1 … n−1 (high s included, as ecrecover takes it).
 *
 * Recovering the signer was most of an order's CPU in JavaScript (noble's `recoverPublicKey`,
 * about 1.7–2.2 ms here). It is made by libsecp256k1 (bitcoin-core's C library, whose
 * `secp256k1_ecdsa_recover` is what ecrecover's implementations call) through the `secp256k1`
 * package's N-API binding, about 0.2 ms. The package ships prebuilt binaries (linux-x64 glibc and
 * musl, darwin-arm64, win32-x64), loaded without any install script; it is loaded from
 * `secp256k1/bindings`, never from its index, whose catch would silently answer with the JS
 * `elliptic` instead. Where no binary loads (another platform), noble's recovery is used and
 * `signerLibrary` says so (the server logs it at start).
 */
import { createRequire } from 'node:module'
import { secp256k1 } from '@noble/curves/secp256k1'
import { type Address, getAddress, type Hex, keccak256 } from 'viem'

const N = secp256k1.CURVE.n

interface Permit2Signature {
  readonly r: bigint
  readonly s: bigint
  readonly recovery: 0 | 1
}

/** Throws for what Permit2 refuses to recover: a wrong length, v not 27 or 28, r or s out of range. */
function parseSignature(signature: Hex): Permit2Signature {
  let r: bigint
  let s: bigint
  let recovery: 0 | 1
  if (signature.length === 2 + 130) {
    const v = Number.parseInt(signature.slice(130), 16)
    if (v !== 27 && v !== 28) throw new Error('v must be 27 or 28')
    r = BigInt(`0x${signature.slice(2, 66)}`)
    s = BigInt(`0x${signature.slice(66, 130)}`)
    recovery = v === 28 ? 1 : 0
  } else if (signature.length === 2 + 128) {
    // EIP-2098: the top bit of the second word is the y parity, the rest is s.
    const vs = BigInt(`0x${signature.slice(66)}`)
    r = BigInt(`0x${signature.slice(2, 66)}`)
    s = vs & (2n ** 255n - 1n)
    recovery = vs >> 255n ? 1 : 0
  } else throw new Error('a signature is 64 or 65 bytes')
  if (r <= 0n || r >= N || s <= 0n || s >= N) throw new Error('r and s must be in 1 … n−1')
  return { r, s, recovery }
}

/** The 65-byte uncompressed public key ecrecover would find, or a throw when it finds none. */
export type Recovery = (digest: Uint8Array, rs: Uint8Array, recovery: 0 | 1) => Uint8Array

/** The part of `secp256k1/bindings` (secp256k1 5.0.2) used here. */
interface Libsecp256k1 {
  ecdsaRecover(signature: Uint8Array, recovery: number, message: Uint8Array, compressed: boolean): Uint8Array
}

function loadLibsecp256k1(): Recovery | null {
  try {
    const library = createRequire(import.meta.url)('secp256k1/bindings') as Libsecp256k1
    return (digest, rs, recovery) => library.ecdsaRecover(rs, recovery, digest, false)
  } catch {
    return null
  }
}

/** noble's recovery (audited JavaScript), where libsecp256k1's binary does not load. */
export const nobleRecovery: Recovery = (digest, rs, recovery) =>
  secp256k1.Signature.fromCompact(rs).addRecoveryBit(recovery).recoverPublicKey(digest).toRawBytes(false)

/** libsecp256k1's recovery, or null where its prebuilt binary does not load. */
export const libsecp256k1Recovery: Recovery | null = loadLibsecp256k1()

/** Which library recovers signers in this process. */
export const signerLibrary: 'libsecp256k1' | 'noble' = libsecp256k1Recovery ? 'libsecp256k1' : 'noble'

const recoverKey: Recovery = libsecp256k1Recovery ?? nobleRecovery

const word = (x: bigint) => x.toString(16).padStart(64, '0')

/** The signer Permit2 would recover; throws for a signature it refuses. */
export async function permit2Signer(digest: Hex, signature: Hex, recovery = recoverKey): Promise<Address> {
  return signerOf(digest, signature, recovery)
}

function signerOf(digest: Hex, signature: Hex, recovery: Recovery): Address {
  const { r, s, recovery: parity } = parseSignature(signature)
  const key = recovery(Buffer.from(digest.slice(2), 'hex'), Buffer.from(word(r) + word(s), 'hex'), parity)
  if (key.length !== 65 || key[0] !== 4) throw new Error('not an uncompressed public key')
  // the address: the last 20 bytes of the keccak of x ‖ y
  return getAddress(`0x${keccak256(key.subarray(1)).slice(26)}`)
}

/** The signer of `digest` as Permit2 recovers it; null when the signature is none Permit2 recovers. */
export function orderSigner(digest: Hex, signature: Hex): Address | null {
  try {
    return signerOf(digest, signature, recoverKey)
  } catch {
    return null
  }
}
