/**
 * NFT reports (POST /v1/nfts/reports; GET /v1/nfts/reports/:network/:contractAddress/:tokenId): a
 * person flags an NFT for one of a fixed set of reasons; the API stores one report per reporter and
 * NFT (a second one from the same reporter is not counted again) and answers the NFT's counts.
 */
import * as z from 'zod/mini'
import { addressOut, network } from './primitives.ts'

/** Why an NFT is reported (the web app's dialog offers exactly these). */
export const nftReportReasons = ['spam', 'scam', 'offensive', 'stolen'] as const
export type NftReportReason = (typeof nftReportReasons)[number]

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
const contractAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'a 20-byte hex address'))

export const nftReportRequestSchema = z.strictObject({
  network,
  contractAddress,
  tokenId: tokenIdText,
  reason: z.enum(nftReportReasons),
})
export type NftReportRequestBody = z.input<typeof nftReportRequestSchema>

/** The answer to a report: what was stored, and whether this reporter had reported the NFT already. */
export const nftReportResponseSchema = z.object({
  network: z.string(),
  contractAddress: addressOut,
  tokenId: z.string(),
  reason: z.enum(nftReportReasons),
  duplicate: z.boolean(),
})
export type NftReportResponseBody = z.infer<typeof nftReportResponseSchema>

/** An NFT's stored reports: how many reporters, and how many per reason. */
export const nftReportSummarySchema = z.object({
  network: z.string(),
  contractAddress: addressOut,
  tokenId: z.string(),
  reports: z.number(),
  reasons: z.record(z.enum(nftReportReasons), z.number()),
})
export type NftReportSummaryBody = z.infer<typeof nftReportSummarySchema>
