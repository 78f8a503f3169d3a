import { useEffect } from 'react'
import { loadWalletRuntime } from '../services/loadWalletRuntime.ts'
import { isWalletActionError } from '../services/walletErrors.ts'
import {
  type PendingTransaction,
  resolvePendingTransaction,
  usePendingTransactions,
} from '../state/pendingTransactions.ts'

/** A transaction still unknown to the chain after this long was dropped: stop counting it. */
const DROP_AFTER_MS = 24 * 60 * 60 * 1000
const RECHECK_TIMEOUT_MS = 10 * 60_000
const watching = new Set<string>()

/**
 * Re-checks the account's pending transactions (after a reload, or ones sent elsewhere in the app)
 * until each is mined, then removes it from the pending list. Loads the wallet runtime only when
 * there is something pending.
 */
export function usePendingTransactionsWatcher(account: string | null): readonly PendingTransaction[] {
  const pending = usePendingTransactions(account)
  useEffect(() => {
    if (!account) return
    for (const tx of pending) {
      const id = `${account.toLowerCase()}:${tx.hash}`
      if (watching.has(id)) continue
      watching.add(id)
      loadWalletRuntime()
        .then((runtime) =>
          runtime.waitForTransaction(tx.chainId, tx.hash, { timeoutMs: RECHECK_TIMEOUT_MS, pollMs: 1000 }),
        )
        .then(
          () => resolvePendingTransaction(account, tx.hash),
          (error: unknown) => {
            // Not mined yet (or the RPC is unreachable): keep it, unless it is long gone.
            const timedOut = isWalletActionError(error) && error.kind === 'timeout'
            if (timedOut && Date.now() - tx.addedAt > DROP_AFTER_MS)
              resolvePendingTransaction(account, tx.hash)
          },
        )
        .finally(() => watching.delete(id))
    }
  }, [account, pending])
  return pending
}
