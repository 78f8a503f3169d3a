/**
 * The data API served by Ponder's HTTP server: `/graphql` is Oxbow's screen-shaped schema
 * (src/api/sdl.ts), the only GraphQL endpoint. Ponder's auto-generated table API is not mounted:
 * it has none of this endpoint's limits (one query could read whole tables).
 */
import { db, publicClients } from 'ponder:api'
import schema from 'ponder:schema'
import { getNetworkByChainId } from '@oxbow/chains'
import { nativeTokenLogoURI } from '@oxbow/protocol/tokenLogos'
import { clientKeyOf } from '@oxbow/rate-limit'
import { Hono } from 'hono'
import { type PublicClient, zeroAddress } from 'viem'
import { processBlockGate } from '../lib/blockGate.ts'
import { indexedDeployments, readManifestSync } from '../lib/manifest.ts'
import { frontEnv, limitWith, startFront } from './front.ts'
import { createGraphqlHandler } from './graphqlHandler.ts'
import { dataApiLimitStore, dataApiRateLimit, limitedAnswer, rateLimitEnv } from './rateLimit.ts'
import { createResolvers } from './resolvers.ts'
import { typeDefs } from './sdl.ts'
import { createSnapshots } from './snapshot.ts'

const manifest = readManifestSync()
const chainIdBySlug = new Map(indexedDeployments(manifest).map((d) => [d.slug as string, d.chainId]))
const gate = processBlockGate()
const snapshots = createSnapshots(
  db,
  schema,
  (network) => chainIdBySlug.get(network),
  (listener) => gate.onComplete(listener),
)
const clients = publicClients as unknown as Record<number, PublicClient | undefined>
/** One node read per (network, owner, indexed block); concurrent requests share it. */
const nativeCache = new Map<string, Promise<bigint | null>>()
async function nativeBalance(chainId: number, owner: `0x${string}`, snapshotKey: string) {
  const key = `${snapshotKey}:${chainId}:${owner}`
  let hit = nativeCache.get(key)
  if (!hit) {
    if (nativeCache.size > 5_000) nativeCache.clear()
    const client = clients[chainId]
    hit = client
      ? Promise.race([
          client.getBalance({ address: owner }),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000)),
        ]).catch(() => null)
      : Promise.resolve(null)
    nativeCache.set(key, hit)
  }
  return hit
}
/** Transfer fees as the token list declares them: chainId:address -> basis points. */
const transferFees = new Map(
  indexedDeployments(manifest).flatMap((d) =>
    d.tokens.map((t) => [`${d.chainId}:${t.address.toLowerCase()}`, t.transferFeeBps] as const),
  ),
)
/** Logos as the token list declares them (chainId:address -> same-origin URI); natives by symbol. */
const logos = new Map(
  indexedDeployments(manifest).flatMap((d) => [
    ...d.tokens.flatMap((t) =>
      t.logoURI ? [[`${d.chainId}:${t.address.toLowerCase()}`, t.logoURI] as const] : [],
    ),
    ...(() => {
      const native = nativeTokenLogoURI(getNetworkByChainId(d.chainId).nativeCurrency.symbol)
      return native ? [[`${d.chainId}:${zeroAddress}`, native] as const] : []
    })(),
  ]),
)
const rootValue = createResolvers({
  db,
  tables: schema,
  snapshot: () => snapshots.get(),
  chainIdBySlug,
  nativeBalance,
  transferFeeBps: (chainId, address) => transferFees.get(`${chainId}:${address.toLowerCase()}`) ?? null,
  logoUrl: (chainId, address) => logos.get(`${chainId}:${address.toLowerCase()}`) ?? null,
})
const handle = createGraphqlHandler(typeDefs, rootValue, {
  stateKey: () => snapshots.key(),
  readGate: (query) => gate.read(query),
})
const limits = rateLimitEnv.parse(process.env)
const limitStore = dataApiLimitStore(limits)

const app = new Hono()
app.use('/graphql', dataApiRateLimit(limits, limitStore))
app.post('/graphql', handle)
app.get('/graphql', handle)

// The public port's front (src/api/front.ts), when the launcher gave Ponder an internal port.
const front = frontEnv.parse(process.env)
const started = globalThis as { oxbowFront?: unknown }
if (front.OXBOW_INDEXER_FRONT_PORT !== undefined && started.oxbowFront === undefined) {
  started.oxbowFront = startFront({
    port: front.OXBOW_INDEXER_FRONT_PORT,
    hostname: front.OXBOW_INDEXER_FRONT_HOST,
    upstreamPort: front.OXBOW_INDEXER_UPSTREAM_PORT,
    answer: handle.answer,
    limit: limitWith(limitStore, limitedAnswer),
    clientKey: (forwardedFor, remoteAddress) =>
      clientKeyOf(limits.OXBOW_TRUST_PROXY, forwardedFor, remoteAddress),
  })
}

export default app
