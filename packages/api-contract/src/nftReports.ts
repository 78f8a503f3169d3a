/**
 * NFT reports (POST /v1/nfts/reports; GET /v1/nfts/reports/:network/:contractAddress/:tokenId): a
 * person flags an NFT for one of a fixed set of reasons; the API stores one report per reporter and
 * NFT (a second one from the same reporter is not counted again) and answers the NFT's counts.
 * The request schema is `@oxbow/api-contract/requests`' `nftReportRequestSchema` (its strict object
 * would add zod code to the web app's first load; the web app only sends it).
 */
import * as z from 'zod/mini'

/** Why an NFT is reported (the web app's dialog offers exactly these). */
export const nftReportReasons = ['spam', 'scam', 'offensive', 'stolen'] as const
export type NftReportReason = (typeof nftReportReasons)[number]

/**
 * The NFT's contract in an answer (the API writes it checksummed). A plain string, not
 * `addressOut`: sharing ./primitives.ts with the NFT pages' lazy chunk split it into a chunk of its
 * own on the web app's first load (+140 B gzip); the pages never use the answer's address.
 */
const contractAddress = z.string()

/** The answer to a report: what was stored, and whether this reporter had reported the NFT already. */
export const nftReportResponseSchema = z.object({
  network: z.string(),
  contractAddress,
  tokenId: z.string(),
  reason: z.enum(nftReportReasons),
  duplicate: z.boolean(),
})
export type NftReportResponseBody = z.infer<typeof nftReportResponseSchema>

/** An NFT's stored reports: how many reporters, and how many per reason. */
export const nftReportSummarySchema = z.object({
  network: z.string(),
  contractAddress,
  tokenId: z.string(),
  reports: z.number(),
  reasons: z.object({ spam: z.number(), scam: z.number(), offensive: z.number(), stolen: z.number() }),
})
export type NftReportSummaryBody = z.infer<typeof nftReportSummarySchema>
