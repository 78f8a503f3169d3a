/**
 * HTTP layer of the trading module: bodies validated by the shared contract's schemas
 * (@oxbow/api-contract), typed 4xx errors, JSON answers of the contract's shapes.
 */

import type { ApprovalResponseBody, NetworksResponseBody, TokensResponseBody } from '@oxbow/api-contract'
import {
  approvalRequestSchema,
  quoteRequestSchema,
  swapRequestSchema,
  tokensQuerySchema,
} from '@oxbow/api-contract/requests'
import { networkSlugs } from '@oxbow/chains'
import { type Context, Hono } from 'hono'
import { ApiError } from '../errors.ts'
import type { Screening } from '../screening/index.ts'
import { jsonBody, query } from '../validation.ts'
import { delegationRoutes } from './delegation.ts'
import { pricesBody, usdOf } from './quoteBody.ts'
import type { TradingService } from './service.ts'

/**
 * A quote or swap body. A recipient or swapper that is not an address, or a mixed-case one whose
 * EIP-55 checksum fails (a mistyped address), is answered as INVALID_RECIPIENT / INVALID_SWAPPER
 * like the other refused parties when it is the body's only problem; anything else stays
 * INVALID_INPUT.
 */
async function partiesBody<S extends Parameters<typeof jsonBody>[1]>(c: Context, schema: S) {
  try {
    return await jsonBody(c, schema)
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'INVALID_INPUT' || !Array.isArray(error.data))
      throw error
    const paths = new Set((error.data as { path: string }[]).map((p) => p.path))
    if (paths.size !== 1) throw error
    if (paths.has('recipient')) throw ApiError.spec('INVALID_RECIPIENT', error.data)
    if (paths.has('swapper')) throw new ApiError('INVALID_SWAPPER', 'Invalid swapper', error.data)
    throw error
  }
}

export function tradingRoutes(service: TradingService, screening: Screening): Hono {
  const app = new Hono()
  const slugOf = (value: string) => {
    if (!(networkSlugs as readonly string[]).includes(value) || !service.states.has(value as never)) {
      throw ApiError.spec('UNSUPPORTED_NETWORK', {
        network: value,
        supported: [...service.states.keys()],
      })
    }
    return value as (typeof networkSlugs)[number]
  }

  app.post('/quote', async (c) => {
    const { swapper, gasless, ...body } = await partiesBody(c, quoteRequestSchema)
    await screening.refuseBlocked({ swapper, recipient: body.recipient })
    const network = slugOf(body.network)
    service.checkParties(network, swapper, body.recipient)
    const q = await service.quote({ ...body, network })
    const order = gasless === false ? undefined : service.gaslessRoute({ ...body, network, swapper }, q.body)
    return c.json(order ? { ...q.body, gasless: order } : q.body)
  })

  app.post('/swap', async (c) => {
    const body = await partiesBody(c, swapRequestSchema)
    await screening.refuseBlocked({ swapper: body.swapper, recipient: body.recipient })
    return c.json(await service.swap({ ...body, network: slugOf(body.network) }))
  })

  app.post('/check_approval', async (c) => {
    const body = await jsonBody(c, approvalRequestSchema)
    await screening.refuseBlocked({ walletAddress: body.walletAddress })
    return c.json(
      (await service.checkApproval(
        slugOf(body.network),
        body.walletAddress,
        body.token,
        body.amount,
      )) satisfies ApprovalResponseBody,
    )
  })

  delegationRoutes(app, service)

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
    } satisfies NetworksResponseBody),
  )

  app.get('/tokens', async (c) => {
    const q = query(c, tokensQuerySchema)
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
    } satisfies TokensResponseBody)
  })
  return app
}
