/**
 * Plain native-currency transfers: a transaction that only moves ETH from one account to another
 * (no calldata, so no contract runs and no log is written) becomes the sender's SEND and the
 * recipient's RECEIVE activity. No event source sees them, so the Clock handler reads each block's
 * transactions as the block arrives, and after a restart the blocks it missed (from the block the
 * network state last recorded). On the first start the history before the head is read the same
 * way, in JSON-RPC batches, from the setup on while the logs are indexed (`prefetchHistory`); blocks
 * the node no longer has (a devnet restored from a dump) give none. Value sent to contracts is not
 * counted here: the logs and call traces of those transactions are (activity.ts `nativeLeg`).
 * EIP-7702 authorizations (delegations.ts) are read from the same blocks.
 */
import type { Context } from 'ponder:registry'
import { type Address, createPublicClient, formatTransaction, type Hex, http, type PublicClient } from 'viem'
import { readManifestSync } from '../lib/manifest.ts'
import { foldNative } from './activity.ts'
import { type Delegation, delegationsOf, recordDelegation } from './delegations.ts'
import { type EventMeta, lower } from './store.ts'

type Db = Context['db']
type Client = Context['client']

interface Transfer {
  readonly hash: Hex
  readonly from: Address
  readonly to: Address
  readonly value: bigint
  readonly blockNumber: bigint
  readonly index: number
  readonly timestamp: number
}

/**
 * Missed blocks read one by one through Ponder's client up to this many; a longer gap (or the first
 * start) is read in JSON-RPC batches (`scanRange`).
 */
const BLOCK_BY_BLOCK = 64n
/** Blocks read per JSON-RPC batch over a long range. */
const BATCH_BLOCKS = 50n
/** EIP-7702: a delegated account runs its delegate's code when paid, which may refuse the payment. */
const DELEGATION_PREFIX = '0xef0100'

/**
 * Records the plain transfers of the blocks after `previous` (null: none recorded yet, the first
 * start) up to and including `block`, the Clock's block (read by its hash: a block a reorg orphaned
 * meanwhile is skipped, its rows go with the reorg and the new block at that height comes next).
 */
export async function recordNativeTransfers(
  db: Db,
  client: Client,
  chainId: number,
  previous: bigint | null,
  block: { readonly number: bigint; readonly hash: Hex },
): Promise<void> {
  let start = previous === null ? startBlockOf(chainId) : previous + 1n
  if (start > block.number) return
  const transfers: Transfer[] = []
  // EIP-7702 authorizations (delegations.ts), from every block of the range read in full.
  const delegations: Delegation[] = []
  if (previous === null) {
    // The history read since the setup (`prefetchHistory`), while the logs were indexed.
    const early = await prefetched.get(chainId)?.catch(() => null)
    prefetched.delete(chainId)
    const usable = early ? await usablePart(chainId, early, start, block.number - 1n) : null
    if (usable) {
      transfers.push(...usable.transfers)
      delegations.push(...usable.delegations)
      start = usable.to + 1n
    }
  }
  if (block.number - start < BLOCK_BY_BLOCK) {
    for (let n = start; n < block.number; n++)
      transfers.push(...(await blockTransfers(client, { blockNumber: n }, delegations)))
  } else {
    const scanned = await scanRange(chainId, start, block.number - 1n)
    transfers.push(...scanned.transfers)
    delegations.push(...scanned.delegations)
  }
  transfers.push(...(await blockTransfers(client, { blockHash: block.hash }, delegations)))
  for (const transfer of transfers) await recordTransfer(db, client, chainId, transfer)
  for (const delegation of delegations) await recordDelegation(db, client, chainId, delegation)
}

function startBlockOf(chainId: number): bigint {
  const deployment = Object.values(readManifestSync().networks).find((d) => d.chainId === chainId)
  return BigInt(deployment?.startBlock ?? 0)
}

/** The plain transfers and authorizations of a block's transactions (viem's or the node's JSON). */
interface BlockTransaction {
  readonly hash: Hex
  readonly from: Address
  readonly to: Address | null
  readonly value: bigint
  readonly input: Hex
  readonly transactionIndex: number
}

