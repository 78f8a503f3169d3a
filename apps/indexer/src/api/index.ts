/**
 * The data API served by Ponder's HTTP server: `/graphql` is Oxbow's screen-shaped schema
 * (src/api/sdl.ts), the only GraphQL endpoint. Ponder's auto-generated table API is not mounted:
 * it has none of this endpoint's limits (one query could read whole tables).
 */
import { db, publicClients } from 'ponder:api'
import schema from 'ponder:schema'
import { Hono } from 'hono'
import type { PublicClient } from 'viem'
import { processBlockGate } from '../lib/blockGate.ts'
import { indexedDeployments, readManifestSync } from '../lib/manifest.ts'
import { createGraphqlHandler } from './graphqlHandler.ts'
import { dataApiRateLimit, rateLimitEnv } from './rateLimit.ts'
import { createResolvers } from './resolvers.ts'
import { typeDefs } from './sdl.ts'
import { createSnapshots } from './snapshot.ts'

const manifest = readManifestSync()
const chainIdBySlug = new Map(indexedDeployments(manifest).map((d) => [d.slug as string, d.chainId]))
const snapshots = createSnapshots(db, schema, (network) => chainIdBySlug.get(network))
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
const rootValue = createResolvers({
  db,
  tables: schema,
  snapshot: () => snapshots.get(),
  chainIdBySlug,
  nativeBalance,
  transferFeeBps: (chainId, address) => transferFees.get(`${chainId}:${address.toLowerCase()}`) ?? null,
})
const gate = processBlockGate()
const handle = createGraphqlHandler(typeDefs, rootValue, {
  stateKey: () => snapshots.key(),
  readGate: (query) => gate.read(query),
})

const app = new Hono()
app.use('/graphql', dataApiRateLimit(rateLimitEnv.parse(process.env)))
app.post('/graphql', handle)
app.get('/graphql', handle)

export default app
