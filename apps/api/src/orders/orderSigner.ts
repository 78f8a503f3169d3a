/**
 * The signer of an order's Permit2 digest, as Permit2's `SignatureVerification` gets it from
 * `ecrecover` for an account without code: a 65-byte (r, s, v) signature with v 27 or 28, or a
 * 64-byte EIP-2098 (r, vs) one; r and s in 1 … n−1 (high s included, as ecrecover takes it).
 *
 * Recovering the signer is most of an order's CPU (about 1.5 ms of JavaScript secp256k1 here: a
 * square root and a multiplication of the unknown point R). A swapper places many orders, so
 * `orderSigner` keeps the public keys of recent swappers (each recovered from a signature whose
 * address was that swapper) and, for a swapper it knows, checks the signature against that key
 * instead: R = s⁻¹(z·G + r·P) from tables of G's and P's multiples (about 0.55 ms, a third of a
 * recovery). That R must be the very point ecrecover starts from, x = r and the y parity of v,
 * which holds exactly when ecrecover(z, v, r, s) yields P (s·R = z·G + r·P ⟺ P = r⁻¹(s·R − z·G));
 * so the check answers what the recovery would, not merely "some valid ECDSA signature of P"
 * (which (r, n−s) with the same v also is). Any failure falls back to the full recovery, so an
 * answer never depends on the cache. The tables are this module's own (noble 1.9.1's
 * `multiplyUnsafe` miscomputes with its precomputed windows, and its constant-time `multiply` does
 * twice the additions): signed digits, one affine multiple added per window.
 */
import { invert, mod } from '@noble/curves/abstract/modular'
import { secp256k1 } from '@noble/curves/secp256k1'
import { type Address, getAddress, type Hex, keccak256 } from 'viem'

type Point = InstanceType<typeof secp256k1.ProjectivePoint>

const N = secp256k1.CURVE.n
const G = secp256k1.ProjectivePoint.BASE
/** Recent swappers' keys (about 80 KB each once precomputed), least recently used dropped first. */
const MAX_KEYS = 256
/** A key's table: 4-bit windows, 520 points, built in about 4 ms at the swapper's second order. */
const WINDOW = 4

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

let recoveries = 0
/** Full recoveries made so far in this thread (tests check that known keys skip them). */
export const recoveryCount = (): number => recoveries

function recover(digest: Hex, { r, s, recovery }: Permit2Signature): Point {
  recoveries++
  return new secp256k1.Signature(r, s).addRecoveryBit(recovery).recoverPublicKey(digest.slice(2))
}

/**
 * The last 20 bytes of the keccak of x ‖ y (viem/accounts' `publicKeyToAddress` would load all
 * of viem/accounts into the order thread, about 0.2 s more at its start).
 */
const addressOf = (key: Point): Address =>
  getAddress(`0x${keccak256(`0x${key.toHex(false).slice(2)}`).slice(26)}`)

/** The signer Permit2 would recover; throws for a signature it refuses. */
export async function permit2Signer(digest: Hex, signature: Hex): Promise<Address> {
  return addressOf(recover(digest, parseSignature(signature)))
}

/**
 * Every multiple d·2^(w·i)·P (d in 1 … 2^(w−1), i over the windows of a 256-bit scalar and a
 * carry), in affine form: a scalar's multiple is then one addition per window, no doubling.
 */
function windowTable(point: Point, w: number): Point[][] {
  const half = 2 ** (w - 1)
  const rows: Point[][] = []
  let base = point
  for (let i = 0; i <= Math.ceil(256 / w); i++) {
    const row = [base]
    for (let d = 1; d < half; d++) row.push((row[d - 1] as Point).add(base))
    rows.push(row)
    base = (row[half - 1] as Point).double() // 2^w · base
  }
  const flat = secp256k1.ProjectivePoint.normalizeZ(rows.flat())
  return rows.map((_, i) => flat.slice(i * half, (i + 1) * half))
}

/**
 * acc + k·P from P's `windowTable`: signed digits in −2^(w−1) … 2^(w−1), so the table holds half
 * the multiples. Not constant-time: the scalars are public (the signature's and the digest's).
 */
function addMultiple(acc: Point, table: Point[][], k: bigint, w: number): Point {
  const size = 2 ** w
  const mask = BigInt(size - 1)
  const shift = BigInt(w)
  let carry = 0
  for (let i = 0; k > 0n || carry; i++, k >>= shift) {
    let digit = Number(k & mask) + carry
    carry = 0
    if (digit > size / 2) {
      digit -= size
      carry = 1
    }
    if (digit === 0) continue
    const multiple = (table[i] as Point[])[Math.abs(digit) - 1] as Point
    acc = acc.add(digit < 0 ? multiple.negate() : multiple)
  }
  return acc
}

const G_WINDOW = 8
let gTable: Point[][] | null = null

/** Whether ecrecover(digest, signature) is `key`: R = s⁻¹(z·G + r·P) has x = r and v's parity. */
function recoversTo(digest: Hex, { r, s, recovery }: Permit2Signature, keyTable: Point[][]): boolean {
  gTable ??= windowTable(G, G_WINDOW)
  // a 32-byte digest on a 256-bit curve: z is the digest reduced mod n (noble's bits2int_modN)
  const z = mod(BigInt(digest), N)
  const w = invert(s, N)
  const R = addMultiple(
    addMultiple(secp256k1.ProjectivePoint.ZERO, gTable, mod(z * w, N), G_WINDOW),
    keyTable,
    mod(r * w, N),
    WINDOW,
  )
  if (R.equals(secp256k1.ProjectivePoint.ZERO)) return false
  const { x, y } = R.toAffine()
  return x === r && (y & 1n) === BigInt(recovery)
}

const keys = new Map<Address, { key: Point; table: Point[][] | null }>()

/**
 * The signer of `digest` as Permit2 recovers it, for an order whose swapper is `swapper`; null
 * when the signature is none Permit2 recovers. A known swapper's key is checked first (see the
 * module comment); a swapper recovered anew is remembered.
 */
export function orderSigner(digest: Hex, signature: Hex, swapper: Address): Address | null {
  let parsed: Permit2Signature
  try {
    parsed = parseSignature(signature)
  } catch {
    return null
  }
  const known = keys.get(swapper)
  if (known) {
    keys.delete(swapper)
    keys.set(swapper, known)
    try {
      known.table ??= windowTable(known.key, WINDOW)
      if (recoversTo(digest, parsed, known.table)) return swapper
    } catch {
      // recovered below
    }
  }
  let key: Point
  try {
    key = recover(digest, parsed)
  } catch {
    return null
  }
  const signer = addressOf(key)
  if (signer === swapper && !known) {
    if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value as Address)
    // the table is built at the swapper's second order
    keys.set(swapper, { key, table: null })
  }
  return signer
}

/** Forgets every remembered key (tests compare the cached path with a cold one). */
export function forgetSwapperKeys(): void {
  keys.clear()
}
