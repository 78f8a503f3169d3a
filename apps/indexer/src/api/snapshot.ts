/**
 * The derived market picture (token prices and changes, pool TVL/volume/APR) computed from the
 * indexed tables once per indexed block and shared by every request until the next block: a
 * single small query (network_state) tells whether the picture is still current.
 */

import { performance } from 'node:perf_hooks'
import { and, desc, eq, gt, gte, lte, or, type ReadonlyDrizzle, sql } from 'ponder'
import type * as schema from '../../ponder.schema.ts'
import { buildSnapshot, type Snapshot } from './snapshotViews.ts'

type Tables = typeof schema
type Db = ReadonlyDrizzle<Tables>

/** How stale the API's view of "which block is indexed" may be; well inside the 1 s lag budget. */
const KEY_TTL_MS = 50
/**
 * The same where the indexing functions say when a block is complete (`blockCompleted`): the key
 * is read again at once after each, and this interval only catches changes without one (a reorg's
 * revert with no block after it, Ponder's status). Reading the key cost about a sixth of the API's
 * CPU under load on PGlite at 250 ms, and over a quarter on the loaded machine (issue #16's distinct
 * queries: PGlite 0.2's per-query cost, file operations included, about 10 ms of CPU each there).
 */
const SIGNALLED_KEY_TTL_MS = 1_000
const HOUR = 3600
const DAY = 86400

/**
 * Ponder's own record of what it has indexed completely: per network, the latest block whose
 * events are all processed (`_ponder_status`, in the schema Ponder writes to, which is the API
 * connection's search path). Set when historical indexing ends and after every realtime block.
 */
async function readPonderStatus(
  db: Db,
): Promise<{ network: string; blockNumber: bigint; timestamp: number }[]> {
  try {
    const result = (await db.execute(
      sql`select network_name, block_number, block_timestamp from _ponder_status where block_number is not null`,
    )) as unknown as {
      rows: { network_name: string; block_number: string | number; block_timestamp: string | number }[]
    }
    return result.rows.map((r) => ({
      network: r.network_name,
      blockNumber: BigInt(r.block_number),
      timestamp: Number(r.block_timestamp),
    }))
  } catch {
    return [] // not written yet (indexing has not started)
  }
}

/**
 * @param chainIdOf the chain id of a Ponder network name (the manifest's slugs), to read
 *   `_ponder_status`: a network whose head has not moved since start-up has no `network_state`
 *   row yet (the Clock source starts at the head) but is indexed up to the block Ponder reports.
 */
