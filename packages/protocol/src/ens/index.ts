/**
 * ENS: the one home of the registry/resolver ABIs and of forward and reverse resolution. Works on
 * any ENS deployment given its registry (the devnet's, from the manifest; mainnet's canonical one),
 * reading registry -> resolver -> record directly, so it needs no Universal Resolver.
 */
import { avatarImageSrc, CoreError } from '@oxbow/core'
import {
  type Address,
  getAddress,
  type Hex,
  isAddress,
  keccak256,
  namehash,
  type PublicClient,
  parseAbi,
  stringToHex,
} from 'viem'
import { normalize } from 'viem/ens'

export const ensRegistryAbi = parseAbi([
  'function owner(bytes32 node) view returns (address)',
  'function resolver(bytes32 node) view returns (address)',
  'function setOwner(bytes32 node, address owner)',
  'function setResolver(bytes32 node, address resolver)',
  'function setSubnodeOwner(bytes32 node, bytes32 label, address owner) returns (bytes32)',
])

export const ensResolverAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function name(bytes32 node) view returns (string)',
  'function text(bytes32 node, string key) view returns (string)',
  'function setAddr(bytes32 node, address addr)',
  'function setName(bytes32 node, string name)',
  'function setText(bytes32 node, string key, string value)',
])

export const ensReverseRegistrarAbi = parseAbi([
  'function setName(string name) returns (bytes32)',
  'function node(address addr) pure returns (bytes32)',
])

const ZERO: Address = '0x0000000000000000000000000000000000000000'
/** A name longer than this is refused before any read (DNS's own bound on a full name). */
export const MAX_ENS_NAME_LENGTH = 255

export class EnsNameError extends CoreError {
  override readonly name = 'EnsNameError'
  constructor(input: string, options?: { cause?: unknown }) {
    super('Not a valid ENS name.', {
      code: 'INVALID_ENS_NAME',
      details: `"${input.slice(0, 80)}" is not a normalizable ENS name`,
      ...(options?.cause === undefined ? {} : { cause: options.cause }),
    })
  }
}

/** The UTS-46 normalized form of `input` (whitespace stripped), or an {@link EnsNameError}. */
export function normalizeEnsName(input: string): string {
  const trimmed = input.replace(/\s+/g, '')
  if (trimmed.length === 0 || trimmed.length > MAX_ENS_NAME_LENGTH || !trimmed.includes('.')) {
    throw new EnsNameError(input)
  }
  let normalized: string
  try {
    normalized = normalize(trimmed)
  } catch (cause) {
    throw new EnsNameError(input, { cause })
  }
  if (normalized.split('.').some((label) => label.length === 0)) throw new EnsNameError(input)
  return normalized
}

/** Whether `input` reads as an ENS name the app should try to resolve (never an address). */
export function looksLikeEnsName(input: string): boolean {
  const trimmed = input.trim()
  if (isAddress(trimmed, { strict: false })) return false
  try {
    normalizeEnsName(trimmed)
    return true
  } catch {
    return false
  }
}

/** The node of `<address lowercase hex>.addr.reverse`. */
export function reverseNode(address: Address): Hex {
  return namehash(`${address.slice(2).toLowerCase()}.addr.reverse`)
}

/** keccak256 of one label: the `label` argument of setSubnodeOwner. */
export function labelHash(label: string): Hex {
  return keccak256(stringToHex(label))
}

export { namehash }

/** What the resolution needs of a client: reads of contracts at the latest block. */
export type EnsReader = Pick<PublicClient, 'readContract'>

async function resolverOf(client: EnsReader, registry: Address, node: Hex): Promise<Address | null> {
  const resolver = await client.readContract({
    address: registry,
    abi: ensRegistryAbi,
    functionName: 'resolver',
    args: [node],
  })
  return resolver === ZERO ? null : getAddress(resolver)
}

/** Forward resolution: the address `name` points at, or null when it has none. */
export async function resolveEnsName(
  client: EnsReader,
  registry: Address,
  name: string,
): Promise<Address | null> {
  const node = namehash(normalizeEnsName(name))
  const resolver = await resolverOf(client, registry, node)
  if (!resolver) return null
  const address = await client.readContract({
    address: resolver,
    abi: ensResolverAbi,
    functionName: 'addr',
    args: [node],
  })
  return address === ZERO ? null : getAddress(address)
}

/**
 * Reverse resolution, verified: the primary name `address` claims, returned only when that name
 * resolves forward to the same address (anyone can claim any name in their reverse record).
 */
