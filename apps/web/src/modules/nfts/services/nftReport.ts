import {
  type NftReportReason,
  type NftReportResponseBody,
  nftReportResponseSchema,
} from '@oxbow/api-contract/nft-reports'
import { getRuntimeConfig } from '../../config/index.ts'

export { type NftReportReason, nftReportReasons } from '@oxbow/api-contract/nft-reports'

/**
 * Reports an NFT to the API (POST /v1/nfts/reports, apps/api src/nftReports); the answer is parsed
 * with the API's own contract. An error answer, an unreadable one or no answer throws: the dialog
 * then shows the spec's 'Could not report NFT. Try again later.'
 */
export async function reportNft(report: {
  network: string
  contractAddress: string
  tokenId: string
  reason: NftReportReason
}): Promise<NftReportResponseBody> {
  const url = new URL('/v1/nfts/reports', getRuntimeConfig().apiUrl)
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
  })
  if (!response.ok) throw new Error(`NFT report answered HTTP ${response.status}`)
  const parsed = nftReportResponseSchema.safeParse(await response.json())
  if (!parsed.success) throw new Error('NFT report answered an unexpected shape')
  return parsed.data
}