export function createSnapshots(
  db: Db,
  tables: Tables,
  chainIdOf?: (network: string) => number | undefined,
  blockCompleted?: (listener: () => void) => void,
) {
  const keyTtlMs = blockCompleted ? SIGNALLED_KEY_TTL_MS : KEY_TTL_MS
  let current: Snapshot | undefined
  let keyInFlight: Promise<{ key: string; states: Snapshot['states'] }> | undefined
  let building: { key: string; promise: Promise<Snapshot> } | undefined

  async function readKey() {
    const [rows, status] = await Promise.all([
      db.select().from(tables.networkState),
      chainIdOf ? readPonderStatus(db) : [],
    ])
    const byChain = new Map(rows.map((r) => [r.chainId, r]))
    for (const st of status) {
      const chainId = chainIdOf?.(st.network)
      if (chainId === undefined) continue
      const row = byChain.get(chainId)
      // Ponder's block without a hash of ours: the hash is unknown (the key still moves with it)
      if (!row || row.blockNumber < st.blockNumber) {
        byChain.set(chainId, {
          chainId,
          blockNumber: st.blockNumber,
          blockHash: '0x',
          timestamp: st.timestamp,
        })
      }
    }
    const states = [...byChain.values()]
    states.sort((a, b) => a.chainId - b.chainId)
    return { key: states.map((s) => `${s.chainId}:${s.blockNumber}:${s.blockHash}`).join('|'), states }
  }

  async function build(key: string, states: Snapshot['states']): Promise<Snapshot> {
    const wallNow = Math.floor(Date.now() / 1000)
    const minNow = states.length ? Math.min(...states.map((s) => s.timestamp)) : wallNow
    const c = tables.tokenCandle
    const w = tables.poolWindow
    const candleColumns = {
      chainId: c.chainId,
      token: c.token,
      period: c.period,
      bucket: c.bucket,
      open: c.open,
      close: c.close,
      volumeUsd: c.volumeUsd,
    }
    const windowColumns = {
      chainId: w.chainId,
      pool: w.pool,
      bucket: w.bucket,
      volumeUsd: w.volumeUsd,
      feesUsd: w.feesUsd,
    }
    const [tokens, pools, hourly, daily, recentCandles, earlierCandles, collections] = await Promise.all([
      db.select().from(tables.token),
      db.select().from(tables.pool),
      db
        .select(windowColumns)
        .from(w)
        .where(and(eq(w.period, HOUR), gte(w.bucket, minNow - DAY - HOUR))),
      db
        .select(windowColumns)
        .from(w)
        .where(and(eq(w.period, DAY), gte(w.bucket, minNow - 31 * DAY))),
      // Candles are read on every block, so only those the figures below can use (issue #16: the
      // snapshot rebuild, most of it 30 days of candles, delayed each new block's answers): the
      // last day's hourly and the last hour's 5-minute ones, where 24 h volume, the sparkline and the
      // "first price after" fall back, and (next query) per token the last one before those
      // windows, where the 1 h and 24 h ago prices come from. The same prices as all of them.
      db
        .select(candleColumns)
        .from(c)
        .where(
          or(
            and(eq(c.period, 300), gt(c.bucket, minNow - HOUR)),
            and(eq(c.period, HOUR), gt(c.bucket, minNow - DAY)),
          ),
        ),
      db
        .selectDistinctOn([c.chainId, c.token, c.period], candleColumns)
        .from(c)
        .where(
          and(
            gte(c.bucket, minNow - 30 * DAY),
            or(
              and(eq(c.period, 300), lte(c.bucket, minNow - HOUR)),
              and(eq(c.period, HOUR), lte(c.bucket, minNow - DAY)),
            ),
          ),
        )
        .orderBy(c.chainId, c.token, c.period, desc(c.bucket)),
      db.select().from(tables.nftCollection),
    ])
    return buildSnapshot(key, states, {
      tokens,
      pools,
      hourly,
      daily,
      recentCandles,
      earlierCandles,
      collections,
    })
  }

  let lastRead: { key: string; states: Snapshot['states']; at: number } | undefined
  let readsStarted = 0
  blockCompleted?.(() => {
    lastRead = undefined
    // A read in flight may have started before the block completed: the next request reads again.
    keyInFlight = undefined
  })
  /**
   * The indexed state, read at most every KEY_TTL_MS (a read shared by all requests arriving while
   * it is in flight): under load the API costs one tiny query per interval, not one per request.
   */
  function currentKey():
    | Promise<{ key: string; states: Snapshot['states'] }>
    | { key: string; states: Snapshot['states'] } {
    if (lastRead && performance.now() - lastRead.at < keyTtlMs) return lastRead
    if (keyInFlight) return keyInFlight
    const started = ++readsStarted
    const read = readKey()
      .then((result) => {
        // Only the newest read is kept (a block completed meanwhile started a newer one).
        if (started === readsStarted) lastRead = { ...result, at: performance.now() }
        return result
      })
      .finally(() => {
        if (keyInFlight === read) keyInFlight = undefined
      })
    keyInFlight = read
    return read
  }

  return {
    /** Identifies the indexed state: latest block number and hash of every network. */
    async key(): Promise<string> {
      return (await currentKey()).key
    },
    /** The current snapshot, rebuilt when a new block has been indexed on any network. */
    async get(): Promise<Snapshot> {
      const { key, states } = await currentKey()
      if (current?.key === key) return current
      if (building?.key !== key) {
        const promise = build(key, states).then((s) => {
          current = s
          return s
        })
        building = { key, promise }
        promise.catch(() => {
          if (building?.promise === promise) building = undefined
        })
      }
      return building.promise
    },
  }
}
