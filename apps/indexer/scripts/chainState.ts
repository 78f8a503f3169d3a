/**
 * Whether `serve` may resume from the indexer's on-disk database instead of indexing from scratch.
 * The devnet rewrites its manifest on every start (a new `createdAt`), so the database is keyed on
 * the chain's identity instead: the manifest without `createdAt` (dump fingerprint, chain ids, RPC
 * URLs, contracts, start blocks) and the indexed networks. That alone is not enough: the devnet
 * reloads its dumps, so transactions of an earlier session are gone from the chain while the
 * database still holds them. So the newest block indexed on each network (`network_state`, which
 * the Clock handler writes after each block's events) must still be on the chain, same number and
 * same hash; then everything the database holds is chain history, and Ponder resumes from it.
 *
 * `serve` resumes a database once only. Ponder 1.0.0's crash recovery reverts to its finalized
 * checkpoint, the earliest of the networks' (multichain ordering), and re-indexes from there; events
 * of a network between that checkpoint and the network's own finalized block are indexed in the
 * historical phase (`sortCompletedAndPendingEvents` in ponder/dist/esm/sync/index.js yields them
 * instead of deferring them to the realtime phase), where no reorg record is written. The resumed
 * database is right, but a second resume would not revert those rows and would index them again
 * (seen: a duplicate key in `pool_event`, Ponder stopping).
 */
import { createHash } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'

/** The chain identity the database is keyed on (hex, 16 characters). */
export function chainFingerprint(manifestText: string, networks: readonly string[]): string {
  const { createdAt: _createdAt, ...identity } = JSON.parse(manifestText) as Record<string, unknown>
  return createHash('sha256')
    .update(JSON.stringify({ identity, networks: [...networks].sort() }))
    .digest('hex')
    .slice(0, 16)
}

export interface IndexedBlock {
  readonly chainId: number
  readonly number: bigint
  readonly hash: string
}

/** The newest indexed block per chain in a PGlite database directory (empty when there is none). */
export async function newestIndexedBlocks(dataDir: string, schema: string): Promise<IndexedBlock[]> {
  const db = new PGlite(dataDir)
  try {
    const { rows } = await db.query<{ chain_id: number; block_number: string; block_hash: string }>(
      `SELECT chain_id, block_number::text AS block_number, block_hash FROM "${schema}"."network_state"`,
    )
    return rows.map((r) => ({ chainId: r.chain_id, number: BigInt(r.block_number), hash: r.block_hash }))
  } catch {
    // No such table (a start killed before its first block, or another layout): nothing to resume.
    return []
  } finally {
    await db.close().catch(() => {})
  }
}

/**
 * Clears the lock Ponder keeps on its schema (`_ponder_meta` app `is_locked`) in a PGlite directory
 * about to be resumed. Ponder 1.0 leaves it set when it stops (seen after a clean SIGTERM exit,
 * code 0), so the next start took the lock for another app's and waited for its heartbeat to expire:
 * 15-25 s of a warm restart (issue #16, target 10 s). A PGlite directory is open in one process at
 * a time, and `serve` has just opened it, so no other Ponder holds it.
 */
export async function releaseSchemaLock(dataDir: string, schema: string): Promise<void> {
  const db = new PGlite(dataDir)
  try {
    await db.query(
      `UPDATE "${schema}"."_ponder_meta" SET value = jsonb_set(value, '{is_locked}', to_jsonb(0)) WHERE key = 'app'`,
    )
  } catch {
    // No meta table yet: nothing is locked.
  } finally {
    await db.close().catch(() => {})
  }
}

/** The hash of block `number` on the node at `rpcUrl` (null: no such block, or no answer). */
async function blockHash(rpcUrl: string, number: bigint): Promise<string | null> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getBlockByNumber',
        params: [`0x${number.toString(16)}`, false],
      }),
      signal: AbortSignal.timeout(5_000),
    })
    const body = (await res.json()) as { result?: { hash?: string } | null }
    return body.result?.hash?.toLowerCase() ?? null
  } catch {
    return null
  }
}

/**
 * Why the database cannot be resumed on these chains, or null when it can: every indexed network
 * has a newest indexed block, and that block is still on its chain.
 */
export async function whyNotResumable(
  indexed: readonly IndexedBlock[],
  chains: readonly { chainId: number; slug: string; rpcUrl: string }[],
): Promise<string | null> {
  const reasons = await Promise.all(
    chains.map(async (chain) => {
      const newest = indexed.find((b) => b.chainId === chain.chainId)
      if (!newest) return `${chain.slug} has no indexed block`
      const onChain = await blockHash(chain.rpcUrl, newest.number)
      return onChain === newest.hash.toLowerCase()
        ? null
        : `${chain.slug}'s block ${newest.number} is no longer the one indexed`
    }),
  )
  return reasons.find((r) => r !== null) ?? null
}
