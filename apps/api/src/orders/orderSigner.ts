/**
 * The signer of an order's Permit2 digest, as Permit2's `SignatureVerification` gets it from
 * `ecrecover` for an account without code: a 65-byte (r, s, v) signature with v 27 or 28, or a
 * 64-byte EIP-2098 (r, vs) one; r and s in 1 … n−1 (high s included, as ecrecover takes it).
 *
 * Recovering the signer is most of an order's CPU (about 1.2 ms of JavaScript secp256k1 here, 1.7
 * with noble's `recoverPublicKey`: a square root and a multiplication of the unknown point R). A
 * swapper places many orders, so `orderSigner` keeps the public keys of recent swappers (each
 * recovered from a signature whose address was that swapper) and, for a swapper it knows, checks
 * the signature against that key instead: R = s⁻¹(z·G + r·P) from tables of G's and P's multiples
 * (about 0.4 ms). Both add affine multiples to a Jacobian sum (mixed additions, one inversion at
 * the end); noble's complete projective formulas reduce about three times as often. Node's
 * OpenSSL is no shortcut: it verifies only over its own hash of the message (no prehashed
 * digest), and its secp256k1 takes 0.3 ms a verification and 0.35 ms a base-point multiplication. That R must be the very point ecrecover starts from, x = r and the y parity of v,
 * which holds exactly when ecrecover(z, v, r, s) yields P (s·R = z·G + r·P ⟺ P = r⁻¹(s·R − z·G));
 * so the check answers what the recovery would, not merely "some valid ECDSA signature of P"
 * (which (r, n−s) with the same v also is). Any failure falls back to the full recovery, so an
 * answer never depends on the cache. The tables are this module's own (noble 1.9.1's
 * `multiplyUnsafe` miscomputes with its precomputed windows, and its constant-time `multiply` does
 * twice the additions): signed digits, one affine multiple added per window. Where the direct
 * arithmetic meets a case it leaves out (an addition that is a doubling), noble answers.
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

function recover(digest: Hex, signature: Permit2Signature): Point {
  recoveries++
  try {
    return recoverDirect(digest, signature)
  } catch {
    // no point R with x = r, a result at infinity, or a doubling inside an addition: noble's
    // recovery answers (and throws for what is no signature)
    const { r, s, recovery } = signature
    return new secp256k1.Signature(r, s).addRecoveryBit(recovery).recoverPublicKey(digest.slice(2))
  }
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

/** A point in affine coordinates (a table's multiples), x and y in 0 … p−1. */
type Affine = readonly [bigint, bigint]
/** Jacobian coordinates (x = X/Z², y = Y/Z³); Z = 0 is the point at infinity. */
interface Jacobian {
  x: bigint
  y: bigint
  z: bigint
}

const P = secp256k1.CURVE.Fp.ORDER
const subP = (a: bigint, b: bigint): bigint => (a >= b ? a - b : a - b + P)

/** Affine forms of Jacobian points (none at infinity) with one inversion (Montgomery's trick). */
function toAffine(points: readonly Jacobian[]): Affine[] {
  const prefix: bigint[] = []
  let product = 1n
  for (const point of points) {
    prefix.push(product)
    product = (product * point.z) % P
  }
  let inverse = invert(product, P)
  const out: Affine[] = new Array(points.length)
  for (let i = points.length - 1; i >= 0; i--) {
    const point = points[i] as Jacobian
    const zInverse = (inverse * (prefix[i] as bigint)) % P
    inverse = (inverse * point.z) % P
    const zz = (zInverse * zInverse) % P
    out[i] = [(point.x * zz) % P, (point.y * ((zz * zInverse) % P)) % P]
  }
  return out
}

/**
 * Every multiple d·2^(w·i)·P (d in 1 … 2^(w−1), i over the windows of a 256-bit scalar and a
 * carry), in affine form: a scalar's multiple is then one addition per window, no doubling. Built
 * in the Jacobian arithmetic below: the rows' bases by doublings, then each row by additions of
 * its (affine) base, two inversions in all.
 */
function windowTable(point: Point, w: number): Affine[][] {
  const half = 2 ** (w - 1)
  const rowCount = Math.ceil(256 / w) + 1
  const { x, y } = point.toAffine()
  const bases: Jacobian[] = [{ x, y, z: 1n }]
  for (let i = 1; i < rowCount; i++) {
    const next = { ...(bases[i - 1] as Jacobian) }
    for (let j = 0; j < w; j++) double(next) // 2^w · base
    bases.push(next)
  }
  const affineBases = toAffine(bases)
  const points: Jacobian[] = []
  for (const [bx, by] of affineBases) {
    const acc: Jacobian = { x: bx, y: by, z: 1n }
    points.push({ ...acc })
    double(acc) // 2·base: an addition of base to itself would be a doubling
    if (half > 1) points.push({ ...acc })
    for (let d = 3; d <= half; d++) {
      addAffine(acc, bx, by)
      points.push({ ...acc })
    }
  }
  const flat = toAffine(points)
  return Array.from({ length: rowCount }, (_, i) => flat.slice(i * half, (i + 1) * half))
}

/**
 * acc += (x2, y2): the mixed Jacobian-affine addition (madd-2007-bl, 11 field multiplications;
 * noble's complete projective addition reduces about three times as often). Throws when the two
 * are the same point (a doubling, which a signature's scalars practically never give): the caller
 * then recovers in full.
 */
