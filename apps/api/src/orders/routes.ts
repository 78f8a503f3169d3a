/** HTTP endpoints of the order service under /v1. */
import { hexAddress } from '@oxbow/api-contract/requests'
import { Hono } from 'hono'
import { getAddress, type Hex, isHex } from 'viem'
import { z } from 'zod'
import { ApiError } from '../errors.ts'
import { jsonBody, query } from '../validation.ts'
import type { FillerLiveness } from './fillerLiveness.ts'
import { GASLESS_DEADLINE_SECONDS, GASLESS_DECAY_SECONDS } from './gasless.ts'
import { buildLimitOrder, limitOrderTypedDataJson } from './limitOrder.ts'
import type { OrderService } from './service.ts'
import { orderKinds, orderStatuses, type StoredOrder } from './store.ts'

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => isHex(v) && v.length % 2 === 0, 'not 0x-prefixed hex bytes')
    .transform((v) => v as Hex)
const address = z.pipe(
  hexAddress('not a 20-byte hex address'),
  z.transform((v) => getAddress(v)),
)

const submitSchema = z.strictObject({
  chainId: z
    .number()
    .int()
    .positive()
    .max(2 ** 32),
  /** An order is a few hundred bytes; a larger encoding is no order of ours. */
  encodedOrder: hex(8_192),
  signature: hex(200),
})

const heartbeatSchema = z.strictObject({
  chainId: z
    .number()
    .int()
    .positive()
    .max(2 ** 32),
  /** Unix seconds, as signed. */
  timestamp: z
    .number()
    .int()
    .positive()
    .max(2 ** 40),
  signature: hex(200),
})

const amount = z.string().regex(/^[0-9]{1,39}$/, 'a positive integer in base units, as a decimal string')

/**
 * What the limit screen (or the swap screen, for a gasless swap) asks to have built: the order's
 * terms, without reactor, Permit2 or nonce. A gasless swap gives the quote's start output instead
 * of a deadline: the service sets the decay window and the deadline from its clock (gasless.ts).
 */
const prepareSchema = z
  .strictObject({
    chainId: z
      .number()
      .int()
      .positive()
      .max(2 ** 32),
    swapper: address,
    inputToken: address,
    inputAmount: amount,
    outputToken: address,
    outputAmount: amount,
    /** Unix seconds. */
    deadline: z
      .number()
      .int()
      .positive()
      .max(2 ** 40)
      .optional(),
    gasless: z.strictObject({ outputStartAmount: amount }).optional(),
  })
  .refine((b) => (b.deadline === undefined) !== (b.gasless === undefined), {
    message: 'give a deadline (a limit order) or gasless (a gasless swap), not both',
    path: ['deadline'],
  })

/** A fresh Permit2 nonce: 64 random bits, so two orders of one swapper practically never collide. */
function randomNonce(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  return bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n)
}

const listSchema = z
  .strictObject({
    swapper: z.optional(address),
    chainId: z.coerce.number().int().positive().optional(),
    status: z.enum(orderStatuses).optional(),
    kind: z.enum(orderKinds).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .refine((q) => q.swapper !== undefined || q.chainId !== undefined, 'give swapper or chainId')

/** An order as the API answers it: amounts as decimal strings. */
export function orderJson(order: StoredOrder) {
  return {
    orderHash: order.orderHash,
    chainId: order.chainId,
    swapper: order.swapper,
    reactor: order.reactor,
    nonce: order.nonce.toString(),
    deadline: order.deadline,
    input: { token: order.inputToken, amount: order.inputAmount.toString() },
    output: { token: order.outputToken, amount: order.outputAmount.toString() },
    kind: order.kind,
    decay: order.decay
      ? {
          outputStartAmount: order.decay.outputStartAmount.toString(),
          startTime: order.decay.startTime,
          endTime: order.decay.endTime,
        }
      : null,
    encodedOrder: order.encodedOrder,
    signature: order.signature,
    orderStatus: order.status,
    txHash: order.txHash,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  }
}

export function orderRoutes(service: OrderService, fillers: FillerLiveness): Hono {
  const routes = new Hono()
  /** The filler's signed heartbeat (fillerLiveness.ts): gasless routes are offered while it beats. */
  routes.post('/orders/filler/heartbeat', async (c) => {
    await fillers.beat(await jsonBody(c, heartbeatSchema))
    return c.body(null, 204)
  })
  routes.post('/orders', async (c) => {
    const body = await jsonBody(c, submitSchema)
    const { order, openOrders } = await service.submit(body)
    return c.json({ order: orderJson(order), openOrders }, 201)
  })
  /**
   * Builds the limit order a client will sign (the SDK's encoding and Permit2 witness typed data;
   * this network's reactor and Permit2, a fresh nonce). Nothing is stored: POST /v1/orders checks
   * the signed result in full.
   */
  routes.post('/orders/prepare', async (c) => {
    const body = await jsonBody(c, prepareSchema)
    await service.screen({ swapper: body.swapper })
    const network = service.network(body.chainId)
    const { deployment } = network
    const offered = body.gasless ? network.gaslessSwaps : network.limitOrders
    if (!offered) {
      throw new ApiError('UNSUPPORTED_NETWORK', 'Unsupported network', [
        {
          path: 'chainId',
          message: `${body.gasless ? 'gasless swaps' : 'limit orders'} are not offered on this network`,
        },
      ])
    }
    const now = service.now()
    const order = buildLimitOrder({
      chainId: body.chainId,
      reactor: deployment.contracts.exclusiveDutchOrderReactor,
      permit2: deployment.contracts.permit2,
      swapper: body.swapper,
      nonce: randomNonce(),
      deadline: body.deadline ?? now + GASLESS_DEADLINE_SECONDS,
      ...(body.gasless
        ? {
            decay: {
              outputStartAmount: BigInt(body.gasless.outputStartAmount),
              startTime: now,
              endTime: now + GASLESS_DECAY_SECONDS,
            },
          }
        : {}),
      inputToken: body.inputToken,
      inputAmount: BigInt(body.inputAmount),
      outputToken: body.outputToken,
      outputAmount: BigInt(body.outputAmount),
    })
    return c.json({
      orderHash: order.hash(),
      encodedOrder: order.serialize(),
      typedData: limitOrderTypedDataJson(order),
    })
  })
  routes.get('/orders', async (c) => {
    const q = query(c, listSchema)
    const orders = await service.store.list(q)
    const openOrders = q.swapper === undefined ? undefined : await service.store.countOpen(q.swapper)
    return c.json({ orders: orders.map(orderJson), ...(openOrders === undefined ? {} : { openOrders }) })
  })
  routes.get('/orders/:hash', async (c) => {
    const hash = c.req.param('hash')
    if (!isHex(hash) || hash.length !== 66) {
      throw new ApiError('INVALID_INPUT', 'Invalid order hash', [
        { path: 'hash', message: 'not a 32-byte hex value' },
      ])
    }
    const order = await service.store.get(hash.toLowerCase() as Hex)
    if (!order) throw new ApiError('NOT_FOUND', 'No such order')
    return c.json({ order: orderJson(order), history: await service.store.history(order.orderHash) })
  })
  return routes
}
