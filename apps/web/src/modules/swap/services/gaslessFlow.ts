/**
 * A gasless swap (the quote's UniswapX order route), with its dependencies passed in (tests use
 * fakes). The swapper signs once and sends nothing, unless Permit2 may not yet move the token:
 *
 *   check_approval ─ approval needed → approving (the one-time approval of Permit2: send, wait)
 *   → signing (the API builds the Dutch order; its Permit2 witness typed data is checked against
 *     the quote, then signed) → submitting (POST /v1/orders) → pending (the order's status, every
 *     second, with the estimated time until the filler's fill lands) → confirmed | failed
 *
 * No fill by the order's deadline (or the order expired or failed) is the spec's "gasless order
 * failed": the screen offers the classic route.
 */

import { orderTypedData } from '../../../lib/orderTypedData.ts'
import {
  approvePermit2IfNeeded,
  isWalletRejection,
  type Permit2ApprovalDeps,
  Permit2ApprovalError,
} from '../../../lib/permit2Approval.ts'
import type { Hex, TransactionOutcome, TypedDataRequest } from '../../wallet/index.ts'

export interface GaslessRequest {
  readonly chainId: number
  readonly permit2: string
  readonly swapper: Hex
  readonly tokenIn: string
  readonly tokenOut: string
  readonly amountIn: bigint
  /** The order route of the quote the user reviewed. */
  readonly outputStartAmount: bigint
  readonly outputEndAmount: bigint
  readonly deadlineSeconds: number
  readonly estimatedFillSeconds: number
}

export type GaslessFailure = 'rejected' | 'approvalFailed' | 'gaslessFailed' | 'generic'

export type GaslessState =
  | { readonly step: 'approving'; readonly hash?: Hex }
  | { readonly step: 'signing' }
  | { readonly step: 'submitting' }
  | {
      readonly step: 'pending'
      readonly orderHash: Hex
      /** Unix ms: when the fill is expected to land, and the order's deadline. */
      readonly expectedAt: number
      readonly deadlineAt: number
    }
  | { readonly step: 'confirmed'; readonly orderHash: Hex; readonly hash: Hex }
  | { readonly step: 'failed'; readonly reason: GaslessFailure; readonly detail: string }

/** An order's status as GET /v1/orders/:hash answers it. */
export interface GaslessOrderStatus {
  readonly orderStatus: 'opened' | 'executed' | 'canceled' | 'expired' | 'failed'
  readonly txHash: string | null
  readonly deadline: number
}

export interface GaslessDeps {
  readonly fetchApproval: Permit2ApprovalDeps['fetchApproval']
  readonly prepare: (body: {
    chainId: number
    swapper: string
    inputToken: string
    inputAmount: string
    outputToken: string
    outputAmount: string
    gasless: { outputStartAmount: string }
  }) => Promise<{
    orderHash: string
    encodedOrder: string
    typedData: {
      domain: Record<string, unknown>
      types: Record<string, { name: string; type: string }[]>
      primaryType: 'PermitWitnessTransferFrom'
      message: Record<string, unknown>
    }
  }>
  readonly submit: (body: { chainId: number; encodedOrder: string; signature: Hex }) => Promise<unknown>
  readonly orderStatus: (orderHash: Hex) => Promise<GaslessOrderStatus>
  readonly wallet: {
    sendTransaction(request: { to: Hex; data: Hex; value: bigint; chainId: number }): Promise<Hex>
    waitForTransaction(chainId: number, hash: Hex): Promise<TransactionOutcome>
    signTypedData(request: TypedDataRequest): Promise<Hex>
  }
  /** Unix ms. */
  readonly now: () => number
  readonly sleep: (ms: number) => Promise<void>
  /** How often the order's status is read while pending (ms). Default 1000. */
  readonly pollMs?: number
}

class Failure extends Error {
  constructor(
    readonly reason: GaslessFailure,
    detail: string,
  ) {
    super(detail)
  }
}

function failureOf(error: unknown): Failure {
  if (error instanceof Failure) return error
  if (error instanceof Permit2ApprovalError) return new Failure(error.reason, error.message)
  const detail = error instanceof Error ? error.message : String(error)
  return new Failure(isWalletRejection(error) ? 'rejected' : 'generic', detail)
}

/** A few seconds past the deadline before giving up: the fill's block may still be on its way. */
const DEADLINE_GRACE_MS = 5_000

export async function runGaslessFlow(
  request: GaslessRequest,
  deps: GaslessDeps,
  onState: (state: GaslessState) => void,
): Promise<GaslessState> {
  const finish = (state: GaslessState) => {
    onState(state)
    return state
  }
  try {
    await approvePermit2IfNeeded(deps, (hash) =>
      onState(hash ? { step: 'approving', hash } : { step: 'approving' }),
    )
    onState({ step: 'signing' })
    const prepared = await deps.prepare({
      chainId: request.chainId,
      swapper: request.swapper,
      inputToken: request.tokenIn,
      inputAmount: request.amountIn.toString(),
      outputToken: request.tokenOut,
      outputAmount: request.outputEndAmount.toString(),
      gasless: { outputStartAmount: request.outputStartAmount.toString() },
    })
    const typedData = orderTypedData(prepared as Parameters<typeof orderTypedData>[0], {
      chainId: request.chainId,
      permit2: request.permit2,
      swapper: request.swapper,
      inputToken: request.tokenIn,
      inputAmount: request.amountIn,
      outputToken: request.tokenOut,
      outputAmount: request.outputEndAmount,
      outputStartAmount: request.outputStartAmount,
      // the API sets the deadline; a little slack for the clocks
      deadline: Math.floor(deps.now() / 1000) + request.deadlineSeconds + 60,
    })
    const signature = await deps.wallet.signTypedData(typedData)
    onState({ step: 'submitting' })
    await deps.submit({ chainId: request.chainId, encodedOrder: prepared.encodedOrder, signature })
    const orderHash = prepared.orderHash as Hex
    const submittedAt = deps.now()
    const deadlineAt = Number(typedData.message.deadline) * 1000
    onState({
      step: 'pending',
      orderHash,
      expectedAt: submittedAt + request.estimatedFillSeconds * 1000,
      deadlineAt,
    })
    for (;;) {
      await deps.sleep(deps.pollMs ?? 1000)
      let status: GaslessOrderStatus | undefined
      try {
        status = await deps.orderStatus(orderHash)
      } catch {
        // the service did not answer this time: ask again until the deadline
      }
      if (status?.orderStatus === 'executed' && status.txHash)
        return finish({ step: 'confirmed', orderHash, hash: status.txHash as Hex })
      if (status && status.orderStatus !== 'opened')
        throw new Failure('gaslessFailed', `the order is ${status.orderStatus}`)
      if (deps.now() > deadlineAt + DEADLINE_GRACE_MS)
        throw new Failure('gaslessFailed', 'no fill before the deadline')
    }
  } catch (error) {
    const failure = failureOf(error)
    return finish({ step: 'failed', reason: failure.reason, detail: failure.message })
  }
}

/** Minutes and seconds until `at` (never negative), as the spec shows estimated times. */
export function minutesAndSeconds(at: number, now: number): { minutes: number; seconds: number } {
  const left = Math.max(0, Math.ceil((at - now) / 1000))
  return { minutes: Math.floor(left / 60), seconds: left % 60 }
}
