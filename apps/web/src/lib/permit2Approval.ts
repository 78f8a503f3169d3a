/**
 * The one-time approval of Permit2 before a UniswapX order (a limit order on the Limit screen, a
 * gasless swap's decaying order on the swap screen): the API says whether Permit2 may already move
 * the token (POST /v1/check_approval); if not, the approval is sent, then waited for. One home for
 * the step both order flows take, with the wallet passed in (no wallet code here).
 */
import type { Hex, TransactionOutcome } from '../modules/wallet/index.ts'

/** The approval the API asks for, or null when Permit2 may already move the amount. */
export interface Permit2ApprovalAnswer {
  readonly approval: {
    readonly to: Hex
    readonly data: Hex
    readonly value: string
    readonly chainId: number
  } | null
}

export interface Permit2ApprovalDeps {
  readonly fetchApproval: () => Promise<Permit2ApprovalAnswer>
  readonly wallet: {
    sendTransaction(request: { to: Hex; data: Hex; value: bigint; chainId: number }): Promise<Hex>
    waitForTransaction(chainId: number, hash: Hex): Promise<TransactionOutcome>
  }
}

/** Why the approval step stopped the flow: the user said no, or the approval did not land. */
export class Permit2ApprovalError extends Error {
  constructor(
    readonly reason: 'rejected' | 'approvalFailed',
    detail: string,
  ) {
    super(detail)
    this.name = 'Permit2ApprovalError'
  }
}

/** The wallet runtime's classified rejection (a WalletActionError of kind `rejected`), by name. */
export function isWalletRejection(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.name === 'WalletActionError' &&
    (error as { kind?: unknown }).kind === 'rejected'
  )
}

/**
 * Approves Permit2 if the API says it is needed. `onApproving` is told when the approval starts
 * (no hash) and once it is sent (its hash). Resolves once Permit2 may move the token (at once when
 * it already could); throws a Permit2ApprovalError when the user rejects the approval or it fails
 * or reverts. An error of `fetchApproval` itself is passed on as it is.
 */
export async function approvePermit2IfNeeded(
  deps: Permit2ApprovalDeps,
  onApproving: (hash?: Hex) => void,
): Promise<void> {
  const { approval } = await deps.fetchApproval()
  if (!approval) return
  onApproving()
  let hash: Hex
  try {
    hash = await deps.wallet.sendTransaction({
      to: approval.to,
      data: approval.data,
      value: BigInt(approval.value),
      chainId: approval.chainId,
    })
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new Permit2ApprovalError(isWalletRejection(error) ? 'rejected' : 'approvalFailed', detail)
  }
  onApproving(hash)
  const outcome = await deps.wallet.waitForTransaction(approval.chainId, hash)
  if (outcome.status !== 'success') throw new Permit2ApprovalError('approvalFailed', 'the approval reverted')
}
