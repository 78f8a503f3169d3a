/**
 * Query resolvers: validate arguments, read the snapshot or the tables, shape GraphQL objects.
 * Nested fields that take arguments are methods (graphql-js calls them with the field's args).
 */
import { accountResolvers } from './resolvers/account.ts'
import { type ResolverDeps, resolverContext } from './resolvers/context.ts'
import { exploreResolvers } from './resolvers/explore.ts'
import { nftResolvers } from './resolvers/nfts.ts'
import { createShapes } from './resolvers/shapes.ts'

export function createResolvers(deps: ResolverDeps) {
  const ctx = resolverContext(deps)
  const shapes = createShapes(ctx)
  return { ...exploreResolvers(ctx, shapes), ...accountResolvers(ctx, shapes), ...nftResolvers(ctx, shapes) }
}
