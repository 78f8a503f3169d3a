/**
 * What the open-orders view shows for an order: the service's status (from the chain), overlaid by
 * this app's own cancel in progress, in the spec's limit-order statuses.
 */
import type { LimitOrder } from '../services/ordersApi.ts'

export type ShownOrderStatus =
  | 'opened'
  | 'pending'
  | 'executed'
  | 'canceled'
  | 'expired'
  | 'failed'
  | 'pendingCancellation'
  | 'cancellationSubmitted'
  | 'cancellationSuccessful'

/** This app's cancel of an order: asked of the wallet, sent (hash), or mined. */
export type LocalCancel = 'signing' | 'submitted' | 'successful'

export function shownStatus(
  order: LimitOrder,
  cancel: LocalCancel | undefined,
  nowSeconds: number,
): ShownOrderStatus {
  if (order.orderStatus !== 'opened') return order.orderStatus
  if (cancel === 'signing') return 'pendingCancellation'
  if (cancel === 'submitted') return 'cancellationSubmitted'
  if (cancel === 'successful') return 'cancellationSuccessful'
  // past its deadline, before the service has seen a block after it
  return order.deadline <= nowSeconds ? 'expired' : 'opened'
}

/** An order a cancel may still select: open, and no cancel of it under way. */
export function isCancellable(status: ShownOrderStatus): boolean {
  return status === 'opened'
}
