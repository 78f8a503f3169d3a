import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'

/**
 * The NFT pages' data from the indexer (apps/indexer/src/api/sdl.ts: `nftCollections`,
 * `nftCollection`, `collectionNfts`). Names, descriptions and traits are the contract's: hostile
 * text, validated for shape and length here and rendered as text; images pass `nftImageSrc`.
 */

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const network = z.string().check(z.regex(NETWORK_SLUG_PATTERN))
const count = z.int().check(z.gte(0))
const label = (max: number) => z.string().check(z.maxLength(max))

export { safeImageSrc } from '../../../lib/imageSrc.ts'
export { nftImageSrc } from './nftImage.ts'

const collectionSchema = z.object({
  network,
  address,
  name: label(200),
  symbol: label(64),
  totalSupply: count,
  transferCount: count,
  ownerCount: count,
  imageUrl: z.nullable(z.string()),
})
export type NftCollection = z.infer<typeof collectionSchema>

const nftSchema = z.object({
  tokenId: z.string().check(z.regex(/^\d{1,78}$/)),
  owner: address,
  name: z.nullable(label(200)),
  description: z.nullable(label(2000)),
  imageUrl: z.nullable(z.string()),
  attributes: z.array(z.object({ traitType: label(100), value: label(200) })).check(z.maxLength(20)),
})
export type NftItem = z.infer<typeof nftSchema>

const COLLECTION_FIELDS = 'network address name symbol totalSupply transferCount ownerCount imageUrl'

export const NFT_COLLECTIONS_QUERY = /* GraphQL */ `
  query NftCollections($networks: [String!], $first: Int!) {
    nftCollections(networks: $networks, first: $first) { ${COLLECTION_FIELDS} }
  }
`

export const NFT_COLLECTION_QUERY = /* GraphQL */ `
  query NftCollection($network: String!, $address: String!) {
    nftCollection(network: $network, address: $address) { ${COLLECTION_FIELDS} }
  }
`

export const COLLECTION_NFTS_QUERY = /* GraphQL */ `
  query CollectionNfts($network: String!, $address: String!, $first: Int!, $after: String) {
    collectionNfts(network: $network, address: $address, first: $first, after: $after) {
      nodes { tokenId owner name description imageUrl attributes { traitType value } }
      pageInfo { hasNextPage endCursor }
    }
  }
`

const unexpected = () => new Error('Unexpected answer from the indexer')

/** Keeps the entries that validate; drops the others one by one (one bad token never hides the rest). */
function valid<T>(list: unknown, schema: z.ZodMiniType<T>): T[] {
  if (!Array.isArray(list)) throw unexpected()
  return list.flatMap((entry) => {
    const parsed = schema.safeParse(entry)
    return parsed.success ? [parsed.data] : []
  })
}

export function parseCollections(json: unknown, isNetwork: (slug: string) => boolean): NftCollection[] {
  const answer = z.object({ data: z.object({ nftCollections: z.unknown() }) }).safeParse(json)
  if (!answer.success) throw unexpected()
  return valid(answer.data.data.nftCollections, collectionSchema).filter((c) => isNetwork(c.network))
}

export function parseCollection(json: unknown): NftCollection | null {
  const answer = z.object({ data: z.object({ nftCollection: z.nullable(z.unknown()) }) }).safeParse(json)
  if (!answer.success) throw unexpected()
  if (answer.data.data.nftCollection === null) return null
  const parsed = collectionSchema.safeParse(answer.data.data.nftCollection)
  if (!parsed.success) throw unexpected()
  return parsed.data
}

export interface NftPage {
  readonly items: NftItem[]
  readonly hasNextPage: boolean
  readonly endCursor: string | null
}

export function parseNftPage(json: unknown): NftPage {
  const answer = z
    .object({
      data: z.object({
        collectionNfts: z.object({
          nodes: z.unknown(),
          pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.nullable(z.string()) }),
        }),
      }),
    })
    .safeParse(json)
  if (!answer.success) throw unexpected()
  const { nodes, pageInfo } = answer.data.data.collectionNfts
  return { items: valid(nodes, nftSchema), ...pageInfo }
}

export async function fetchCollections(
  graphqlUrl: string,
  networks: readonly string[] | null,
  first: number,
  isNetwork: (slug: string) => boolean,
  signal?: AbortSignal,
): Promise<NftCollection[]> {
  return parseCollections(
    await postGraphql(graphqlUrl, NFT_COLLECTIONS_QUERY, { networks, first }, signal),
    isNetwork,
  )
}

export async function fetchCollection(
  graphqlUrl: string,
  network: string,
  collection: string,
  signal?: AbortSignal,
): Promise<NftCollection | null> {
  return parseCollection(
    await postGraphql(graphqlUrl, NFT_COLLECTION_QUERY, { network, address: collection }, signal),
  )
}

export async function fetchNftPage(
  request: { graphqlUrl: string; network: string; collection: string; first: number; after: string | null },
  signal?: AbortSignal,
): Promise<NftPage> {
  const { graphqlUrl, network, collection, first, after } = request
  return parseNftPage(
    await postGraphql(
      graphqlUrl,
      COLLECTION_NFTS_QUERY,
      { network, address: collection, first, after },
      signal,
    ),
  )
}
