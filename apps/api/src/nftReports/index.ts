/**
 * NFT reports (issue #11; the spec's NFT detail "report" action):
 * - POST /v1/nfts/reports  { network, contractAddress, tokenId, reason } -> 201 the stored report
 *   `{ ..., duplicate: false }`, or 200 `{ ..., duplicate: true }` when this reporter (the client
 *   key the rate limits use: the socket address, or the proxy's first hop) had reported the NFT
 *   already: not counted again.
 * - GET  /v1/nfts/reports/:network/:contractAddress/:tokenId -> `{ reports, reasons: { spam, ... } }`
 * The shapes are `@oxbow/api-contract/nft-reports`. A malformed address or token id (negative,
 * over uint256), an unknown reason or field: 400 `INVALID_INPUT`; a network the registry lacks:
 * 400 `UNSUPPORTED_NETWORK`; a body over 1 KiB: 413. A refused request stores nothing. Reports have
 * their own rate limit (default 20 per minute per client, burst 10).
 */
import { createHash } from 'node:crypto'
import {
  type NftReportResponseBody,
  type NftReportSummaryBody,
  nftReportReasons,
} from '@oxbow/api-contract/nft-reports'
import { hexAddress, nftReportRequestSchema, tokenIdText } from '@oxbow/api-contract/requests'
import { isNetworkSlug } from '@oxbow/chains'
import { Hono } from 'hono'
import { getAddress } from 'viem'
import { z } from 'zod'
import type { ApiModule, Logger } from '../app.ts'
import { type Database, migrateOnce } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { type ModuleRateLimitOptions, moduleRateLimit } from '../rateLimit.ts'
import { jsonBody, parseWith } from '../validation.ts'
import { createNftReportStore, type NftKey, nftReportMigrations } from './store.ts'

export { nftReportMigrations } from './store.ts'

/** The largest report body accepted (a report is four short fields). */
export const NFT_REPORT_MAX_BYTES = 1024

export interface NftReportModuleOptions extends ModuleRateLimitOptions {
  readonly db: Database
  readonly log: Logger
  /** Reports per minute per client (burst half of it). Default 20. */
  readonly perMinute?: number
  /** Migrate before answering; false (default): on the first request. */
  readonly eager?: boolean
}

const pathParams = z.object({
  network: z.string().max(40),
  contractAddress: hexAddress(),
  tokenId: tokenIdText,
})

function knownNetwork(network: string): string {
  if (!isNetworkSlug(network)) {
    throw new ApiError('UNSUPPORTED_NETWORK', 'Unsupported network', [
      { path: 'network', message: 'not a network this app serves' },
    ])
  }
  return network
}

function nftKey(input: { network: string; contractAddress: string; tokenId: string }): NftKey {
  return {
    network: knownNetwork(input.network),
    contractAddress: input.contractAddress.toLowerCase(),
    tokenId: input.tokenId,
  }
}

export async function createNftReportModule(options: NftReportModuleOptions): Promise<ApiModule> {
  const { db, log } = options
  const ready = migrateOnce(db, 'nft-reports', nftReportMigrations)
  if (options.eager) await ready()
  const limiter = moduleRateLimit('nft-reports', options, 20, 2)
  const store = createNftReportStore(db)
  const routes = new Hono()
  routes.use('/nfts/reports', limiter)
  routes.use('/nfts/reports/*', async (_c, next) => {
    await ready()
    await next()
  })

  routes.post('/nfts/reports', async (c) => {
    const body = await jsonBody(c, nftReportRequestSchema)
    const nft = nftKey(body)
    await ready()
    // The reporter as the rate limits know the client, hashed: the table keeps no IP addresses.
    const reporter = createHash('sha256').update(options.clientKey(c)).digest('hex')
    const added = await store.add(nft, reporter, body.reason)
    if (added) log.info('nft-reports: reported', { network: nft.network, reason: body.reason })
    const answer: NftReportResponseBody = {
      network: nft.network,
      contractAddress: getAddress(nft.contractAddress),
      tokenId: nft.tokenId,
      reason: body.reason,
      duplicate: !added,
    }
    return c.json(answer, added ? 201 : 200)
  })

  routes.get('/nfts/reports/:network/:contractAddress/:tokenId', async (c) => {
    const nft = nftKey(parseWith(pathParams, c.req.param(), 'NFT'))
    const counts = await store.counts(nft)
    const reasons = Object.fromEntries(nftReportReasons.map((r) => [r, counts.get(r) ?? 0]))
    const answer: NftReportSummaryBody = {
      network: nft.network,
      contractAddress: getAddress(nft.contractAddress),
      tokenId: nft.tokenId,
      reports: [...counts.values()].reduce((a, b) => a + b, 0),
      reasons: reasons as NftReportSummaryBody['reasons'],
    }
    c.header('cache-control', 'no-store')
    return c.json(answer)
  })

  return { name: 'nft-reports', routes, bodyLimits: { '/nfts/reports': NFT_REPORT_MAX_BYTES } }
}
