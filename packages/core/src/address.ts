import { CoreError } from './errors.ts'

/** The form of an EVM address: 0x plus 40 hex characters, any case (no checksum test). */
export const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/

/** An EVM address: 0x plus 40 hex characters (the spec's send-recipient pattern); any case. */
export function isEvmAddress(value: string): value is `0x${string}` {
  return EVM_ADDRESS_PATTERN.test(value)
}

/**
 * Shortens an address for display: the first `chars` characters after the prefix and the last
 * `chars`, joined by an ellipsis ('0x1234…abcd'). The spec shows 8 or 6 characters; default 4 per side
 * (0x + 4 … 4). A value too short to shorten is returned unchanged. Throws on an empty address (the
 * spec: address display throws when there is no address).
 */
export function shortenAddress(address: string, chars = 4): string {
  if (address.length === 0) throw new CoreError('No address to display', { code: 'NO_ADDRESS' })
  if (!Number.isInteger(chars) || chars < 1) {
    throw new CoreError(`chars must be a positive integer, got ${chars}`, { code: 'INVALID_ARGUMENT' })
  }
  const prefix = address.startsWith('0x') ? 2 : 0
  if (address.length <= prefix + chars * 2 + 1) return address
  return `${address.slice(0, prefix + chars)}…${address.slice(-chars)}`
}

/**
 * The highest address reserved for precompiles and system contracts: 0x01–0x0a are Ethereum's
 * precompiles, 0x0100 is P256VERIFY (RIP-7212), and rollups put theirs below 0x10000. The
 * Universal Router even reads 0x…01 and 0x…02 as "the sender" and "the router itself".
 */
export const MAX_RESERVED_ADDRESS = 0xffffn

/**
 * Why no funds may ever be paid out to (or swapped from) `address`, whatever the network: the
 * zero address (burnt), or a precompile or other reserved low address (no one can move what it
 * receives). Undefined for any other address, and for anything that is not an EVM address at all
 * (reported on its own). The trading API refuses these as recipient or swapper, and the swap form
 * before asking it.
 */
export function reservedAddressKind(address: string): 'zero' | 'precompile' | undefined {
  if (!isEvmAddress(address)) return undefined
  const value = BigInt(address)
  if (value === 0n) return 'zero'
  return value <= MAX_RESERVED_ADDRESS ? 'precompile' : undefined
}
