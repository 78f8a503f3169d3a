/**
 * Entry `@oxbow/api-contract/orders` (apart from the index, so the web entry does not carry it).
 * The order service's answers (apps/api src/orders, /v1/orders): UniswapX limit orders as a
 * client parses them. Amounts are decimal strings (JSON has no bigint).
 */
import * as z from 'zod/mini'
import { addressOut, hex, uint } from './primitives.ts'

/** The spec's limit-order statuses the service stores (the cancel's in-between states are the client's). */
export const orderStatusSchema = z.enum(['opened', 'executed', 'canceled', 'expired', 'failed'])
export type OrderStatus = z.output<typeof orderStatusSchema>

export const orderSchema = z.object({
  orderHash: hex,
  chainId: z.number(),
  swapper: addressOut,
  reactor: addressOut,
  nonce: uint,
  /** Unix seconds. */
  deadline: z.number(),
  input: z.object({ token: addressOut, amount: uint }),
  /** The least the swapper receives (a gasless order's slippage floor). */
  output: z.object({ token: addressOut, amount: uint }),
  /** 'limit' (a fixed price) or 'gasless' (a gasless swap's decaying Dutch order). */
  kind: z.optional(z.enum(['limit', 'gasless'])),
  /** A gasless order's decay: output from `outputStartAmount` at `startTime` down to `output.amount` at `endTime`. */
  decay: z.optional(
    z.nullable(z.object({ outputStartAmount: uint, startTime: z.number(), endTime: z.number() })),
  ),
  orderStatus: orderStatusSchema,
  /** The fill or cancel transaction, once there is one. */
  txHash: z.nullable(hex),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type LimitOrder = z.output<typeof orderSchema>

export const ordersResponseSchema = z.object({
  orders: z.array(orderSchema),
  openOrders: z.optional(z.number()),
})
export type OrdersResponse = z.output<typeof ordersResponseSchema>

export const submitOrderResponseSchema = z.object({ order: orderSchema, openOrders: z.number() })
export type SubmitOrderResponse = z.output<typeof submitOrderResponseSchema>

const typedField = z.object({ name: z.string(), type: z.string() })

/** POST /v1/orders/prepare: the order to sign (Permit2 witness typed data) and its encoding. */
export const preparedOrderSchema = z.object({
  orderHash: hex,
  encodedOrder: hex,
  typedData: z.object({
    domain: z.record(z.string(), z.unknown()),
    types: z.record(z.string(), z.array(typedField)),
    primaryType: z.literal('PermitWitnessTransferFrom'),
    message: z.record(z.string(), z.unknown()),
  }),
})
export type PreparedOrder = z.output<typeof preparedOrderSchema>

export interface PrepareOrderRequestBody {
  readonly chainId: number
  readonly swapper: string
  readonly inputToken: string
  readonly inputAmount: string
  readonly outputToken: string
  readonly outputAmount: string
  readonly deadline: number
  /**
   * A gasless swap's order (the quote's gasless route): the output starts here and decays to
   * `outputAmount`; the service sets the decay window and deadline from its clock.
   */
  readonly gasless?: { readonly outputStartAmount: string }
}
