/**
 * NFT reports in the API's schema: one row per NFT (network, lower-case contract, token id) and
 * reporter (a SHA-256 of the client key, never the address itself), so a reporter who reports the
 * same NFT again is not counted twice; the first report's reason stays.
 */
import type { NftReportReason } from '@oxbow/api-contract/nft-reports'
import type { Migration, Queryable } from '../db/index.ts'

export const nftReportMigrations: readonly Migration[] = [
  {
    name: '001_nft_reports',
    sql: `
CREATE TABLE nft_reports (
  network text NOT NULL,
  contract_address text NOT NULL,
  token_id numeric(78, 0) NOT NULL,
  reporter text NOT NULL,
  reason text NOT NULL,
  reported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, contract_address, token_id, reporter)
);
`,
  },
]

export interface NftKey {
  readonly network: string
  /** Lower case. */
  readonly contractAddress: string
  readonly tokenId: string
}

export function createNftReportStore(db: Queryable) {
  return {
    /** Stores the report; false when this reporter had already reported the NFT (nothing changes). */
    async add(nft: NftKey, reporter: string, reason: NftReportReason): Promise<boolean> {
      const rows = await db.query<{ reporter: string }>(
        `INSERT INTO nft_reports (network, contract_address, token_id, reporter, reason)
         VALUES ($1, $2, $3::numeric, $4, $5)
         ON CONFLICT DO NOTHING RETURNING reporter`,
        [nft.network, nft.contractAddress, nft.tokenId, reporter, reason],
      )
      return rows.length === 1
    },
    /** How many reporters reported the NFT, per reason. */
    async counts(nft: NftKey): Promise<Map<string, number>> {
      const rows = await db.query<{ reason: string; count: string | number }>(
        `SELECT reason, count(*) AS count FROM nft_reports
         WHERE network = $1 AND contract_address = $2 AND token_id = $3::numeric GROUP BY reason`,
        [nft.network, nft.contractAddress, nft.tokenId],
      )
      return new Map(rows.map((row) => [row.reason, Number(row.count)]))
    },
  }
}
