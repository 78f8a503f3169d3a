/**
 * The order service's client (apps/api /v1/orders): build an order to sign, submit the signed
 * order, list an account's orders. Answers are parsed with the API's contract (@oxbow/api-contract);
 * an error answer is a TradingApiError with the API's typed code.
 */

import { type ApprovalRequestBody, type ApprovalResponse, approvalResponseSchema } from '@oxbow/api-contract'
import {
  type LimitOrder,
  type OrdersResponse,
  ordersResponseSchema,
  type PreparedOrder,
  type PrepareOrderRequestBody,
  preparedOrderSchema,
  type SubmitOrderResponse,
  submitOrderResponseSchema,
} from '@oxbow/api-contract/orders'
import { callApi } from '../../swap/index.ts'

export type { LimitOrder, OrdersResponse, PreparedOrder, PrepareOrderRequestBody }

export function prepareOrder(body: PrepareOrderRequestBody, signal?: AbortSignal): Promise<PreparedOrder> {
  return callApi('/v1/orders/prepare', preparedOrderSchema, { method: 'POST', body, signal })
}

export function submitOrder(
  body: { chainId: number; encodedOrder: string; signature: string },
  signal?: AbortSignal,
): Promise<SubmitOrderResponse> {
  return callApi('/v1/orders', submitOrderResponseSchema, { method: 'POST', body, signal })
}

/**
 * An account's orders on every network, newest first, with its open-order count: limit orders and
 * gasless swaps' orders (Activity lists both; the limits view only the limit orders).
 */
export function fetchOrders(swapper: string, signal?: AbortSignal): Promise<OrdersResponse> {
  const query = new URLSearchParams({ swapper, limit: '200' })
  return callApi(`/v1/orders?${query}`, ordersResponseSchema, { method: 'GET', signal })
}

/** The ERC-20 approval of Permit2 the swapper must send before an order can spend `amount`, or null. */
export function fetchApproval(params: ApprovalRequestBody, signal?: AbortSignal): Promise<ApprovalResponse> {
  return callApi('/v1/check_approval', approvalResponseSchema, { method: 'POST', body: params, signal })
}

/**
 * An account's orders (the service's list, every network), refreshed every 2 s: the limits view's
 * query (its limit orders) and the account drawer's Activity rows (limit orders and gasless swaps;
 * one cache entry, so a cancel shows in both).
 */
export function ordersQuery(account: string | null) {
  return {
    queryKey: ['limit-orders', account?.toLowerCase() ?? ''],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchOrders(account ?? '', signal),
    enabled: account !== null,
    refetchInterval: 2_000,
    retry: 1,
  } as const
}

/** A limit order, not a gasless swap's order (that one is a swap: Activity shows it, the limits view not). */
export const isLimitOrder = (order: LimitOrder): boolean => order.kind !== 'gasless'
