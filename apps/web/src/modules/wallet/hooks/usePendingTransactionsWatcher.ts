import { useEffect } from 'react'
import { loadWalletRuntime } from '../services/loadWalletRuntime.ts'
import { type ChainLook, hashesOf, reconcilePending } from '../services/reconcilePending.ts'
import type { WalletRuntime } from '../services/runtime.ts'
import {
  getPendingTransactions,
  hasHash,
  isActive,
  markPendingTransactionCanceled,
  notePendingNonce,
  type PendingTransaction,
  resolvePendingTransaction,
  usePendingTransactions,
} from '../state/pendingTransactions.ts'

const POLL_MS = 1000
/** Accounts with a reconcile loop running (one per account, whoever renders the hook). */
const watching = new Set<string>()

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Reads what the chain says about `tx`: the confirmed nonce first, then every hash's receipt. */
async function lookOnChain(runtime: WalletRuntime, account: `0x${string}`, tx: PendingTransaction) {
  let nonce = tx.nonce
  if (nonce === undefined) {
    // Learnt once from the node (the app's senders do not know it), so a nonce taken by another
    // transaction can be told apart from one still waiting.
    const sent = await runtime.readTransaction(tx.chainId, tx.hash).catch(() => null)
    if (sent) {
      nonce = sent.nonce
      notePendingNonce(account, tx.hash, sent.nonce)
    }
  }
  const confirmedNonce =
    nonce === undefined ? null : await runtime.confirmedNonce(tx.chainId, account).catch(() => null)
  let mined: ChainLook['mined'] = null
  for (const hash of hashesOf(tx)) {
    const status = await runtime.receiptStatus(tx.chainId, hash)
    if (status) {
      mined = { hash, status }
      break
    }
  }
  return { confirmedNonce, mined, nonce }
}

async function reconcileAccount(account: `0x${string}`): Promise<void> {
  const runtime = await loadWalletRuntime()
  for (const tx of getPendingTransactions(account).filter(isActive)) {
    try {
      const look = await lookOnChain(runtime, account, tx)
      const result = reconcilePending(
        look.nonce === undefined ? tx : { ...tx, nonce: look.nonce },
        look,
        Date.now(),
      )
      // Replaced (sped up or canceled) while the chain was read: judge it again next round.
      const latest = getPendingTransactions(account).find((entry) => hasHash(entry, tx.hash))
      if (!latest || latest.hash !== tx.hash) continue
      if (result.action === 'confirmed') resolvePendingTransaction(account, result.hash, result.status)
      else if (result.action === 'dropped') resolvePendingTransaction(account, tx.hash)
      else if (result.action === 'canceled') markPendingTransactionCanceled(account, tx.hash)
    } catch {
      // The RPC is unreachable: look again on the next round.
    }
  }
}

/**
 * Reconciles the account's pending transactions with the chain (after a reload too, and ones sent
 * elsewhere in the app) once a second while any is pending: a mined one (original, speed-up, or the
 * original ahead of its cancel) leaves the list, a mined cancel turns it 'canceled', one whose nonce
 * another transaction used (or unknown for a day) is dropped. Loads the wallet runtime only when
 * there is something pending.
 */
export function usePendingTransactionsWatcher(account: `0x${string}` | null): readonly PendingTransaction[] {
  const pending = usePendingTransactions(account)
  const active = pending.length > 0
  useEffect(() => {
    if (!account || !active) return
    const id = account.toLowerCase()
    if (watching.has(id)) return
    watching.add(id)
    void (async () => {
      try {
        while (getPendingTransactions(account).some(isActive)) {
          await reconcileAccount(account).catch(() => undefined)
          await sleep(POLL_MS)
        }
      } finally {
        watching.delete(id)
      }
    })()
  }, [account, active])
  return pending
}
