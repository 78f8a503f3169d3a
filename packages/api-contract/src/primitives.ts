/**
 * The value kinds the API's answers share. Each parses to its viem type (`Address`, `Hex`), so no
 * client casts. (What a client sends is parsed by ./requests.ts, with checksums.)
 */
import type { Address, Hex } from 'viem'
import * as z from 'zod/mini'

/**
 * An address in an answer: 20 hex bytes, typed `Address`. The API writes them checksummed; a
 * client checks the form only, which needs no keccak (it keeps viem's hashing out of the web app's
 * first load); an address a person typed goes through `address`.
 */
export const addressOut = z.custom<Address>(
  (v) => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v),
  'not a 20-byte hex address',
)

/**
 * `0x`-prefixed hex of any length. A regex, not viem's `isHex`: importing that one function puts
 * viem's shared chunk (about 29 KB gzip) into the web app's first load.
 */
export const hex = z.custom<Hex>(
  (v) => typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v),
  'not 0x-prefixed hex',
)

/** A non-negative integer in base units, as a decimal string (JSON has no bigint). */
export const uint = z.string().check(z.regex(/^[0-9]{1,78}$/, 'a non-negative integer as a decimal string'))

/** A network's URL slug (checked against the served networks by the API). */
export const network = z.string().check(z.maxLength(40))
