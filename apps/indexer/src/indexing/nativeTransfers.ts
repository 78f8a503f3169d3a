/**
 * Plain native-currency transfers: a transaction that only moves ETH from one account to another
 * (no calldata, so no contract runs and no log is written) becomes the sender's SEND and the
 * recipient's RECEIVE activity. No event source sees them, so the Clock handler reads each block's
 * transactions as the block arrives, and after a restart the blocks it missed (from the block the
 * network state last recorded). On the first start the history before the head comes from the
 * node's `trace_filter` where the node can trace it (a devnet restored from a dump cannot: its
 * earlier transfers stay out). Value sent to contracts is not counted here: the logs and call
 * traces of those transactions are (activity.ts `nativeLeg`). EIP-7702 authorizations
 * (delegations.ts) are read from the blocks themselves over any range, traced or not.
 */
import type { Context } from 'ponder:registry'
import { type Address, createPublicClient, type Hex, http, type PublicClient } from 'viem'
import { readManifestSync } from '../lib/manifest.ts'
import { foldNative, tracerOf } from './activity.ts'
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

/** Missed blocks read one by one up to this many; a longer gap (or the first start) is traced. */
const BLOCK_BY_BLOCK = 64n
/** Blocks read per JSON-RPC batch for their authorizations over a traced range. */
const BATCH_BLOCKS = 50n
/** Blocks per trace_filter request (anvil refuses ranges over 300). */
const TRACE_CHUNK = 250n
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
  const start = previous === null ? startBlockOf(chainId) : previous + 1n
  if (start > block.number) return
  const transfers: Transfer[] = []
  // EIP-7702 authorizations (delegations.ts), from every block of the range read in full.
  const delegations: Delegation[] = []
  if (block.number - start < BLOCK_BY_BLOCK) {
    for (let n = start; n < block.number; n++)
      transfers.push(...(await blockTransfers(client, { blockNumber: n }, delegations)))
  } else {
    // Earlier blocks traced (best effort), the newest read in full like every live block. A trace
    // shows no authorization (it writes no log and calls nothing), so the earlier blocks are read
    // for theirs too: a restart after any gap records each delegation and removal it missed.
    transfers.push(...(await tracedTransfers(chainId, start, block.number - 1n)))
    delegations.push(...(await rangeDelegations(chainId, start, block.number - 1n)))
  }
  transfers.push(...(await blockTransfers(client, { blockHash: block.hash }, delegations)))
  for (const transfer of transfers) await recordTransfer(db, client, chainId, transfer)
  for (const delegation of delegations) await recordDelegation(db, client, chainId, delegation)
}

function startBlockOf(chainId: number): bigint {
  const deployment = Object.values(readManifestSync().networks).find((d) => d.chainId === chainId)
  return BigInt(deployment?.startBlock ?? 0)
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
  const blockNumber = block.number
  delegations.push(...delegationsOf(block.transactions, blockNumber, Number(block.timestamp)))
  return block.transactions.flatMap((tx) =>
    tx.to && tx.value > 0n && tx.input === '0x' && lower(tx.to) !== lower(tx.from)
      ? [
          {
            hash: tx.hash,
            from: tx.from,
            to: tx.to,
            value: tx.value,
            blockNumber,
            index: tx.transactionIndex,
            timestamp: Number(block.timestamp),
          },
        ]
      : [],
  )
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

/**
 * The EIP-7702 authorizations of blocks `from`..`to` in block order, the blocks read in full
 * (JSON-RPC batches of 50); none for a block the node no longer has.
 */
async function rangeDelegations(chainId: number, from: bigint, to: bigint): Promise<Delegation[]> {
  const reader = batchReaderOf(chainId)
  const found: Delegation[] = []
  for (let low = from; low <= to; low += BATCH_BLOCKS) {
    const numbers: bigint[] = []
    for (let n = low; n <= to && n < low + BATCH_BLOCKS; n++) numbers.push(n)
    const blocks = await Promise.all(
      numbers.map((blockNumber) =>
        reader.getBlock({ blockNumber, includeTransactions: true }).catch((error: unknown) => {
          if (error instanceof Error && error.name === 'BlockNotFoundError') return null
          throw error
        }),
      ),
    )
    for (const block of blocks)
      if (block) found.push(...delegationsOf(block.transactions, block.number, Number(block.timestamp)))
  }
  return found
}

interface TraceEntry {
  readonly type?: string
  readonly error?: string
  readonly action?: { callType?: string; from?: string; to?: string; value?: string; input?: string }
  readonly traceAddress?: readonly number[]
  readonly transactionHash?: string
  readonly transactionPosition?: number
  readonly blockNumber?: number
}

/** The same transfers from the node's trace_filter over a range; none where the node cannot trace. */
async function tracedTransfers(chainId: number, from: bigint, to: bigint): Promise<Transfer[]> {
  const tracer = tracerOf(chainId)
  if (!tracer) return []
  const found: Omit<Transfer, 'timestamp'>[] = []
  for (let low = from; low <= to; low += TRACE_CHUNK) {
    const high = low + TRACE_CHUNK - 1n < to ? low + TRACE_CHUNK - 1n : to
    let entries: TraceEntry[]
    try {
      entries = (await tracer.request({
        method: 'trace_filter',
        params: [{ fromBlock: `0x${low.toString(16)}`, toBlock: `0x${high.toString(16)}` }],
      } as never)) as TraceEntry[]
    } catch {
      return []
    }
    for (const entry of Array.isArray(entries) ? entries : []) {
      const action = entry.action
      if (entry.type !== 'call' || entry.error || (entry.traceAddress ?? []).length > 0) continue
      if (!action?.from || !action.to || action.callType !== 'call') continue
      if ((action.input ?? '0x') !== '0x' || lower(action.from) === lower(action.to)) continue
      const value = BigInt(action.value ?? '0x0')
      if (value === 0n || !entry.transactionHash || entry.blockNumber === undefined) continue
      found.push({
        hash: entry.transactionHash as Hex,
        from: action.from as Address,
        to: action.to as Address,
        value,
        blockNumber: BigInt(entry.blockNumber),
        index: entry.transactionPosition ?? 0,
      })
    }
  }
  const times = new Map<bigint, number>()
  const out: Transfer[] = []
  for (const transfer of found) {
    let timestamp = times.get(transfer.blockNumber)
    if (timestamp === undefined) {
      const header = await tracer.getBlock({ blockNumber: transfer.blockNumber }).catch(() => null)
      if (!header) continue
      timestamp = Number(header.timestamp)
      times.set(transfer.blockNumber, timestamp)
    }
    out.push({ ...transfer, timestamp })
  }
  return out
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
