/**
 * The chain state an order's intake checks (the swapper's Permit2 nonce word, input balance and
 * Permit2 allowance), read once per block and shared. Every submission asks for the newest block
 * number, but submissions arriving while one eth_blockNumber is in flight share the next one (at
 * most one in flight, each started after the submissions it answers arrived, so a read is never
 * older than the submission). The reads are made at that block, or at a newer one another
 * submission has already read, and kept until a newer block is seen: a swapper's twenty orders in
 * one block cost three eth_calls, not sixty, and concurrent identical reads are one call.
 */
import { erc20Abi, permit2Abi } from '@oxbow/protocol'
import type { Address, PublicClient } from 'viem'

export interface OrderChainState {
  /** The 256-bit word of Permit2's nonce bitmap holding the nonce. */
  readonly bitmap: bigint
  readonly balance: bigint
  readonly allowance: bigint
}

/** Entries kept for one block at most (a flood of distinct swappers in one block). */
const MAX_ENTRIES = 50_000

export interface ChainReads {
  /** The newest block number, asked after this call (shared with the calls made while it is in flight). */
  newestBlock(): Promise<bigint>
  /** The state at `at` (default: a `newestBlock()` asked now), or at a newer block already seen. */
  read(swapper: Address, token: Address, nonce: bigint, at?: Promise<bigint>): Promise<OrderChainState>
}

export function createChainReads(client: PublicClient, permit2: Address): ChainReads {
  let block = -1n
  let cache = new Map<string, Promise<bigint>>()
  // the eth_blockNumber in flight, and the one the submissions arriving meanwhile wait for
  let inFlight: Promise<bigint> | null = null
  let next: Promise<bigint> | null = null

  const fetchBlock = (): Promise<bigint> => {
    const run = client.getBlockNumber({ cacheTime: 0 }).finally(() => {
      if (inFlight === run) inFlight = null
    })
    inFlight = run
    return run
  }
  const newestBlock = (): Promise<bigint> => {
    if (!inFlight) return fetchBlock()
    // one asked before this submission arrived: wait for it, then share one asked after
    next ??= inFlight
      .catch(() => {})
      .then(() => {
        next = null
        return fetchBlock()
      })
    return next
  }

  const cached = (key: string, read: () => Promise<bigint>): Promise<bigint> => {
    let value = cache.get(key)
    if (!value) {
      if (cache.size >= MAX_ENTRIES) cache.clear()
      value = read()
      // a failed read is asked again by the next submission
      const map = cache
      value.catch(() => map.delete(key))
      map.set(key, value)
    }
    return value
  }

  return {
    newestBlock,
    async read(swapper, token, nonce, atBlock) {
      const asked = await (atBlock ?? newestBlock())
      if (asked > block) {
        block = asked
        cache = new Map()
      }
      // a newer block seen meanwhile (by a submission that arrived later) serves as well: the
      // reads are never older than the submission
      const at = block
      const word = nonce >> 8n
      const get = (key: string, read: (blockNumber: bigint) => Promise<bigint>) => cached(key, () => read(at))
      const [bitmap, balance, allowance] = await Promise.all([
        get(`n:${swapper}:${word}`, (blockNumber) =>
          client.readContract({
            address: permit2,
            abi: permit2Abi,
            functionName: 'nonceBitmap',
            args: [swapper, word],
            blockNumber,
          }),
        ),
        get(`b:${token}:${swapper}`, (blockNumber) =>
          client.readContract({
            address: token,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [swapper],
            blockNumber,
          }),
        ),
        get(`a:${token}:${swapper}`, (blockNumber) =>
          client.readContract({
            address: token,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [swapper, permit2],
            blockNumber,
          }),
        ),
      ])
      return { bitmap, balance, allowance }
    },
  }
}
