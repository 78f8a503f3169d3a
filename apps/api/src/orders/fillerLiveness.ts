/**
 * Whether a filler is live on a network: the quote offers a gasless route only then (an order
 * nobody fills would only fail after its deadline). The filler process proves it is running,
 * reaches its network and can pay a fill's gas by posting a heartbeat every
 * FILLER_HEARTBEAT_MS (POST /v1/orders/filler/heartbeat): a message naming the network and the
 * time, signed with the filler's key. Only the network's filler (the manifest's, or
 * OXBOW_FILLER_ADDRESS) is heard; a filler is live for FILLER_LIVE_SECONDS after its last heartbeat.
 *
 * Kept in the process's memory: API replicas behind one address each hear only the heartbeats
 * that reach them (the filler posts to one API URL).
 */
import { type Address, type Hex, isAddressEqual, recoverMessageAddress } from 'viem'
import { ApiError } from '../errors.ts'

/** How often the filler posts its heartbeat (ms). */
export const FILLER_HEARTBEAT_MS = 2_000
/** A filler is live this long after its last heartbeat: a few missed heartbeats, no more. */
export const FILLER_LIVE_SECONDS = 10
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

export class FillerLiveness {
  /** Per chain: the last heartbeat's signed time and when it arrived (unix seconds). */
  private readonly beats = new Map<number, { timestamp: number; at: number }>()

  constructor(
    /** The filler whose heartbeats count on a chain (undefined: the chain has none). */
    private readonly fillerOf: (chainId: number) => Address | undefined,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

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
    const last = this.beats.get(heartbeat.chainId)
    if (last && heartbeat.timestamp <= last.timestamp) {
      throw new ApiError('SIGNATURE_REPLAYED', 'Not newer than the last heartbeat', [
        { path: 'timestamp', message: 'not newer than the last heartbeat' },
      ])
    }
    this.beats.set(heartbeat.chainId, { timestamp: heartbeat.timestamp, at: now })
  }

  /** Whether the chain's filler sent a heartbeat in the last FILLER_LIVE_SECONDS. */
  isLive(chainId: number): boolean {
    const last = this.beats.get(chainId)
    return last !== undefined && this.now() - last.at <= FILLER_LIVE_SECONDS
  }
}