function addAffine(acc: Jacobian, x2: bigint, y2: bigint): void {
  const { x: x1, y: y1, z: z1 } = acc
  if (z1 === 0n) {
    acc.x = x2
    acc.y = y2
    acc.z = 1n
    return
  }
  const z1z1 = (z1 * z1) % P
  const h = subP((x2 * z1z1) % P, x1)
  const sr = subP((y2 * ((z1 * z1z1) % P)) % P, y1)
  if (h === 0n) {
    if (sr === 0n) throw new Error('doubling')
    acc.z = 0n // P + (−P)
    return
  }
  const hh = (h * h) % P
  const i = (4n * hh) % P
  const j = (h * i) % P
  const r = (2n * sr) % P
  const v = (x1 * i) % P
  let x3 = (r * r - j - 2n * v) % P
  if (x3 < 0n) x3 += P
  let y3 = (r * (v - x3) - 2n * y1 * j) % P
  if (y3 < 0n) y3 += P
  acc.x = x3
  acc.y = y3
  acc.z = (2n * z1 * h) % P
}

/**
 * acc += k·P from P's `windowTable`: signed digits in −2^(w−1) … 2^(w−1), so the table holds half
 * the multiples. Not constant-time: the scalars are public (the signature's and the digest's).
 */
function addMultiple(acc: Jacobian, table: Affine[][], k: bigint, w: number): void {
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
    const [x, y] = (table[i] as Affine[])[Math.abs(digit) - 1] as Affine
    addAffine(acc, x, digit < 0 ? P - y : y)
  }
}

/** acc = 2·acc (dbl-2009-l for a = 0: 7 field multiplications). */
function double(acc: Jacobian): void {
  const { x, y, z } = acc
  if (z === 0n) return
  const a = (x * x) % P
  const b = (y * y) % P
  const c = (b * b) % P
  const xb = x + b
  let d = (2n * (xb * xb - a - c)) % P
  if (d < 0n) d += P
  const e = (3n * a) % P
  let x3 = ((e * e) % P) - 2n * d
  x3 %= P
  if (x3 < 0n) x3 += P
  let y3 = (e * (d - x3) - 8n * c) % P
  if (y3 < 0n) y3 += P
  acc.x = x3
  acc.y = y3
  acc.z = (2n * y * z) % P
}

/**
 * ecrecover's key: R = (r, the root of r³ + 7 with v's parity), Q = r⁻¹(s·R − z·G), with R's
 * multiple by 4-bit signed windows over R's first eight multiples and G's from its table, in the
 * same Jacobian arithmetic as the check (about half of noble's recovery). Throws where noble's
 * recovery is asked instead (see `recover`); test/orderDigest.test.ts compares the two.
 */
function recoverDirect(digest: Hex, { r, s, recovery }: Permit2Signature): Point {
  gTable ??= windowTable(G, G_WINDOW)
  const { Fp } = secp256k1.CURVE
  let y = Fp.sqrt((((r * r) % P) * r + 7n) % P) // throws when r is no point's x
  if ((y & 1n) !== BigInt(recovery)) y = P - y
  const point = secp256k1.ProjectivePoint.fromAffine({ x: r, y })
  const multiples = [point]
  for (let d = 1; d < 8; d++) multiples.push((multiples[d - 1] as Point).add(point))
  const table = secp256k1.ProjectivePoint.normalizeZ(multiples).map((p): Affine => [p.px, p.py])
  const rInverse = invert(r, N)
  const z = mod(BigInt(digest), N)
  const u1 = mod(-z * rInverse, N)
  // signed 4-bit digits of s·r⁻¹, least significant first
  const digits: number[] = []
  let k = mod(s * rInverse, N)
  let carry = 0
  while (k > 0n || carry) {
    let digit = Number(k & 15n) + carry
    carry = 0
    if (digit > 8) {
      digit -= 16
      carry = 1
    }
    digits.push(digit)
    k >>= 4n
  }
  const Q: Jacobian = { x: 0n, y: 0n, z: 0n }
  for (let i = digits.length - 1; i >= 0; i--) {
    for (let j = 0; j < 4; j++) double(Q)
    const digit = digits[i] as number
    if (digit === 0) continue
    const [mx, my] = table[Math.abs(digit) - 1] as Affine
    addAffine(Q, mx, digit < 0 ? P - my : my)
  }
  addMultiple(Q, gTable, u1, G_WINDOW)
  if (Q.z === 0n) throw new Error('point at infinity')
  const zInverse = invert(Q.z, P)
  const zz = (zInverse * zInverse) % P
  return secp256k1.ProjectivePoint.fromAffine({ x: (Q.x * zz) % P, y: (Q.y * ((zz * zInverse) % P)) % P })
}

const G_WINDOW = 8
let gTable: Affine[][] | null = null

/** Whether ecrecover(digest, signature) is `key`: R = s⁻¹(z·G + r·P) has x = r and v's parity. */
function recoversTo(digest: Hex, { r, s, recovery }: Permit2Signature, keyTable: Affine[][]): boolean {
  gTable ??= windowTable(G, G_WINDOW)
  // a 32-byte digest on a 256-bit curve: z is the digest reduced mod n (noble's bits2int_modN)
  const z = mod(BigInt(digest), N)
  const w = invert(s, N)
  const R: Jacobian = { x: 0n, y: 0n, z: 0n }
  addMultiple(R, gTable, mod(z * w, N), G_WINDOW)
  addMultiple(R, keyTable, mod(r * w, N), WINDOW)
  if (R.z === 0n) return false
  // affine x = X/Z² is r (r < n < p, so equal as field elements means equal), y's parity is v's
  const zz = (R.z * R.z) % P
  if (R.x !== (r * zz) % P) return false
  const zInverse = invert(R.z, P)
  const y = (R.y * ((((zInverse * zInverse) % P) * zInverse) % P)) % P
  return (y & 1n) === BigInt(recovery)
}

const keys = new Map<Address, { key: Point; table: Affine[][] | null }>()

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
