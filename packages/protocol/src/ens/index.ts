/**
 * ENS: the one home of the registry/resolver ABIs and of forward and reverse resolution. Works on
 * any ENS deployment given its registry (the devnet's, from the manifest; mainnet's canonical one),
 * reading registry -> resolver -> record directly, so it needs no Universal Resolver.
 */
import { CoreError } from '@oxbow/core'
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
