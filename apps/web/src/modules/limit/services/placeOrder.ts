/**
 * Placing a limit order, with its dependencies passed in (tests use fakes):
 *
 *   check_approval ─ approval needed → approving (send, wait) ─→ preparing (API builds the order)
 *   → signing (Permit2 witness, EIP-712) → submitting (POST /v1/orders) → placed | failed
 */

import { type OrderTerms, orderTypedData } from '../../../lib/orderTypedData.ts'
import {
  approvePermit2IfNeeded,
  isWalletRejection,
  type Permit2ApprovalDeps,
  Permit2ApprovalError,
} from '../../../lib/permit2Approval.ts'
import type { Hex, TransactionOutcome, TypedDataRequest } from '../../wallet/index.ts'
import type { LimitOrder, PreparedOrder, PrepareOrderRequestBody } from './ordersApi.ts'

export type PlaceOrderState =
  | { readonly step: 'approving'; readonly hash?: Hex }
  | { readonly step: 'signing' }
  | { readonly step: 'submitting' }
  | { readonly step: 'placed'; readonly order: LimitOrder; readonly openOrders: number }
  | { readonly step: 'failed'; readonly reason: PlaceOrderFailure; readonly detail: string }

/** Why placing failed: said to the user with the spec's wording where it has one. */
export type PlaceOrderFailure =
  | 'rejected'
  | 'approvalFailed'
  | 'tooManyOpenOrders'
  | 'insufficientBalance'
  | 'expired'
  | 'unsupportedToken'
  | 'generic'

export interface PlaceOrderDeps {
  readonly fetchApproval: Permit2ApprovalDeps['fetchApproval']
  readonly prepare: (body: PrepareOrderRequestBody) => Promise<PreparedOrder>
  readonly submit: (body: {
    chainId: number
    encodedOrder: Hex
    signature: Hex
  }) => Promise<{ order: LimitOrder; openOrders: number }>
  readonly wallet: {
    sendTransaction(request: { to: Hex; data: Hex; value: bigint; chainId: number }): Promise<Hex>
    waitForTransaction(chainId: number, hash: Hex): Promise<TransactionOutcome>
    signTypedData(request: TypedDataRequest): Promise<Hex>
  }
  readonly onApprovalSent?: (hash: Hex) => void
}

class Failure extends Error {
  constructor(
    readonly reason: PlaceOrderFailure,
    detail: string,
  ) {
    super(detail)
  }
}

const apiFailures: Readonly<Record<string, PlaceOrderFailure>> = {
  TOO_MANY_OPEN_ORDERS: 'tooManyOpenOrders',
  INSUFFICIENT_BALANCE: 'insufficientBalance',
  ORDER_EXPIRED: 'expired',
  UNSUPPORTED_TOKEN: 'unsupportedToken',
}

function failureOf(error: unknown): Failure {
  if (error instanceof Failure) return error
  const detail = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && apiFailures[code]) return new Failure(apiFailures[code], detail)
  if (error instanceof Permit2ApprovalError) return new Failure(error.reason, detail)
  return new Failure(isWalletRejection(error) ? 'rejected' : 'generic', detail)
}

export async function placeOrder(
  terms: OrderTerms,
  deps: PlaceOrderDeps,
  onState: (state: PlaceOrderState) => void,
): Promise<PlaceOrderState> {
  const finish = (state: PlaceOrderState) => {
    onState(state)
    return state
  }
  try {
    await approvePermit2IfNeeded(deps, (hash) => {
      if (hash) deps.onApprovalSent?.(hash)
      onState(hash ? { step: 'approving', hash } : { step: 'approving' })
    })
    onState({ step: 'signing' })
    const prepared = await deps.prepare({
      chainId: terms.chainId,
      swapper: terms.swapper,
      inputToken: terms.inputToken,
      inputAmount: terms.inputAmount.toString(),
      outputToken: terms.outputToken,
      outputAmount: terms.outputAmount.toString(),
      deadline: terms.deadline,
    })
    const typedData = orderTypedData(prepared, terms)
    const signature = await deps.wallet.signTypedData(typedData)
    onState({ step: 'submitting' })
    const { order, openOrders } = await deps.submit({
      chainId: terms.chainId,
      encodedOrder: prepared.encodedOrder,
      signature,
    })
    return finish({ step: 'placed', order, openOrders })
  } catch (error) {
    const failure = failureOf(error)
    return finish({ step: 'failed', reason: failure.reason, detail: failure.message })
  }
}
