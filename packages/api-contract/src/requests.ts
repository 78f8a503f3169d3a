/**
 * What a client sends to the trading API (`*RequestSchema`, parsed by the API; `z.input` of each
 * is what a client may send). A subpath of its own (`@oxbow/api-contract/requests`) so that a
 * client importing the answers' schemas does not bundle these (and viem's keccak with them).
 */
import { EVM_ADDRESS_PATTERN, NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { type Address, checksumAddress, getAddress, type Hex, isAddress, isHex } from 'viem'
import * as z from 'zod/mini'
import { nftReportReasons } from './nftReports.ts'
import { network } from './primitives.ts'
import { tradeTypes } from './trading.ts'

export const CHECKSUM_MESSAGE = 'the mixed-case checksum (EIP-55) does not match: the address is mistyped'

/**
 * EIP-55: a mixed-case address must carry its checksum (an all-lower or all-upper one carries
 * none). True for anything that is not an address at all (that is reported on its own).
 */
export function checksumHolds(value: string): boolean {
  if (!isAddress(value, { strict: false })) return true
  const hex = value.slice(2)
  return hex === hex.toLowerCase() || hex === hex.toUpperCase() || checksumAddress(value) === value
}

const addressText = z.string().check(
  z.maxLength(64),
  z.refine((v) => isAddress(v, { strict: false }), 'not a 20-byte hex address'),
  z.refine(checksumHolds, CHECKSUM_MESSAGE),
)

/**
 * An address kept as sent (not checksummed), typed `Address`: 0x and 40 hex characters, all-lower,
 * all-upper or mixed case with its EIP-55 checksum (a mixed-case address with a wrong one is a typo
 * and refused). `message` is the problem a 400 lists when the form is wrong. Use `address` where
 * the checksummed form is wanted.
 */
export function hexAddress(message = 'a 20-byte hex address') {
  return z.pipe(
    z.string().check(z.regex(EVM_ADDRESS_PATTERN, message), z.refine(checksumHolds, CHECKSUM_MESSAGE)),
    z.transform((v) => v as Address),
  )
}

/** A 20-byte address, checksum-validated when mixed case; parses to the checksummed `Address`. */
export const address = z.pipe(
  addressText,
  z.transform((v): Address => getAddress(v)),
)

const isNativeSymbol = (v: string) => v.toUpperCase() === 'ETH'

/** A token address, or 'ETH' for the chain's native currency (parsed to NATIVE_CURRENCY_ADDRESS). */
const currency = z.pipe(
  z.string().check(
    z.maxLength(64),
    z.refine((v) => isNativeSymbol(v) || isAddress(v, { strict: false }), "a token address or 'ETH'"),
    z.refine((v) => isNativeSymbol(v) || checksumHolds(v), CHECKSUM_MESSAGE),
  ),
  z.transform((v) => (isNativeSymbol(v) ? NATIVE_CURRENCY_ADDRESS : getAddress(v))),
)

/** A trade amount in base units: 1 to 2^128 - 1, as a decimal string; parses to bigint. */
const amount = z
  .pipe(
    z.string().check(z.regex(/^[0-9]{1,78}$/, 'a positive integer in base units, as a decimal string')),
    z.transform((v) => BigInt(v)),
  )
  .check(z.refine((v) => v > 0n && v < 2n ** 128n, 'must be between 1 and 2^128 - 1'))

const quoteFields = {
  network,
  tokenIn: currency,
  tokenOut: currency,
  amount,
  type: z.enum(tradeTypes),
  slippage: z._default(
    z.union([
      z.literal('auto'),
      z.number().check(z.gt(0, 'Enter a value larger than 0'), z.lte(50, 'Enter a value less than 50')),
    ]),
    'auto',
  ),
  recipient: z.optional(address),
  protocols: z.optional(z.array(z.enum(['V2', 'V3', 'V4'])).check(z.minLength(1), z.maxLength(3))),
}

export const quoteRequestSchema = z.strictObject({
  ...quoteFields,
  /** Who will swap (optional on a quote): screened like the recipient. */
  swapper: z.optional(address),
  /**
   * Whether the answer may offer the gasless order route (default true). A client sends false
   * when the spec hides gasless (mismatch UX on and a delegation mismatch) or the user chose the
   * classic route after a gasless order failed.
   */
  gasless: z.optional(z.boolean()),
})
/** What a client sends to POST /v1/quote. */
export type QuoteRequestBody = z.input<typeof quoteRequestSchema>

const uint48 = z.int().check(z.nonnegative(), z.lte(2 ** 48 - 1))

export const swapRequestSchema = z.strictObject({
  ...quoteFields,
  swapper: address,
  /** Unix seconds. */
  deadline: z.optional(z.int().check(z.positive(), z.lte(2 ** 40))),
  permit: z.optional(
    z.strictObject({
      signature: z.custom<Hex>(
        (v) => typeof v === 'string' && v.length >= 132 && v.length <= 300 && isHex(v),
        'a hex ECDSA signature',
      ),
      message: z.strictObject({
        details: z.strictObject({
          token: address,
          amount: z.string().check(z.regex(/^[0-9]{1,49}$/)),
          expiration: uint48,
          nonce: uint48,
        }),
        spender: address,
        sigDeadline: z.string().check(z.regex(/^[0-9]{1,20}$/)),
      }),
    }),
  ),
  /** Approvals and swap as one atomic bundle, for a smart wallet (EIP-5792 / EIP-7702). */
  batch: z.optional(z.boolean()),
  /**
   * The Permit2 allowance as a transaction (Permit2.approve, an APPROVAL_REQUIRED step) instead of
   * a signed permit: the spec's gate (forced by flag, or a delegation mismatch with its UX on).
   */
  permitAsTransaction: z.optional(z.boolean()),
})
/** What a client sends to POST /v1/swap. */
export type SwapRequestBody = z.input<typeof swapRequestSchema>

export const approvalRequestSchema = z.strictObject({
  network,
  walletAddress: address,
  token: currency,
  amount,
})
export type ApprovalRequestBody = z.input<typeof approvalRequestSchema>

/** GET /v1/tokens?network=… */
export const tokensQuerySchema = z.object({ network })

// NFT reports (POST /v1/nfts/reports; the answers are ./nftReports.ts).
const MAX_TOKEN_ID = 2n ** 256n - 1n
const DECIMAL = /^(0|[1-9][0-9]*)$/

/** An ERC-721 token id: a uint256 as a decimal string (no sign, no leading zeros). */
export const tokenIdText = z.string().check(
  z.maxLength(78),
  z.regex(DECIMAL, 'a non-negative integer as a decimal string'),
  // zod/mini runs every check: only a well-formed number is compared.
  z.refine(
    (v) => !DECIMAL.test(v) || v.length > 78 || BigInt(v) <= MAX_TOKEN_ID,
    'at most 2^256 - 1 (a uint256)',
  ),
)

/** A contract address as sent: 20 hex bytes (any case; the API stores it lower case). */
const contractAddress = hexAddress()

export const nftReportRequestSchema = z.strictObject({
  network,
  contractAddress,
  tokenId: tokenIdText,
  reason: z.enum(nftReportReasons),
})
export type NftReportRequestBody = z.input<typeof nftReportRequestSchema>
