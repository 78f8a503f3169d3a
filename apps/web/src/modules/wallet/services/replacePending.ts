/**
 * Speed-up and cancel of one of the app's pending transactions, from Activity: `prepare` reads the
 * original from the node and plans the replacement (with its network cost, shown before signing);
 * `send` signs it through the wallet runtime and tracks the new hash in place of the old one.
 */
import { type PendingTransaction, replacePendingTransaction } from '../state/pendingTransactions.ts'
import { walletStore } from '../state/walletStore.ts'
import { loadWalletRuntime } from './loadWalletRuntime.ts'
import {
  planReplacement,
  type ReplacementRequest,
  type ReplaceProblem,
  replaceProblem,
} from './replaceTransaction.ts'
import type { Hex } from './walletActions.ts'

export type PreparedReplacement =
  | { readonly ok: true; readonly request: ReplacementRequest }
  | { readonly ok: false; readonly problem: ReplaceProblem }

export async function prepareReplacement(
  account: Hex,
  tx: PendingTransaction,
  kind: 'speedUp' | 'cancel',
): Promise<PreparedReplacement> {
  const runtime = await loadWalletRuntime()
  const original = await runtime.readTransaction(tx.chainId, tx.hash)
  // The tracked hash is gone from the node while an earlier one of the same nonce was mined.
  const problem = replaceProblem(kind, original, account)
  if (problem || !original) return { ok: false, problem: problem ?? 'notFound' }
  const [network, cancelGas] = await Promise.all([
    runtime.networkFees(tx.chainId),
    kind === 'cancel' ? runtime.estimateCancelGas(tx.chainId, account) : Promise.resolve(undefined),
  ])
  return { ok: true, request: planReplacement(kind, tx.chainId, original, network, cancelGas) }
}

/** Signs and sends the planned replacement (switching the wallet to its network first). */
export async function sendReplacement(
  account: Hex,
  tx: PendingTransaction,
  request: ReplacementRequest,
): Promise<Hex> {
  const runtime = await loadWalletRuntime()
  if (walletStore.get().chainId !== request.chainId) await runtime.switchNetwork(request.chainId)
  const hash = await runtime.sendReplacement(request)
  replacePendingTransaction(account, tx.hash, { hash, nonce: request.nonce, kind: request.kind })
  return hash
}
