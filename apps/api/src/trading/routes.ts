/** HTTP layer of the trading module: zod-validated bodies, typed 4xx errors, JSON answers. */

import { networkSlugs } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { Hono } from 'hono'
import { type Address, checksumAddress, getAddress, isAddress, isHex } from 'viem'
import { z } from 'zod'
import { ApiError } from '../errors.ts'
import { jsonBody, query } from '../validation.ts'
import { pricesBody, type TradingService, usdOf } from './service.ts'

/** EIP-55: a mixed-case address must carry its checksum (one all-lower or all-upper carries none). */
function checksumHolds(value: string): boolean {
  const hex = value.slice(2)
  return hex === hex.toLowerCase() || hex === hex.toUpperCase() || checksumAddress(value as Address) === value
}
const CHECKSUM_MESSAGE = 'the mixed-case checksum (EIP-55) does not match: the address is mistyped'
const address = z
  .string()
  .max(64)
  .refine((v) => isAddress(v, { strict: false }), 'not a 20-byte hex address')
  .refine(checksumHolds, CHECKSUM_MESSAGE)
  .transform((v) => getAddress(v) as Address)
const currency = z
  .string()
  .max(64)
  .refine((v) => v.toUpperCase() === 'ETH' || isAddress(v, { strict: false }), "a token address or 'ETH'")
  .refine((v) => v.toUpperCase() === 'ETH' || checksumHolds(v), CHECKSUM_MESSAGE)
  .transform((v) => (v.toUpperCase() === 'ETH' ? NATIVE_CURRENCY_ADDRESS : (getAddress(v) as Address)))
const amount = z
  .string()
  .regex(/^[0-9]{1,78}$/, 'a positive integer in base units, as a decimal string')
  .transform((v) => BigInt(v))
  .refine((v) => v > 0n && v < 2n ** 128n, 'must be between 1 and 2^128 - 1')
const network = z.string().max(40)

const quoteFields = {
  network,
  tokenIn: currency,
  tokenOut: currency,
  amount,
  type: z.enum(['EXACT_INPUT', 'EXACT_OUTPUT']),
  slippage: z
    .union([
      z.literal('auto'),
      z.number().gt(0, 'Enter a value larger than 0').max(50, 'Enter a value less than 50'),
    ])
    .default('auto'),
  recipient: address.optional(),
  protocols: z
    .array(z.enum(['V2', 'V3', 'V4']))
    .min(1)
    .max(3)
    .optional(),
}
const quoteSchema = z.strictObject(quoteFields)
const swapSchema = z.strictObject({
  ...quoteFields,
  swapper: address,
  deadline: z
    .number()
    .int()
    .positive()
    .max(2 ** 40)
    .optional(),
  permit: z
    .strictObject({
      signature: z
        .string()
        .max(300)
        .refine((v) => isHex(v) && v.length >= 132, 'a hex ECDSA signature')
        .transform((v) => v as `0x${string}`),
      message: z.strictObject({
        details: z.strictObject({
          token: address,
          amount: z.string().regex(/^[0-9]{1,49}$/),
          expiration: z
            .number()
            .int()
            .nonnegative()
            .max(2 ** 48 - 1),
          nonce: z
            .number()
            .int()
            .nonnegative()
            .max(2 ** 48 - 1),
        }),
        spender: address,
        sigDeadline: z.string().regex(/^[0-9]{1,20}$/),
      }),
    })
    .optional(),
})
const approvalSchema = z.strictObject({ network, walletAddress: address, token: currency, amount })

export function tradingRoutes(service: TradingService): Hono {
  const app = new Hono()
  const slugOf = (value: string) => {
    if (!(networkSlugs as readonly string[]).includes(value) || !service.states.has(value as never)) {
      throw new ApiError('UNSUPPORTED_NETWORK', 'Unsupported network', {
        network: value,
        supported: [...service.states.keys()],
      })
    }
    return value as (typeof networkSlugs)[number]
  }

  app.post('/quote', async (c) => {
    const body = await jsonBody(c, quoteSchema)
    const q = await service.quote({ ...body, network: slugOf(body.network) })
    return c.json(q.body)
  })

  app.post('/swap', async (c) => {
    const body = await jsonBody(c, swapSchema)
    return c.json(await service.swap({ ...body, network: slugOf(body.network) }))
  })

  app.post('/check_approval', async (c) => {
    const body = await jsonBody(c, approvalSchema)
    return c.json(
      await service.checkApproval(slugOf(body.network), body.walletAddress, body.token, body.amount),
    )
  })

  app.get('/networks', (c) =>
    c.json({
      networks: [...service.states.values()].map((s) => ({
        slug: s.deployment.slug,
        chainId: s.deployment.chainId,
        blockNumber: s.blockNumber.toString(),
        universalRouter: s.deployment.contracts.universalRouter,
        permit2: s.deployment.contracts.permit2,
        wrappedNative: s.deployment.contracts.weth9,
        pools: s.graph.pools.size - 1,
        excludedPools: [...s.graph.excludedPools, ...s.poolProblems].map(([pool, reason]) => ({
          pool,
          reason,
        })),
      })),
    }),
  )

  app.get('/tokens', async (c) => {
    const q = query(c, z.object({ network }))
    const slug = slugOf(q.network)
    // priceUsd: the market's (the indexer's pools) as of `prices.blockNumber`; null when unknown
    const prices = await service.pricesNow(slug)
    return c.json({
      network: slug,
      prices: pricesBody(prices),
      tokens: [...(service.tokens.get(slug)?.values() ?? [])].map((t) => ({
        ...t,
        priceUsd: usdOf(prices, t.address) ?? null,
      })),
    })
  })
  return app
}
