/** `@oxbow/api-contract/requests`: what a client sends, as the API parses it (see requests.ts). */
export {
  address,
  approvalRequestSchema,
  CHECKSUM_MESSAGE,
  checksumHolds,
  hexAddress,
  type NftReportRequestBody,
  nftReportRequestSchema,
  quoteRequestSchema,
  swapRequestSchema,
  tokenIdText,
  tokensQuerySchema,
} from './requests.ts'
