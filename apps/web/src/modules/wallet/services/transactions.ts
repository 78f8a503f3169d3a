import { type Config, getConnection, getPublicClient, sendTransaction } from '@wagmi/core'
import { type Chain, isAddressEqual } from 'viem'
import { findTrackedTransaction } from '../state/pendingTransactions.ts'
import { hashesOf } from './reconcilePending.ts'
import type { Fees, SentTransaction } from './replaceTransaction.ts'
import type { DecodedRevertInfo, Hex, ReplacementActions, TransactionOutcome } from './walletActions.ts'
import {
  classifyWalletError,
  findRevertData,
  firstLine,
  isHexString,
  WalletActionError,
} from './walletErrors.ts'

export const RECEIPT_TIMEOUT_MS = 5 * 60_000

/** Re-throws any wallet/node error as a WalletActionError with its kind. */
export function asWalletError(error: unknown): never {
  if (error instanceof WalletActionError) throw error
  throw new WalletActionError(classifyWalletError(error), firstLine(error), { cause: error })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Decodes revert data against the protocol's errors. The selector table (and @oxbow/protocol) is
 * its own chunk, loaded only when a transaction reverted.
 */
export async function decodeRevertData(data: Hex): Promise<DecodedRevertInfo> {
  const { decodeRevert } = await import('@oxbow/protocol/errors')
  const convert = (d: ReturnType<typeof decodeRevert>): DecodedRevertInfo => ({
    name: d.name,
    args: d.args,
    ...(d.inner ? { inner: convert(d.inner) } : {}),
  })
  return convert(decodeRevert(data))
}

/** Public clients, receipts and replacement actions over the runtime's wagmi config. */
export function createTransactionActions(
  config: Config,
  chains: readonly Chain[],
  environment: 'local' | 'mainnet',
) {
  const publicClient = (chainId: number) => {
    if (!chains.some((chain) => chain.id === chainId))
      throw new WalletActionError('unknown', `Unsupported network (chain ${chainId})`)
    const client = getPublicClient(config, { chainId })
    if (!client) throw new WalletActionError('unknown', `No client for chain ${chainId}`)
    return client
  }

  async function waitForTransaction(
    chainId: number,
    hash: Hex,
    options: { timeoutMs?: number; pollMs?: number } = {},
  ): Promise<TransactionOutcome> {
    const client = publicClient(chainId)
    const pollMs = options.pollMs ?? (environment === 'local' ? 100 : 1000)
    const giveUpAt = Date.now() + (options.timeoutMs ?? RECEIPT_TIMEOUT_MS)
    // A plain polling loop: the first look is immediate (the devnet mines on arrival), and the
    // interval is ours, not the transport's 4 s default.
    const outcomeOf = async (txHash: Hex): Promise<TransactionOutcome | null> => {
      const receipt = await client.getTransactionReceipt({ hash: txHash }).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return null
        throw error
      })
      if (!receipt) return null
      const logs = receipt.logs.map((log) => ({ address: log.address, topics: log.topics, data: log.data }))
      if (receipt.status === 'success') return { status: 'success', blockNumber: receipt.blockNumber, logs }
      const revertData = await replayForRevert(chainId, txHash, receipt.blockNumber)
      return {
        status: 'reverted',
        blockNumber: receipt.blockNumber,
        logs,
        ...(revertData ? { revertData, revert: await decodeRevertData(revertData) } : {}),
      }
    }
    for (;;) {
      const outcome = await outcomeOf(hash)
      if (outcome) return outcome
      // Sped up or canceled from Activity: the tracked hash (same nonce) is the one to wait for.
      const tracked = findTrackedTransaction(hash)
      for (const other of tracked ? hashesOf(tracked) : []) {
        if (other.toLowerCase() === hash.toLowerCase()) continue
        const replaced = await outcomeOf(other)
        if (!replaced) continue
        const isCancel =
          other === tracked?.hash && tracked.status !== undefined && tracked.status !== 'pending'
        if (isCancel) throw new WalletActionError('canceled', `${hash} was canceled by ${other}`)
        return replaced
      }
      if (Date.now() + pollMs > giveUpAt)
        throw new WalletActionError('timeout', `No receipt for ${hash} in time`)
      await sleep(pollMs)
    }
  }

  /** Replays a reverted transaction with eth_call at its block to read the revert data. */
  async function replayForRevert(chainId: number, hash: Hex, blockNumber: bigint): Promise<Hex | undefined> {
    const client = publicClient(chainId)
    try {
      const tx = await client.getTransaction({ hash })
      if (!tx.to) return undefined
      await client.call({
        account: tx.from,
        to: tx.to,
        data: tx.input,
        value: tx.value,
        gas: tx.gas,
        blockNumber,
      })
      return undefined
    } catch (error) {
      const data = findRevertData(error)
      return data && isHexString(data) ? data : undefined
    }
  }
  const feesOf = (tx: {
    maxFeePerGas?: bigint | undefined
    maxPriorityFeePerGas?: bigint | undefined
    gasPrice?: bigint | undefined
  }): Fees =>
    tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined
      ? { type: 'eip1559', maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas }
      : { type: 'legacy', gasPrice: tx.gasPrice ?? 0n }

  const replacementActions: ReplacementActions = {
    async readTransaction(chainId, hash) {
      try {
        const tx = await publicClient(chainId)
          .getTransaction({ hash })
          .catch((error: unknown) => {
            if (error instanceof Error && error.name === 'TransactionNotFoundError') return null
            throw error
          })
        if (!tx) return null
        return {
          hash: tx.hash,
          from: tx.from,
          to: tx.to,
          data: tx.input,
          value: tx.value,
          nonce: tx.nonce,
          gas: tx.gas,
          fees: feesOf(tx),
          blockNumber: tx.blockNumber,
        } satisfies SentTransaction
      } catch (error) {
        return asWalletError(error)
      }
    },
    async networkFees(chainId) {
      try {
        const client = publicClient(chainId)
        const [block, fees] = await Promise.all([
          client.getBlock({ blockTag: 'latest' }),
          client.estimateFeesPerGas(),
        ])
        return { baseFeePerGas: block.baseFeePerGas ?? 0n, fees: feesOf(fees) }
      } catch (error) {
        return asWalletError(error)
      }
    },
    async estimateCancelGas(chainId, account) {
      try {
        const client = publicClient(chainId)
        const code = await client.getCode({ address: account })
        if (code === undefined || code === '0x') return 21_000n
        return await client.estimateGas({ account, to: account, value: 0n, data: '0x' })
      } catch (error) {
        return asWalletError(error)
      }
    },
    async confirmedNonce(chainId, account) {
      try {
        return await publicClient(chainId).getTransactionCount({ address: account, blockTag: 'latest' })
      } catch (error) {
        return asWalletError(error)
      }
    },
    async receiptStatus(chainId, hash) {
      try {
        const receipt = await publicClient(chainId)
          .getTransactionReceipt({ hash })
          .catch((error: unknown) => {
            if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return null
            throw error
          })
        return receipt ? receipt.status : null
      } catch (error) {
        return asWalletError(error)
      }
    },
    async sendReplacement(request) {
      try {
        const { address } = getConnection(config)
        if (!address || !isAddressEqual(address, request.from))
          throw new WalletActionError('unknown', 'The transaction was sent from another account')
        const fees =
          request.fees.type === 'eip1559'
            ? {
                type: 'eip1559' as const,
                maxFeePerGas: request.fees.maxFeePerGas,
                maxPriorityFeePerGas: request.fees.maxPriorityFeePerGas,
              }
            : { type: 'legacy' as const, gasPrice: request.fees.gasPrice }
        return await sendTransaction(config, {
          chainId: request.chainId,
          to: request.to,
          data: request.data,
          value: request.value,
          gas: request.gas,
          nonce: request.nonce,
          ...fees,
        })
      } catch (error) {
        return asWalletError(error)
      }
    },
  }
  return { waitForTransaction, replacementActions }
}
