/**
 * What the gasless flow (gaslessFlow.ts) asks of the API, over the app's API client: the Permit2
 * approval check, the order built to sign (POST /v1/orders/prepare), its submission and its status.
 * Also the flow's request from the reviewed quote. The answers are checked here with zod/mini (the
 * API contract's full schemas live in the swap form's chunk; this one loads with a gasless swap).
 */
import type { ApprovalRequestBody } from '@oxbow/api-contract'
import * as z from 'zod/mini'
import type { Hex } from '../../wallet/index.ts'
import type { GaslessDeps, GaslessRequest } from './gaslessFlow.ts'
import type { callApi as CallApi, Quote } from './tradingApi.ts'

const hexText = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const approvalAnswer = z.object({
  approval: z.nullable(
    z.object({
      to: z.custom<`0x${string}`>((v) => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)),
      data: z.custom<`0x${string}`>((v) => typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v)),
      value: z.string(),
      chainId: z.number(),
    }),
  ),
})
const preparedAnswer = z.object({
  orderHash: hexText,
  encodedOrder: hexText,
  typedData: z.object({
    domain: z.record(z.string(), z.unknown()),
    types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
    primaryType: z.literal('PermitWitnessTransferFrom'),
    message: z.record(z.string(), z.unknown()),
  }),
})
const orderAnswer = z.object({
  order: z.object({
    orderStatus: z.enum(['opened', 'executed', 'canceled', 'expired', 'failed']),
    txHash: z.nullable(z.string()),
    deadline: z.number(),
  }),
})

/** The flow's request for the reviewed quote (which carries the gasless route) of `account`. */
export function gaslessRequest(run: {
  readonly quote: Quote
  readonly account: Hex
  readonly chainId: number
  readonly permit2: string
}): GaslessRequest {
  const { quote } = run
  const route = quote.gasless
  if (!route) throw new Error('not a gasless quote')
  return {
    chainId: run.chainId,
    permit2: run.permit2,
    swapper: run.account,
    tokenIn: quote.tokenIn.address,
    tokenOut: quote.tokenOut.address,
    amountIn: BigInt(quote.amountIn),
    outputStartAmount: BigInt(route.outputStartAmount),
    outputEndAmount: BigInt(route.outputEndAmount),
    deadlineSeconds: route.deadlineSeconds,
    estimatedFillSeconds: route.estimatedFillSeconds,
  }
}

/** The flow's API calls for `request` on `network`, through `callApi` (the app's API client). */
export function gaslessApi(
  callApi: typeof CallApi,
  network: string,
  request: GaslessRequest,
): Pick<GaslessDeps, 'fetchApproval' | 'prepare' | 'submit' | 'orderStatus'> {
  return {
    fetchApproval: () =>
      callApi('/v1/check_approval', approvalAnswer, {
        method: 'POST',
        body: {
          network,
          walletAddress: request.swapper,
          token: request.tokenIn,
          amount: request.amountIn.toString(),
        } satisfies ApprovalRequestBody,
      }),
    prepare: (body) => callApi('/v1/orders/prepare', preparedAnswer, { method: 'POST', body }),
    submit: (body) => callApi('/v1/orders', z.object({}), { method: 'POST', body }),
    orderStatus: async (hash) => (await callApi(`/v1/orders/${hash}`, orderAnswer, { method: 'GET' })).order,
  }
}
