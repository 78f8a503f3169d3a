/**
 * The content identifiers the IPFS gateway sandbox hands out and reads, what Kubo computes for
 * `ipfs add --cid-version=1` (which implies `--raw-leaves`) of files that fit one chunk: a file is a
 * `raw` block (CIDv1, sha2-256), a wrapping directory a UnixFS directory in `dag-pb`. Built on the
 * IPFS project's own libraries (multiformats for CIDs and bases, @ipld/dag-pb for the node
 * encoding, ipfs-unixfs for the directory's data). Read back: any CID those libraries parse without
 * a named base (CIDv1 in base32 `b…`, CIDv0 `Qm…`), so a v0 and a v1 link to the same directory find
 * it alike.
 */
import { createHash } from 'node:crypto'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS } from 'ipfs-unixfs'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { create as createDigest } from 'multiformats/hashes/digest'
import { sha256 } from 'multiformats/hashes/sha2'

export const RAW = raw.code
export const DAG_PB = dagPb.code

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

/** CIDv1 of `bytes` under `codec`, sha2-256 (hashed synchronously with node:crypto). */
function cidOf(codec: number, bytes: Uint8Array): CID {
  return CID.createV1(codec, createDigest(sha256.code, createHash('sha256').update(bytes).digest()))
}

/** One key per content: a CIDv0 and its CIDv1 name the same block. */
const keyOf = (cid: CID) => cid.toV1().toString()

function block(codec: number, bytes: Uint8Array, totalSize: number): Block {
  const cid = cidOf(codec, bytes)
  return { cid: cid.toString(), key: keyOf(cid), codec, bytes, totalSize }
}

/** A file that fits one chunk, as a raw leaf. */
export function rawBlock(bytes: Uint8Array): Block {
  return block(RAW, bytes, bytes.length)
}

/** A UnixFS directory linking `entries` by name (dag-pb sorts the links by name bytes). */
export function directoryBlock(entries: readonly { name: string; block: Block }[]): Block {
  const bytes = dagPb.encode(
    dagPb.prepare({
      Data: new UnixFS({ type: 'directory' }).marshal(),
      Links: entries.map((entry) => ({
        Hash: CID.parse(entry.block.cid),
        Name: entry.name,
        Tsize: entry.block.totalSize,
      })),
    }),
  )
  return block(DAG_PB, bytes, bytes.length + entries.reduce((sum, entry) => sum + entry.block.totalSize, 0))
}

/** The named links of a directory block: name → store key (null when the block is not dag-pb). */
export function directoryLinks(bytes: Uint8Array): Map<string, string> | null {
  try {
    const node = dagPb.decode(bytes)
    return new Map(node.Links.map((link) => [link.Name ?? '', keyOf(link.Hash)]))
  } catch {
    return null
  }
}

export interface ParsedCid {
  readonly key: string
  readonly codec: number
}

/** A CID as written in a path, or null when it is none. */
export function parseCid(text: string): ParsedCid | null {
  try {
    const cid = CID.parse(text)
    return { key: keyOf(cid), codec: cid.code }
  } catch {
    return null
  }
}