function plainTransfers(
  transactions: readonly BlockTransaction[],
  blockNumber: bigint,
  timestamp: number,
): Transfer[] {
  return transactions.flatMap((tx) =>
    tx.to && tx.value > 0n && tx.input === '0x' && lower(tx.to) !== lower(tx.from)
      ? [
          {
            hash: tx.hash,
            from: tx.from,
            to: tx.to,
            value: tx.value,
            blockNumber,
            index: tx.transactionIndex,
            timestamp,
          },
        ]
      : [],
  )
}

/**
 * The block's value-carrying transactions without calldata; none for a block the node no longer
 * has. Its EIP-7702 authorizations go to `delegations`.
 */
async function blockTransfers(
  client: Client,
  which: { readonly blockNumber: bigint } | { readonly blockHash: Hex },
  delegations: Delegation[],
): Promise<Transfer[]> {
  const block = await client.getBlock({ ...which, includeTransactions: true }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'BlockNotFoundError') return null
    throw error
  })
  if (!block || block.number === null) return []
  delegations.push(...delegationsOf(block.transactions, block.number, Number(block.timestamp)))
  return plainTransfers(block.transactions, block.number, Number(block.timestamp))
}

/**
 * One plain client per chain that batches block reads: a long range (a first start reads the whole
 * history) need not pass block by block through Ponder's queue and into its RPC cache.
 */
const batchReaders = new Map<number, PublicClient>()
function batchReaderOf(chainId: number): PublicClient {
  let reader = batchReaders.get(chainId)
  if (!reader) {
    const deployment = Object.values(readManifestSync().networks).find((d) => d.chainId === chainId)
    if (!deployment) throw new Error(`no deployment of chain ${chainId} in the manifest`)
    reader = createPublicClient({
      transport: http(deployment.rpcUrl, {
        batch: { batchSize: Number(BATCH_BLOCKS), wait: 0 },
        timeout: 30_000,
      }),
    })
    batchReaders.set(chainId, reader)
  }
  return reader
}

/** What a range of blocks holds, and the hashes that say which chain it was read from. */
interface RangeScan {
  readonly from: bigint
  readonly to: bigint
  readonly transfers: readonly Transfer[]
  readonly delegations: readonly Delegation[]
  /** Hash and parent hash of each block read (absent: the node did not have it). */
  readonly hashes: ReadonlyMap<bigint, Hex>
  readonly parents: ReadonlyMap<bigint, Hex>
}

/** A transaction as the node's JSON-RPC gives it (`eth_getBlockByNumber`, full transactions). */
type RpcTransaction = Parameters<typeof formatTransaction>[0] & {
  hash: Hex
  from: Address
  to: Address | null
  value: Hex
  input: Hex
  type?: Hex
  transactionIndex: Hex
}
interface RpcBlock {
  number: Hex
  hash: Hex
  parentHash: Hex
  timestamp: Hex
  transactions: RpcTransaction[]
}

/**
 * The plain transfers and EIP-7702 authorizations of blocks `from`..`to` in block order, every
 * block read in full (JSON-RPC batches of 50; none for a block the node no longer has). This covers
 * a traced range too: a trace shows no authorization (it writes no log and calls nothing). Only
 * type-4 transactions are formatted through viem: the rest are looked at in the node's JSON.
 */
