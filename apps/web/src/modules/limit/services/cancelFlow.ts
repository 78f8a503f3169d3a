/**
 * The spec's limit-order cancel flow: not started → pending signature (the wallet is asked for the
 * Permit2 `invalidateUnorderedNonces` transactions, one per 256-nonce word) → pending confirmation
 * (one confirmation awaited on the first returned hash) → cancelled. When no transaction comes back
 * (rejected, or the wallet failed) it returns to reviewing the cancellation.
 */
import type { Hex, TransactionOutcome } from '../../wallet/index.ts'
import { nonceInvalidations } from './cancelNonces.ts'

export type CancelFlowState =
  | { readonly step: 'notStarted' }
  | { readonly step: 'reviewing' }
  | { readonly step: 'pendingSignature' }
  | { readonly step: 'pendingConfirmation'; readonly hash: Hex }
  | { readonly step: 'cancelled'; readonly hash: Hex }

/** Permit2 `invalidateUnorderedNonces(uint256 wordPos, uint256 mask)` */
const INVALIDATE_UNORDERED_NONCES = '0x3ff9dcb1'
const word = (value: bigint) => value.toString(16).padStart(64, '0')

/** The calldata of each cancel transaction for `nonces` (grouped per word). */
export function cancelCalls(nonces: readonly bigint[]): Hex[] {
  return nonceInvalidations(nonces).map(
    ({ wordPos, mask }) => `${INVALIDATE_UNORDERED_NONCES}${word(wordPos)}${word(mask)}` as Hex,
  )
}

export interface CancelDeps {
  sendTransaction(request: { to: Hex; data: Hex; value: bigint; chainId: number }): Promise<Hex>
  waitForTransaction(chainId: number, hash: Hex): Promise<TransactionOutcome>
}

/** Runs the cancel of `nonces` (one network's orders); resolves with the final state. */
export async function runCancel(
  request: { readonly chainId: number; readonly permit2: Hex; readonly nonces: readonly bigint[] },
  deps: CancelDeps,
  onState: (state: CancelFlowState) => void,
): Promise<CancelFlowState> {
  onState({ step: 'pendingSignature' })
  const hashes: Hex[] = []
  for (const data of cancelCalls(request.nonces)) {
    try {
      hashes.push(
        await deps.sendTransaction({ to: request.permit2, data, value: 0n, chainId: request.chainId }),
      )
    } catch {
      break
    }
  }
  const first = hashes[0]
  if (!first) {
    const back = { step: 'reviewing' } as const
    onState(back)
    return back
  }
  onState({ step: 'pendingConfirmation', hash: first })
  try {
    const outcome = await deps.waitForTransaction(request.chainId, first)
    if (outcome.status !== 'success') {
      const back = { step: 'reviewing' } as const
      onState(back)
      return back
    }
  } catch {
    const back = { step: 'reviewing' } as const
    onState(back)
    return back
  }
  const done = { step: 'cancelled', hash: first } as const
  onState(done)
  return done
}
