/**
 * The content identifiers the IPFS gateway sandbox hands out and reads, byte for byte what Kubo
 * computes for `ipfs add --cid-version=1` (which implies `--raw-leaves`) of files that fit one
 * chunk: a file is a `raw` block (CIDv1, codec 0x55, sha2-256), a wrapping directory a UnixFS
 * directory in `dag-pb` (codec 0x70). Read back: CIDv1 in base32 (`b…`) and CIDv0 (`Qm…`, base58btc,
 * always dag-pb), so a v0 and a v1 link to the same directory find it alike.
 */
import { createHash } from 'node:crypto'

export const RAW = 0x55
export const DAG_PB = 0x70
const SHA2_256 = 0x12

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function varint(value: number): number[] {
  const bytes: number[] = []
  let rest = value
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80)
    rest >>>= 7
  }
  bytes.push(rest)
  return bytes
}

/** Reads a varint at `offset`: [value, next offset], or null past the end or beyond 2^31. */
function readVarint(bytes: Uint8Array, offset: number): [number, number] | null {
  let value = 0
  for (let i = 0; i < 4 && offset + i < bytes.length; i++) {
    const byte = bytes[offset + i] as number
    value |= (byte & 0x7f) << (7 * i)
    if (byte < 0x80) return [value, offset + i + 1]
  }
  return null
}

function base32(bytes: Uint8Array): string {
  let out = ''
  let bits = 0
  let buffer = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31]
  return out
}

function fromBase32(text: string): Uint8Array | null {
  const out: number[] = []
  let bits = 0
  let buffer = 0
  for (const char of text) {
    const value = BASE32.indexOf(char)
    if (value < 0) return null
    buffer = ((buffer << 5) | value) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Uint8Array.from(out)
}

function fromBase58(text: string): Uint8Array | null {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) return null
    value = value * 58n + BigInt(digit)
  }
  const hex = value.toString(16)
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')
  const zeros = text.length - text.replace(/^1+/, '').length
  return Uint8Array.from([...new Uint8Array(zeros), ...bytes])
}

/** A CID in binary: version 1, its codec, a sha2-256 multihash of `block`. */
function cidBytes(codec: number, block: Uint8Array): Uint8Array {
  const digest = createHash('sha256').update(block).digest()
  return Uint8Array.from([1, ...varint(codec), SHA2_256, 32, ...digest])
}

export interface Block {
  /** CIDv1 in base32, as Kubo prints it. */
  readonly cid: string
  /** What the gateway looks it up by (`parseCid(cid).key`). */
  readonly key: string
  readonly codec: number
  readonly bytes: Uint8Array
  /** The block's size plus everything it links to (dag-pb's Tsize). */
  readonly totalSize: number
}

const keyOf = (codec: number, hashCode: number, digest: Uint8Array) =>
  `${codec.toString(16)}-${hashCode.toString(16)}-${Buffer.from(digest).toString('hex')}`

function block(codec: number, bytes: Uint8Array, totalSize: number): Block {
  const binary = cidBytes(codec, bytes)
  return { cid: `b${base32(binary)}`, key: keyOf(codec, SHA2_256, binary.slice(4)), codec, bytes, totalSize }
}

/** A file that fits one chunk, as a raw leaf. */
export function rawBlock(bytes: Uint8Array): Block {
  return block(RAW, bytes, bytes.length)
}

function field(number: number, payload: Uint8Array | number[]): number[] {
  return [(number << 3) | 2, ...varint(payload.length), ...payload]
}

/**
 * A UnixFS directory linking `entries` by name (dag-pb: the links sorted by name bytes, each
 * Hash, Name, Tsize; then Data, the UnixFS message `Type: Directory`).
 */
export function directoryBlock(entries: readonly { name: string; block: Block }[]): Block {
  const sorted = [...entries].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)))
  const node: number[] = []
  for (const entry of sorted) {
    const link = [
      ...field(1, cidBytes(entry.block.codec, entry.block.bytes)),
      ...field(2, Buffer.from(entry.name)),
      (3 << 3) | 0,
      ...varint(entry.block.totalSize),
    ]
    node.push(...field(2, link))
  }
  node.push(...field(1, [0x08, 0x01]))
  const bytes = Uint8Array.from(node)
  return block(DAG_PB, bytes, bytes.length + sorted.reduce((sum, entry) => sum + entry.block.totalSize, 0))
}

/** The links of a directory block written by `directoryBlock`: name → store key. */
export function directoryLinks(bytes: Uint8Array): Map<string, string> | null {
  const links = new Map<string, string>()
  let offset = 0
  while (offset < bytes.length) {
    const tag = bytes[offset]
    const length = readVarint(bytes, offset + 1)
    if (!length) return null
    const [size, start] = length
    const payload = bytes.subarray(start, start + size)
    offset = start + size
    if (tag === 0x0a) return links
    if (tag !== 0x12) return null
    const hashLength = readVarint(payload, 1)
    if (payload[0] !== 0x0a || !hashLength) return null
    const hash = payload.subarray(hashLength[1], hashLength[1] + hashLength[0])
    const nameAt = hashLength[1] + hashLength[0]
    const nameLength = readVarint(payload, nameAt + 1)
    if (payload[nameAt] !== 0x12 || !nameLength) return null
    const name = Buffer.from(payload.subarray(nameLength[1], nameLength[1] + nameLength[0])).toString()
    const parsed = parseBinary(hash)
    if (!parsed) return null
    links.set(name, parsed.key)
  }
  return null
}

export interface ParsedCid {
  readonly key: string
  readonly codec: number
}

function parseBinary(bytes: Uint8Array): ParsedCid | null {
  const version = readVarint(bytes, 0)
  if (version?.[0] !== 1) return null
  const codec = readVarint(bytes, version[1])
  const hashCode = codec && readVarint(bytes, codec[1])
  const length = hashCode && readVarint(bytes, hashCode[1])
  if (!codec || !hashCode || !length || length[1] + length[0] !== bytes.length) return null
  return { key: keyOf(codec[0], hashCode[0], bytes.subarray(length[1])), codec: codec[0] }
}

/** A CID as written in a path (`b…` base32 CIDv1 or `Qm…` CIDv0), or null when it is none. */
export function parseCid(text: string): ParsedCid | null {
  if (/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(text)) {
    const multihash = fromBase58(text)
    if (multihash?.length !== 34 || multihash[0] !== SHA2_256 || multihash[1] !== 32) return null
    return { key: keyOf(DAG_PB, SHA2_256, multihash.subarray(2)), codec: DAG_PB }
  }
  if (!/^b[a-z2-7]{8,200}$/.test(text)) return null
  const bytes = fromBase32(text.slice(1))
  return bytes ? parseBinary(bytes) : null
}
