import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import {
  type Address,
  createPublicClient,
  http,
  isHash,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem'
import { fetchTokenPrices } from '../../../lib/tokenPrices.ts'

/** What an Activity row tells the details dialog (already translated; untrusted parts as text). */
export interface ActivitySummary {
  /**
   * The transaction's hash as the row knows it (validated before any read); null for an order with
   * no transaction yet (an open limit order, a fiat order still with its provider): nothing to read.
   */
  readonly hash: string | null
  /** Network slug. */
  readonly network: string
  readonly type: string
  readonly status: string
  /** Whether the row is a failed transaction (shown in the error colour). */
  readonly failed: boolean
  /** Formatted token movements ('+1.5 WETH'), from the indexer; empty when none are known. */
  readonly changes: readonly string[]
  /** Unix seconds the row knows (the indexer's block time), else when the app sent it. */
  readonly at: number | null
  /** A provider's fee where the row has one (formatted), else null: no row shown. */
  readonly providerFee: string | null
}

export type TransactionDetails =
  | {
      readonly mined: true
      /** Who sent it, and so paid its network cost. */
      readonly from: Address
      readonly status: 'success' | 'reverted'
      readonly blockNumber: bigint
      /** Unix seconds of the block. */
      readonly timestamp: number
      readonly gasUsed: bigint
      readonly effectiveGasPrice: bigint
      /** gasUsed × effectiveGasPrice, in wei of the network's native token. */
      readonly networkCostWei: bigint
    }
  /** Known to the node (in its mempool), not mined: no network cost yet. */
  | { readonly mined: false; readonly from: Address }

/** The details cannot be read: a malformed hash, unknown to the node, or the node unreachable. */
export class TransactionDetailsError extends Error {
  override readonly name = 'TransactionDetailsError'
  constructor(
    readonly reason: 'malformed' | 'unknown' | 'unreachable',
    options?: { cause?: unknown },
  ) {
    super(`Cannot load transaction (${reason})`, options)
  }
}

const notFound = (error: unknown) =>
  error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError

/**
 * Reads a transaction's receipt (and its block's time) from the network's node with viem: the
 * network cost is the receipt's gasUsed × effectiveGasPrice. A transaction only in the mempool is
 * `mined: false`; one the node does not know, a malformed hash or an unreachable node throw
 * TransactionDetailsError.
 */
export async function readTransactionDetails(rpcUrl: string, hash: string): Promise<TransactionDetails> {
  if (!isHash(hash)) throw new TransactionDetailsError('malformed')
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 8_000 }) })
  try {
    const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (notFound(error)) return null
      throw error
    })
    if (!receipt) {
      const sent = await client.getTransaction({ hash }).catch((error: unknown) => {
        if (notFound(error)) return null
        throw error
      })
      if (!sent) throw new TransactionDetailsError('unknown')
      return { mined: false, from: sent.from }
    }
    const block = await client.getBlock({ blockNumber: receipt.blockNumber })
    return {
      mined: true,
      from: receipt.from,
      status: receipt.status,
      blockNumber: receipt.blockNumber,
      timestamp: Number(block.timestamp),
      gasUsed: receipt.gasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice,
      networkCostWei: receipt.gasUsed * receipt.effectiveGasPrice,
    }
  } catch (error) {
    if (error instanceof TransactionDetailsError) throw error
    throw new TransactionDetailsError('unreachable', { cause: error })
  }
}

/** The USD price of the network's native token (the indexer's, from its pools), null when unpriced. */
export async function fetchNativePriceUsd(
  graphqlUrl: string,
  network: string,
  signal?: AbortSignal,
): Promise<number | null> {
  const prices = await fetchTokenPrices(graphqlUrl, [{ network, address: NATIVE_CURRENCY_ADDRESS }], signal)
  return prices.values().next().value ?? null
}