export async function lookupEnsAddress(
  client: EnsReader,
  registry: Address,
  address: Address,
): Promise<string | null> {
  const node = reverseNode(address)
  const resolver = await resolverOf(client, registry, node)
  if (!resolver) return null
  const claimed = await client.readContract({
    address: resolver,
    abi: ensResolverAbi,
    functionName: 'name',
    args: [node],
  })
  if (!claimed) return null
  let name: string
  try {
    name = normalizeEnsName(claimed)
  } catch {
    return null
  }
  if (name !== claimed) return null
  const forward = await resolveEnsName(client, registry, name)
  return forward && forward === getAddress(address) ? name : null
}

/** A text record of `name` (e.g. 'avatar'), or null when unset. */
export async function ensText(
  client: EnsReader,
  registry: Address,
  name: string,
  key: string,
): Promise<string | null> {
  const node = namehash(normalizeEnsName(name))
  const resolver = await resolverOf(client, registry, node)
  if (!resolver) return null
  const value = await client.readContract({
    address: resolver,
    abi: ensResolverAbi,
    functionName: 'text',
    args: [node, key],
  })
  return value || null
}

const avatarNftAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function uri(uint256 id) view returns (string)',
])

/** ENSIP-12's NFT avatar reference: `eip155:<chain id>/erc721:<contract>/<token id>` (or erc1155). */
const NFT_AVATAR = /^eip155:(\d{1,12})\/(erc721|erc1155):(0x[0-9a-fA-F]{40})\/(\d{1,78})$/
/** A metadata document read inline; larger ones are not avatars this app shows. */
const MAX_METADATA_CHARS = 64_000

/** The JSON of an inline (data:) metadata URI, or null for any other kind (https, ipfs: not fetched). */
function inlineMetadata(uri: string): unknown {
  if (uri.length > MAX_METADATA_CHARS) return null
  const base64 = /^data:application\/json;base64,([A-Za-z0-9+/]+={0,2})$/.exec(uri)
  const plain = /^data:application\/json(?:;charset=utf-8|;utf8)?,(.*)$/s.exec(uri)
  try {
    if (base64?.[1]) {
      const bytes = Uint8Array.from(atob(base64[1]), (c) => c.charCodeAt(0))
      return JSON.parse(new TextDecoder().decode(bytes))
    }
    if (plain?.[1] !== undefined) return JSON.parse(decodeURIComponent(plain[1]))
  } catch {
    return null
  }
  return null
}

/**
 * The image an ENS name's `avatar` record stands for, unchecked (the caller decides what it may
 * draw): a URL or data URI as written, or for an ENSIP-12 NFT reference on `chainId` the `image`
 * of the token's inline metadata, only while `owner` (the address the name resolves to) holds the
 * token. Null when there is no record, the NFT is on another chain, held by someone else, or its
 * metadata is not inline.
 */
export async function ensAvatar(
  client: EnsReader,
  registry: Address,
  name: string,
  options: {
    readonly chainId: number
    readonly owner: Address
    /** Where an `ipfs://` record loads from (an https URL ending in '/'); absent: such records are dropped. */
    readonly ipfsGateway?: string
  },
): Promise<string | null> {
  const record = (await ensText(client, registry, name, 'avatar'))?.trim()
  if (!record) return null
  if (record.startsWith('ipfs://'))
    return options.ipfsGateway ? avatarImageSrc(record, options.ipfsGateway) : null
  const nft = NFT_AVATAR.exec(record)
  if (!nft) return /^(https:|data:image\/)/i.test(record) ? record : null
  const [, chainId, standard, contract, id] = nft
  if (Number(chainId) !== options.chainId || !contract || !id) return null
  const tokenId = BigInt(id)
  const at = { address: getAddress(contract), abi: avatarNftAbi } as const
  let uri: string
  try {
    if (standard === 'erc721') {
      const holder = await client.readContract({ ...at, functionName: 'ownerOf', args: [tokenId] })
      if (getAddress(holder) !== getAddress(options.owner)) return null
      uri = await client.readContract({ ...at, functionName: 'tokenURI', args: [tokenId] })
    } else {
      const held = await client.readContract({
        ...at,
        functionName: 'balanceOf',
        args: [options.owner, tokenId],
      })
      if (held === 0n) return null
      uri = (await client.readContract({ ...at, functionName: 'uri', args: [tokenId] })).replace(
        '{id}',
        tokenId.toString(16).padStart(64, '0'),
      )
    }
  } catch {
    // No such token, or a contract that is no NFT: no avatar.
    return null
  }
  const metadata = inlineMetadata(uri)
  const image =
    typeof metadata === 'object' && metadata !== null ? (metadata as { image?: unknown }).image : null
  return typeof image === 'string' && image.length > 0 ? image : null
}
