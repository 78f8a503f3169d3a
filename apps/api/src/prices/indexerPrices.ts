/**
 * Market USD prices from the indexer's data API (`tokenPrices`: derived from the indexed pools,
 * as of the indexer's latest indexed block). The API's only source of USD figures: when the
 * indexer is not configured, unreachable, slow or answers nonsense, callers get
 * `{ status: 'unavailable', reason }` and show no USD value, never a seeded reference price.
 *
 * One request per network fetches every token the API knows there (batched, at most 100 per
 * `tokenPrices` call); concurrent callers share it. The answer is kept per network and indexed
 * block: a caller whose chain head is at or below that block gets it without a request; a newer
 * head asks again (at most once per `minRefreshMs` while the indexer has not caught up, so a
 * burst of quotes after a block costs one request, not one each).
 */
import { addressOut } from '@oxbow/api-contract'
import { type Address, getAddress } from 'viem'
import { z } from 'zod'

export interface MarketPrices {
  readonly status: 'market'
  /** The indexer's latest indexed block on the network: the prices are as of this block. */
  readonly blockNumber: bigint
  /** That block's timestamp (unix seconds). */
  readonly asOf: number
  /** USD per whole token, by lowercase address (null: no indexed pool prices it). */
  readonly usd: ReadonlyMap<string, number | null>
}
export interface NoPrices {
  readonly status: 'unavailable'
  readonly reason: string
}
export type PriceAnswer = MarketPrices | NoPrices

/** Where the trading module takes USD prices from (see {@link createIndexerPrices}). */
export interface PriceSource {
  /** Prices on `network` as of `headBlock`, or the newest block the indexer has indexed. */
  prices(network: string, headBlock: bigint): Promise<PriceAnswer>
  /** The last answer for `network` without waiting (undefined before the first). */
  peek(network: string): PriceAnswer | undefined
}

export interface IndexerPricesOptions {
  /** The indexer's GraphQL endpoint (OXBOW_INDEXER_URL). */
  readonly url: string
  /** Tokens to price per network (the zero address is the native currency). */
  readonly tokens: ReadonlyMap<string, readonly Address[]>
  /** A request slower than this fails into 'unavailable' (ms). */
  readonly timeoutMs?: number
  /** While the indexer lags the chain head, ask again at most this often (ms). */
  readonly minRefreshMs?: number
  readonly fetch?: typeof fetch
  readonly log?: (message: string, fields?: Record<string, unknown>) => void
}

const MAX_TOKENS_PER_REQUEST = 100

const QUERY = /* GraphQL */ `
  query OxbowApiPrices($tokens: [TokenRef!]!) {
    networks { network blockNumber blockTimestamp }
    tokenPrices(tokens: $tokens) { network address priceUsd }
  }
`

const answerSchema = z.object({
  data: z.object({
    networks: z.array(
      z.object({
        network: z.string(),
        blockNumber: z.string().regex(/^[0-9]{1,20}$/),
        blockTimestamp: z.number().int().nonnegative(),
      }),
    ),
    tokenPrices: z.array(
      z.object({
        network: z.string(),
        address: addressOut,
        // a decimal string; anything else is treated as unpriced
        priceUsd: z.string().max(80).nullable(),
      }),
    ),
  }),
})

interface Entry {
  answer: PriceAnswer
  /** When the request that produced `answer` started (ms). */
  fetchedAt: number
  inFlight?: Promise<PriceAnswer> | undefined
}

function toUsd(value: string | null): number | null {
  if (value === null) return null
  const n = Number(value)
  return Number.isFinite(n) && n > 0 ? n : null
}

export function createIndexerPrices(options: IndexerPricesOptions): PriceSource {
  const { url, tokens, timeoutMs = 300, minRefreshMs = 50, log } = options
  const doFetch = options.fetch ?? fetch
  const entries = new Map<string, Entry>()
  /** The last failure reason logged, so an indexer that stays down logs once, not per quote. */
  let lastLogged: string | undefined

  async function request(network: string, list: readonly Address[]): Promise<PriceAnswer> {
    const usd = new Map<string, number | null>()
    let blockNumber: bigint | undefined
    let asOf = 0
    for (let i = 0; i < list.length; i += MAX_TOKENS_PER_REQUEST) {
      const chunk = list.slice(i, i + MAX_TOKENS_PER_REQUEST)
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          query: QUERY,
          variables: { tokens: chunk.map((address) => ({ network, address })) },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!res.ok) throw new Error(`the indexer answered HTTP ${res.status}`)
      const parsed = answerSchema.safeParse(await res.json())
      if (!parsed.success) throw new Error('the indexer answered something other than prices')
      const status = parsed.data.data.networks.find((n) => n.network === network)
      if (!status) throw new Error(`the indexer does not index ${network}`)
      const block = BigInt(status.blockNumber)
      // several chunks: the oldest block any of them was read at is what all are as of
      if (blockNumber === undefined || block < blockNumber) {
        blockNumber = block
        asOf = status.blockTimestamp
      }
      for (const p of parsed.data.data.tokenPrices)
        usd.set(getAddress(p.address).toLowerCase(), toUsd(p.priceUsd))
    }
    return { status: 'market', blockNumber: blockNumber ?? 0n, asOf, usd }
  }

  function refresh(network: string, entry: Entry | undefined): Promise<PriceAnswer> {
    if (entry?.inFlight) return entry.inFlight
    const list = tokens.get(network)
    if (!list || list.length === 0) {
      return Promise.resolve({ status: 'unavailable', reason: `no tokens to price on ${network}` })
    }
    const startedAt = Date.now()
    const flight = request(network, list).catch((error: unknown): PriceAnswer => {
      const cause =
        error instanceof Error
          ? error.name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : error.message
          : String(error)
      return { status: 'unavailable', reason: `indexer prices unavailable: ${cause}` }
    })
    const next: Entry = entry ?? {
      answer: { status: 'unavailable', reason: 'not fetched yet' },
      fetchedAt: 0,
    }
    next.inFlight = flight
    entries.set(network, next)
    return flight.then((answer) => {
      next.inFlight = undefined
      // an older block than the one held (an indexer restarting) never replaces a newer answer
      const held = next.answer
      const older =
        answer.status === 'market' && held.status === 'market' && answer.blockNumber < held.blockNumber
      if (!older) {
        next.answer = answer
        next.fetchedAt = startedAt
      }
      if (answer.status === 'unavailable' && answer.reason !== lastLogged) {
        lastLogged = answer.reason
        log?.(`prices: ${answer.reason}`, { network })
      } else if (answer.status === 'market' && lastLogged !== undefined) {
        lastLogged = undefined
        log?.('prices: the indexer answers again', { network })
      }
      return next.answer
    })
  }

  return {
    async prices(network, headBlock) {
      const entry = entries.get(network)
      if (entry) {
        const held = entry.answer
        if (held.status === 'market' && held.blockNumber >= headBlock) return held
        // the indexer has not caught up (or failed) recently: the answer stands until the next try
        if (Date.now() - entry.fetchedAt < minRefreshMs && !entry.inFlight) return held
      }
      return refresh(network, entry)
    },
    peek(network) {
      return entries.get(network)?.answer
    },
  }
}

/** For a service without an indexer configured: every answer says so. */
export function noPriceSource(reason: string): PriceSource {
  const answer: NoPrices = { status: 'unavailable', reason }
  return { prices: async () => answer, peek: () => answer }
}
