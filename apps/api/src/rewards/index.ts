/**
 * LP rewards (issue #13): an account's claims in the rewards programmes of the deployment manifest
 * (one MerkleDistributor per network and epoch, its tree recorded by the devnet), each answered with
 * whether it was already claimed, read from the distributor (`isClaimed(index)`) at answer time:
 * the chain is the truth, the manifest only says who may claim what. Reward APRs are the indexer's
 * (derived data, with the pools' TVL), not this module's. A blocked address (the screening every
 * module that acts for an address asks) is refused with 403 ADDRESS_BLOCKED before anything is
 * read: it gets no claim (amount, proof) to send.
 */

import { address as addressSchema } from '@oxbow/api-contract/requests'
import type { RewardClaimBody, RewardsResponseBody } from '@oxbow/api-contract/rewards'
import { loadManifest, type Manifest, type NetworkDeployment } from '@oxbow/protocol'
import { merkleDistributorAbi } from '@oxbow/protocol/rewards'
import { Hono } from 'hono'
import { type Address, createPublicClient, http, type PublicClient } from 'viem'
import * as z from 'zod/mini'
import type { ApiModule, Logger } from '../app.ts'
import { ApiError } from '../errors.ts'
import { noScreening, type Screening } from '../screening/index.ts'
import { parseWith } from '../validation.ts'

const params = z.object({ address: addressSchema })
const querySchema = z.object({ network: z.optional(z.string().check(z.maxLength(40))) })

export interface RewardsModuleOptions {
  /** A client per network (default: HTTP to the manifest's RPC URL). */
  readonly clientFor?: (deployment: NetworkDeployment) => Pick<PublicClient, 'readContract'>
  /** Who may not claim (default: nobody blocked). */
  readonly screening?: Screening
}

/** GET /v1/rewards/:address[?network=slug] → `{ address, rewards: RewardClaimBody[] }`. */
export function createRewardsModule(
  networks: Manifest['networks'],
  options: RewardsModuleOptions = {},
): ApiModule {
  const programmes = Object.values(networks).filter(
    (d): d is NetworkDeployment & { rewards: NonNullable<NetworkDeployment['rewards']> } =>
      d?.rewards !== undefined,
  )
  const clients = new Map<string, Pick<PublicClient, 'readContract'>>()
  const clientOf = (d: NetworkDeployment) => {
    let client = clients.get(d.slug)
    if (!client) {
      client = options.clientFor?.(d) ?? createPublicClient({ transport: http(d.rpcUrl, { retryCount: 1 }) })
      clients.set(d.slug, client)
    }
    return client
  }

  const routes = new Hono()
  routes.get('/rewards/:address', async (c) => {
    const { address } = parseWith(params, c.req.param(), 'address')
    await (options.screening ?? noScreening).refuseBlocked({ address })
    const { network } = parseWith(querySchema, c.req.query(), 'query parameters')
    if (network !== undefined && !Object.keys(networks).includes(network)) {
      throw new ApiError('UNSUPPORTED_NETWORK', `Unknown network: ${network}`, [
        { path: 'network', message: 'not a network of this deployment' },
      ])
    }
    const wanted = programmes.filter((d) => network === undefined || d.slug === network)
    const rewards = (await Promise.all(wanted.map((d) => claimsOf(d, address, clientOf(d))))).flat()
    c.header('cache-control', 'no-store')
    return c.json({ address, rewards } satisfies RewardsResponseBody)
  })
  return { name: 'rewards', routes }
}

async function claimsOf(
  d: NetworkDeployment & { rewards: NonNullable<NetworkDeployment['rewards']> },
  account: Address,
  client: Pick<PublicClient, 'readContract'>,
): Promise<RewardClaimBody[]> {
  const token = d.tokens.find((t) => t.address === d.rewards.token)
  const mine = d.rewards.epochs.flatMap((epoch) =>
    epoch.claims.filter((claim) => claim.account === account).map((claim) => ({ epoch, claim })),
  )
  return Promise.all(
    mine.map(async ({ epoch, claim }) => {
      let claimed: boolean
      try {
        claimed = await client.readContract({
          address: epoch.distributor,
          abi: merkleDistributorAbi,
          functionName: 'isClaimed',
          args: [BigInt(claim.index)],
        })
      } catch (cause) {
        throw new ApiError(
          'SERVICE_UNAVAILABLE',
          `${d.slug} does not answer: rewards cannot be read`,
          undefined,
          {
            cause,
          },
        )
      }
      return {
        network: d.slug,
        chainId: d.chainId,
        epoch: epoch.epoch,
        distributor: epoch.distributor,
        token: { address: d.rewards.token, symbol: token?.symbol ?? '', decimals: token?.decimals ?? 18 },
        index: claim.index,
        amount: claim.amount,
        proof: claim.proof,
        claimed,
      }
    }),
  )
}

/** The rewards module if the manifest loads; without one, nobody is eligible (an empty programme). */
export async function loadRewardsModule(
  manifestPath: string | undefined,
  log: Logger,
  screening?: Screening,
): Promise<ApiModule> {
  const options = screening ? { screening } : {}
  try {
    const manifest = await loadManifest(manifestPath)
    const count = Object.values(manifest.networks).filter((d) => d?.rewards).length
    log.info('rewards: programmes', { networks: count })
    return createRewardsModule(manifest.networks, options)
  } catch (error) {
    log.error(`rewards: no programmes, ${error instanceof Error ? error.message : String(error)}`)
    return createRewardsModule({}, options)
  }
}