async function scanRange(chainId: number, from: bigint, to: bigint): Promise<RangeScan> {
  const reader = batchReaderOf(chainId)
  const transfers: Transfer[] = []
  const delegations: Delegation[] = []
  const hashes = new Map<bigint, Hex>()
  const parents = new Map<bigint, Hex>()
  for (let low = from; low <= to; low += BATCH_BLOCKS) {
    const numbers: bigint[] = []
    for (let n = low; n <= to && n < low + BATCH_BLOCKS; n++) numbers.push(n)
    const blocks = await Promise.all(
      numbers.map(
        (n) =>
          reader.request({
            method: 'eth_getBlockByNumber',
            params: [`0x${n.toString(16)}`, true],
          } as never) as Promise<RpcBlock | null>,
      ),
    )
    for (const block of blocks) {
      if (!block) continue
      const number = BigInt(block.number)
      const timestamp = Number(BigInt(block.timestamp))
      hashes.set(number, block.hash)
      parents.set(number, block.parentHash)
      const authorizing = block.transactions.filter((tx) => tx.type === '0x4')
      if (authorizing.length > 0)
        delegations.push(
          ...delegationsOf(
            authorizing.map((tx) => ({
              ...formatTransaction(tx),
              transactionIndex: Number(tx.transactionIndex),
            })),
            number,
            timestamp,
          ),
        )
      transfers.push(
        ...plainTransfers(
          block.transactions
            .filter((tx) => tx.to && tx.input === '0x' && tx.value !== '0x0')
            .map((tx) => ({ ...tx, value: BigInt(tx.value), transactionIndex: Number(tx.transactionIndex) })),
          number,
          timestamp,
        ),
      )
    }
  }
  return { from, to, transfers, delegations, hashes, parents }
}

/**
 * A first start's history, read from the setup on (Token:setup) while Ponder syncs and indexes the
 * logs: the Clock's first block, which needs it, comes only after them (its start block is the head
 * at start-up, indexed once the historical part is done), so the read leaves the critical path.
 */
const prefetched = new Map<number, Promise<RangeScan>>()
export function prefetchHistory(chainId: number): void {
  if (prefetched.has(chainId)) return
  const scan = batchReaderOf(chainId)
    .getBlockNumber({ cacheTime: 0 })
    .then((head) => scanRange(chainId, startBlockOf(chainId), head))
  scan.catch(() => {})
  prefetched.set(chainId, scan)
}

/**
 * The part of a prefetched scan inside `from`..`to`, when it was read from the chain the Clock is
 * on: its blocks link by parent hash (blocks read apart may straddle a reorg) and its newest block
 * used still has the same hash on the node. Null when not usable (the caller reads the range again).
 */
async function usablePart(
  chainId: number,
  scan: RangeScan,
  from: bigint,
  to: bigint,
): Promise<{ to: bigint; transfers: Transfer[]; delegations: Delegation[] } | null> {
  if (scan.from !== from) return null
  const last = scan.to < to ? scan.to : to
  if (last < from) return null
  const lastHash = scan.hashes.get(last)
  if (!lastHash) return null
  for (let n = from + 1n; n <= last; n++) {
    const parent = scan.parents.get(n)
    if (parent !== undefined && scan.hashes.has(n - 1n) && parent !== scan.hashes.get(n - 1n)) return null
  }
  const onNode = await batchReaderOf(chainId)
    .getBlock({ blockNumber: last })
    .catch(() => null)
  if (onNode?.hash !== lastHash) return null
  return {
    to: last,
    transfers: scan.transfers.filter((t) => t.blockNumber <= last),
    delegations: scan.delegations.filter((d) => d.blockNumber <= last),
  }
}

async function recordTransfer(db: Db, client: Client, chainId: number, transfer: Transfer): Promise<void> {
  // Read at the transfer's block; a block a reorg removed meanwhile has nothing to record.
  const code = await client
    .getCode({ address: transfer.to, blockNumber: transfer.blockNumber })
    .catch(() => null)
  if (code === null) return
  if (code && code !== '0x') {
    // To a contract the value is part of a call its logs and traces account for; a delegated
    // account is a person's, but its delegate may have refused the payment.
    if (!code.toLowerCase().startsWith(DELEGATION_PREFIX)) return
    const receipt = await client.getTransactionReceipt({ hash: transfer.hash }).catch(() => null)
    if (receipt?.status !== 'success') return
  }
  const meta: EventMeta = {
    chainId,
    txHash: transfer.hash,
    txFrom: transfer.from,
    blockNumber: transfer.blockNumber,
    logIndex: transfer.index,
    timestamp: transfer.timestamp,
  }
  await foldNative(db, meta, transfer.from, -transfer.value, transfer.to)
  await foldNative(db, meta, transfer.to, transfer.value, transfer.from)
}
