/**
 * The data API served by Ponder's HTTP server: `/graphql` is Oxbow's screen-shaped schema
 * (src/api/sdl.ts); `/ponder/graphql` is Ponder's auto-generated table API, kept for debugging.
 */
import { db } from 'ponder:api'
import schema from 'ponder:schema'
import { Hono } from 'hono'
import { graphql } from 'ponder'
import { indexedDeployments, readManifestSync } from '../lib/manifest.ts'
import { createGraphqlHandler } from './graphqlHandler.ts'
import { createResolvers } from './resolvers.ts'
import { typeDefs } from './sdl.ts'
import { createSnapshots } from './snapshot.ts'

const manifest = readManifestSync()
const chainIdBySlug = new Map(indexedDeployments(manifest).map((d) => [d.slug as string, d.chainId]))
const snapshots = createSnapshots(db, schema)
const rootValue = createResolvers({ db, tables: schema, snapshot: () => snapshots.get(), chainIdBySlug })
const handle = createGraphqlHandler(typeDefs, rootValue)

const app = new Hono()
app.post('/graphql', handle)
app.get('/graphql', handle)
app.use('/ponder/graphql', graphql({ db, schema }))

export default app
