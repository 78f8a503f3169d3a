/** NFT collections and items. */
import { and, eq, inArray } from 'ponder'
import { listOf, pageByOffset } from '../cursor.ts'
import { parseAddress, parseFirst, parseNetwork, parseNetworks } from '../inputs.ts'
import type { Args, ResolverContext } from './context.ts'
import type { Shapes } from './shapes.ts'

export function nftResolvers({ deps, db, tables, input, chainIds }: ResolverContext, shapes: Shapes) {
  const { collectionGql, nftGql, findCollection } = shapes
  return {
    async nfts(args: Args) {
      const owner = parseAddress(args.owner, 'owner')
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first)
      const s = await deps.snapshot()
      const rows = await db
        .select()
        .from(tables.nft)
        .where(and(eq(tables.nft.owner, owner), inArray(tables.nft.chainId, chainIds(s, slugs))))
      const items = rows
        .map((n) => ({ key: `${n.chainId}:${n.collection}:${n.tokenId.toString().padStart(78, '0')}`, n }))
        .sort((a, b) => (a.key < b.key ? -1 : 1))
      const page = pageByOffset(listOf('nfts', args), items, first, args.after as string | undefined)
      return {
        pageInfo: page.pageInfo,
        nodes: page.nodes.flatMap(({ n }) => {
          const col = findCollection(s, n.chainId, n.collection)
          return col ? [nftGql(col, n)] : []
        }),
      }
    },

    async nftCollection(args: Args) {
      const slug = parseNetwork(input, args.network)
      const address = parseAddress(args.address)
      const s = await deps.snapshot()
      const [chainId] = chainIds(s, [slug])
      const col = chainId === undefined ? undefined : findCollection(s, chainId, address)
      return col ? collectionGql(col) : null
    },

    async collectionNfts(args: Args) {
      const slug = parseNetwork(input, args.network)
      const address = parseAddress(args.address)
      const first = parseFirst(args.first)
      const s = await deps.snapshot()
      const [chainId] = chainIds(s, [slug])
      const col = chainId === undefined ? undefined : findCollection(s, chainId, address)
      if (!col) return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } }
      const rows = await db
        .select()
        .from(tables.nft)
        .where(and(eq(tables.nft.chainId, col.row.chainId), eq(tables.nft.collection, col.row.address)))
        .orderBy(tables.nft.tokenId)
      const items = rows.map((n) => ({ key: n.tokenId.toString().padStart(78, '0'), n }))
      const page = pageByOffset(
        listOf('collectionNfts', args),
        items,
        first,
        args.after as string | undefined,
      )
      return { pageInfo: page.pageInfo, nodes: page.nodes.map(({ n }) => nftGql(col, n)) }
    },

    async nftCollections(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first, 10)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      return s.collections
        .filter((c) => chains.has(c.row.chainId))
        .sort((a, b) => b.row.transferCount - a.row.transferCount || (a.key < b.key ? -1 : 1))
        .slice(0, first)
        .map(collectionGql)
    },
  }
}
