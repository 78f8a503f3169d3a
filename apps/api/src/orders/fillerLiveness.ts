/**
 * Whether a filler is live on a network: the quote offers a gasless route only then (an order
 * nobody fills would only fail after its deadline). The filler process proves it is running,
 * reaches its network and can pay a fill's gas by posting a heartbeat every
 * FILLER_HEARTBEAT_MS (POST /v1/orders/filler/heartbeat): a message naming the network and the
 * time, signed with the filler's key. Only the network's filler (the manifest's, or
 * OXBOW_FILLER_ADDRESS) is heard; a filler is live for FILLER_LIVE_SECONDS after its last heartbeat.
 *
 * Kept in the API's database (its schema, PGlite or the PostgreSQL server of DATABASE_URL), so API
 * replicas sharing a server agree: the filler posts to one of them and every one offers the gasless
 * route. A heartbeat is recorded only when it is newer than the stored one, in one statement (two
 * replicas given the same heartbeat record it once, the other answers SIGNATURE_REPLAYED). Each
 * replica reads the table every LIVENESS_REFRESH_MS into memory, so the quote's check stays
 * synchronous and costs no query; the heartbeats it records itself count at once.
 */
import { type Address, type Hex, isAddressEqual, recoverMessageAddress } from 'viem'
import { type Database, migrate } from '../db/index.ts'
import { ApiError } from '../errors.ts'

/** How often the filler posts its heartbeat (ms). */
export const FILLER_HEARTBEAT_MS = 2_000
/** A filler is live this long after its last heartbeat: a few missed heartbeats, no more. */
export const FILLER_LIVE_SECONDS = 10
/** How often a replica reads the other replicas' heartbeats from the database (ms). */
export const LIVENESS_REFRESH_MS = 1_000
/** How far a heartbeat's time may be from the API's clock (either way). */
export const FILLER_HEARTBEAT_SKEW_SECONDS = 30

/** The text a filler signs (EIP-191 personal message) for one heartbeat. */
export function fillerHeartbeatMessage(chainId: number, timestamp: number): string {
  return `Oxbow filler heartbeat\nchain: ${chainId}\ntime: ${timestamp}`
}

export interface FillerHeartbeat {
  readonly chainId: number
  /** Unix seconds, as signed. */
  readonly timestamp: number
  readonly signature: Hex
}

const migrations = [
  {
    name: 'filler-heartbeats-1',
    sql: `
CREATE TABLE filler_heartbeats (
  chain_id integer PRIMARY KEY,
  filler text NOT NULL,
  signed_at bigint NOT NULL,
  received_at bigint NOT NULL
)`,
  },
] as const

export class FillerLiveness {
  /** Per chain: when its last heartbeat arrived at any replica (unix seconds, that replica's clock). */
  private readonly beats = new Map<number, number>()
  private timer: ReturnType<typeof setInterval> | undefined

  private constructor(
    private readonly db: Database,
    /** The filler whose heartbeats count on a chain (undefined: the chain has none). */
    private readonly fillerOf: (chainId: number) => Address | undefined,
    private readonly now: () => number,
  ) {}

  /** Migrates the table, reads it, and reads it again every `refreshMs` until `stop()`. */
  static async open(options: {
    readonly db: Database
    readonly fillerOf: (chainId: number) => Address | undefined
    readonly now?: (() => number) | undefined
    readonly refreshMs?: number
  }): Promise<FillerLiveness> {
    await migrate(options.db, 'filler-liveness', migrations)
    const liveness = new FillerLiveness(
      options.db,
      options.fillerOf,
      options.now ?? (() => Math.floor(Date.now() / 1000)),
    )
    await liveness.refresh()
    liveness.timer = setInterval(
      () => liveness.refresh().catch(() => {}),
      options.refreshMs ?? LIVENESS_REFRESH_MS,
    )
    liveness.timer.unref()
    return liveness
  }

  /** Reads every chain's last heartbeat from the database. */
  async refresh(): Promise<void> {
    const rows = await this.db.query<{ chain_id: number; received_at: string | number }>(
      'SELECT chain_id, received_at FROM filler_heartbeats',
    )
    for (const row of rows) {
      const at = Number(row.received_at)
      if (at > (this.beats.get(row.chain_id) ?? -1)) this.beats.set(row.chain_id, at)
    }
  }

  stop(): void {
    clearInterval(this.timer)
  }

  /**
   * Records a heartbeat, or throws a typed 4xx: a chain without a filler (UNSUPPORTED_NETWORK),
   * a time too far from now (SIGNATURE_EXPIRED), not newer than the last (SIGNATURE_REPLAYED), or
   * not signed by the chain's filler (INVALID_SIGNATURE).
   */
  async beat(heartbeat: FillerHeartbeat): Promise<void> {
    const filler = this.fillerOf(heartbeat.chainId)
    if (!filler) {
      throw new ApiError('UNSUPPORTED_NETWORK', 'Unsupported network', [
        { path: 'chainId', message: 'no order filler on this network' },
      ])
    }
    const now = this.now()
    if (Math.abs(heartbeat.timestamp - now) > FILLER_HEARTBEAT_SKEW_SECONDS) {
      throw new ApiError('SIGNATURE_EXPIRED', 'The heartbeat is too old or in the future', [
        { path: 'timestamp', message: `more than ${FILLER_HEARTBEAT_SKEW_SECONDS} s from now` },
      ])
    }
    let signer: Address
    try {
      signer = await recoverMessageAddress({
        message: fillerHeartbeatMessage(heartbeat.chainId, heartbeat.timestamp),
        signature: heartbeat.signature,
      })
    } catch {
      throw new ApiError('INVALID_SIGNATURE', 'Not a signature', [
        { path: 'signature', message: 'not a signature' },
      ])
    }
    if (!isAddressEqual(signer, filler)) {
      throw new ApiError('INVALID_SIGNATURE', "Not signed by this network's filler", [
        { path: 'signature', message: "not signed by this network's filler" },
      ])
    }
    // newer than the stored heartbeat, whichever replica stored it, or nothing is written
    const recorded = await this.db.query(
      `INSERT INTO filler_heartbeats (chain_id, filler, signed_at, received_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (chain_id) DO UPDATE
         SET filler = EXCLUDED.filler, signed_at = EXCLUDED.signed_at, received_at = EXCLUDED.received_at
         WHERE filler_heartbeats.signed_at < EXCLUDED.signed_at
       RETURNING chain_id`,
      [heartbeat.chainId, filler, heartbeat.timestamp, now],
    )
    if (recorded.length === 0) {
      throw new ApiError('SIGNATURE_REPLAYED', 'Not newer than the last heartbeat', [
        { path: 'timestamp', message: 'not newer than the last heartbeat' },
      ])
    }
    this.beats.set(heartbeat.chainId, now)
  }

  /** Whether the chain's filler sent a heartbeat (to any replica) in the last FILLER_LIVE_SECONDS. */
  isLive(chainId: number): boolean {
    const last = this.beats.get(chainId)
    return last !== undefined && this.now() - last <= FILLER_LIVE_SECONDS
  }
}
