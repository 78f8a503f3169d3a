import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { findNetworkByChainId } from '../../config/index.ts'
import { useBlockedAccount } from '../../screening/index.ts'
import {
  addPendingTransaction,
  type DecodedRevertInfo,
  type Hex,
  isWalletActionError,
  loadWalletRuntime,
  type PendingTransactionKind,
  resolvePendingTransaction,
  type TransactionRequest,
} from '../../wallet/index.ts'
import { publicClientFor } from '../services/chain.ts'

/** Gas limit = estimate × 1.3: position-manager multicalls were seen under-estimated (out of gas). */
const GAS_MARGIN_PERCENT = 130n

async function withGasMargin(account: Hex, tx: TransactionRequest): Promise<TransactionRequest> {
  if (tx.gas !== undefined) return tx
  const network = findNetworkByChainId(tx.chainId)
  const client = network ? publicClientFor(network.slug) : undefined
  if (!client) return tx
  const estimate = await client.estimateGas({ account, to: tx.to, data: tx.data, value: tx.value })
  return { ...tx, gas: (estimate * GAS_MARGIN_PERCENT) / 100n }
}

/**
 * A revert's reason for people: the message of Solidity's `Error(string)` (v2/v3 `require`s such as
 * "Transaction too old"), else the decoded error's name (v4 unwrapped one level), null when unknown.
 * The message is chain data: rendered as text only, and capped.
 */
function revertReason(revert: DecodedRevertInfo | undefined): string | null {
  const decoded = revert?.inner ?? revert
  if (!decoded?.name) return null
  const message = decoded.args[0]
  if (decoded.name === 'Error' && typeof message === 'string' && message !== '') return message.slice(0, 200)
  return decoded.name
}

export type LiquidityTxState =
  | { readonly step: 'idle' }
  | { readonly step: 'wallet'; readonly index: number; readonly total: number }
  | { readonly step: 'pending'; readonly hash: Hex; readonly index: number; readonly total: number }
  | { readonly step: 'confirmed'; readonly hash: Hex }
  | { readonly step: 'failed'; readonly reason: 'rejected' | 'reverted' | 'error'; readonly detail: string }

/** One transaction of a liquidity action, with the spec's type it is recorded under. */
export interface LiquidityRequest {
  readonly kind: PendingTransactionKind
  readonly tx: TransactionRequest
}

export interface LiquidityTransaction {
  readonly state: LiquidityTxState
  readonly busy: boolean
  /** The connected account is blocked (the API's screening): nothing is sent for it. */
  readonly blocked: boolean
  /** Sends the requests in order from `account` (each waits for the previous one's receipt). */
  readonly run: (account: Hex, requests: readonly LiquidityRequest[]) => Promise<boolean>
  readonly reset: () => void
}

/**
 * Sends liquidity transactions through the wallet runtime: switches the wallet to the position's
 * network, sends, waits for the receipt (a revert is decoded to its error name), then refreshes
 * every liquidity query so the page shows the chain's new state.
 */
export function useLiquidityTransaction(): LiquidityTransaction {
  const queryClient = useQueryClient()
  const [state, setState] = useState<LiquidityTxState>({ step: 'idle' })
  const busy = useRef(false)
  const [isBusy, setBusy] = useState(false)
  const blockedAccount = useBlockedAccount()
  const blocked = useRef(false)
  blocked.current = blockedAccount !== null

  const run = useCallback(
    async (account: Hex, requests: readonly LiquidityRequest[]) => {
      if (busy.current || blocked.current || requests.length === 0) return false
      busy.current = true
      setBusy(true)
      try {
        const wallet = await loadWalletRuntime()
        const chainId = requests[0]?.tx.chainId ?? 0
        await wallet.switchNetwork(chainId)
        let last: Hex | null = null
        for (const [index, request] of requests.entries()) {
          setState({ step: 'wallet', index, total: requests.length })
          const hash = await wallet.sendTransaction(await withGasMargin(account, request.tx))
          addPendingTransaction(account, { hash, chainId, kind: request.kind, addedAt: Date.now() })
          setState({ step: 'pending', hash, index, total: requests.length })
          const outcome = await wallet.waitForTransaction(chainId, hash)
          resolvePendingTransaction(account, hash, outcome.status)
          if (outcome.status !== 'success') {
            const reason = revertReason(outcome.revert)
            setState({ step: 'failed', reason: 'reverted', detail: reason ?? outcome.revertData ?? '' })
            return false
          }
          last = hash
        }
        if (last) setState({ step: 'confirmed', hash: last })
        return true
      } catch (error) {
        const rejected = isWalletActionError(error) && error.kind === 'rejected'
        setState({
          step: 'failed',
          reason: rejected ? 'rejected' : 'error',
          detail: error instanceof Error ? (error.message.split('\n')[0]?.slice(0, 200) ?? '') : '',
        })
        return false
      } finally {
        busy.current = false
        setBusy(false)
        // Re-read in the background: the next action must not wait for every list row's refetch.
        void queryClient.invalidateQueries({ queryKey: ['liquidity'] })
      }
    },
    [queryClient],
  )
  const reset = useCallback(() => setState({ step: 'idle' }), [])
  return { state, busy: isBusy, blocked: blockedAccount !== null, run, reset }
}
