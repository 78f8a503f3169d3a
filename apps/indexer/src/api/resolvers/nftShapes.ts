/** The NFT shapes (collections and their tokens) built from the snapshot's collection views. */
import { and, eq, sql } from 'ponder'
import { getAddress } from 'viem'
import { decodeNftMetadata } from '../nftMetadata.ts'
import { type CollectionView, type Snapshot, tokenKey } from '../snapshotViews.ts'
import type { ResolverContext, Tables } from './context.ts'

export function createNftShapes({ db, tables }: Pick<ResolverContext, 'db' | 'tables'>) {
  function collectionGql(c: CollectionView) {
    const ofCollection = and(eq(tables.nft.chainId, c.row.chainId), eq(tables.nft.collection, c.row.address))
    return {
      id: `${c.network}:${c.row.address}`,
      network: c.network,
      address: c.checksum,
      name: c.row.name,
      symbol: c.row.symbol,
      totalSupply: c.row.totalSupply,
      transferCount: c.row.transferCount,
      async ownerCount() {
        const [row] = await db
          .select({ n: sql<number>`count(distinct ${tables.nft.owner})` })
          .from(tables.nft)
          .where(ofCollection)
        return Number(row?.n ?? 0)
      },
      async imageUrl() {
        const [row] = await db
          .select({ tokenUri: tables.nft.tokenUri })
          .from(tables.nft)
          .where(ofCollection)
          .orderBy(tables.nft.tokenId)
          .limit(1)
        return decodeNftMetadata(row?.tokenUri ?? null).imageUrl
      },
    }
  }

  function nftGql(col: CollectionView, n: Tables['nft']['$inferSelect']) {
    return {
      id: `${col.network}:${n.collection}:${n.tokenId}`,
      network: col.network,
      collection: collectionGql(col),
      tokenId: n.tokenId.toString(),
      owner: getAddress(n.owner),
      ...decodeNftMetadata(n.tokenUri),
    }
  }

  function findCollection(s: Snapshot, chainId: number, address: string): CollectionView | undefined {
    return s.collections.find((c) => c.key === tokenKey(chainId, address))
  }

  return { collectionGql, nftGql, findCollection }
}
