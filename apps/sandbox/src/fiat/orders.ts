/** Order state of the fiat sandboxes: one transaction per order, status changes sent as signed webhooks in order, payouts. */
import { randomUUID } from 'node:crypto'
import { webhookSignature } from '@oxbow/api-contract/fiat-sandbox'
import type { Address, Hex } from 'viem'
import type { Side } from './catalog.ts'
import type { CryptoAsset, Treasury } from './treasury.ts'

export interface Credentials {
  readonly apiKey: string
  readonly secretKey: string
  readonly webhookSecret: string
}

export type TransactionStatus = 'waitingForDeposit' | 'pending' | 'completed' | 'failed'

export interface Transaction {
  readonly id: string
  readonly provider: string
  readonly side: Side | 'transfer'
  readonly externalOrderId: string
  readonly walletAddress: Address
  readonly asset: CryptoAsset
  readonly cryptoAmount: bigint
  status: TransactionStatus
  txHash: Hex | null
  depositTxHash: Hex | null
  failureReason: string | null
}

export interface OrderBookOptions {
  readonly treasury: Treasury
  readonly credentials: Readonly<Record<string, Credentials>>
  /** Webhooks go to `${webhookBase}/${providerId}`. */
  readonly webhookBase: string
  readonly log: (line: string) => void
}

/** The sandbox's orders in memory, with the status changes and payouts that move them on. */
export function createOrderBook(options: OrderBookOptions) {
  const { treasury, credentials, log } = options
  /** Transactions by provider and external order id: one per order, so nothing is paid twice. */
  const transactions = new Map<string, Transaction>()
  const usedDeposits = new Set<string>()
  const key = (provider: string, externalOrderId: string) => `${provider}/${externalOrderId}`

  async function sendWebhook(tx: Transaction): Promise<void> {
    const creds = credentials[tx.provider]
    if (!creds) return
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'transaction.updated',
      createdAt: new Date().toISOString(),
      data: {
        id: tx.id,
        externalOrderId: tx.externalOrderId,
        status: tx.status,
        side: tx.side,
        walletAddress: tx.walletAddress,
        crypto: tx.asset.symbol,
        network: tx.asset.network,
        cryptoAmount: tx.cryptoAmount.toString(),
        txHash: tx.txHash,
        depositAddress: tx.side === 'sell' ? treasury.address : null,
        failureReason: tx.failureReason,
      },
    })
    // Delivered in order, retried on failure (as the real services do): 4 attempts.
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const response = await fetch(`${options.webhookBase}/${tx.provider}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-sandbox-signature': webhookSignature(creds.webhookSecret, body, Math.floor(Date.now() / 1000)),
          },
          body,
          signal: AbortSignal.timeout(5000),
        })
        if (response.ok || (response.status >= 400 && response.status < 500 && response.status !== 429)) {
          if (!response.ok) log(`webhook ${tx.provider} ${tx.status} refused: ${response.status}`)
          return
        }
      } catch (error) {
        log(`webhook ${tx.provider} ${tx.status} failed: ${String(error)}`)
      }
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt))
    }
  }

  /** Status changes go out as webhooks one after another per transaction. */
  const webhookQueues = new Map<string, Promise<void>>()
  function setStatus(tx: Transaction, status: TransactionStatus): Promise<void> {
    tx.status = status
    const snapshot = { ...tx }
    const previous = webhookQueues.get(tx.id) ?? Promise.resolve()
    const next = previous.then(() => sendWebhook(snapshot))
    webhookQueues.set(tx.id, next)
    return next
  }

  async function payOut(tx: Transaction): Promise<void> {
    try {
      tx.txHash = await treasury.send(tx.asset, tx.walletAddress, tx.cryptoAmount)
      await setStatus(tx, 'completed')
    } catch (error) {
      tx.failureReason = 'payout_failed'
      log(`payout ${tx.id} failed: ${String(error)}`)
      await setStatus(tx, 'failed')
    }
  }

  return { transactions, usedDeposits, key, setStatus, payOut }
}
