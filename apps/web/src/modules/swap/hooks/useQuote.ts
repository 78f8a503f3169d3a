import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { mapQuoteError, type QuoteError } from '../services/errors.ts'
import { readBlockNumber } from '../services/rpc.ts'
import { fetchQuote, fetchTradingNetworks, type Quote } from '../services/tradingApi.ts'

/** Quotes wait this long after the last keystroke (the quote must be on screen ≤ 300 ms after it). */
export const QUOTE_DEBOUNCE_MS = 150
/** A shown quote is refreshed this often. */
export const QUOTE_REFRESH_MS = 10_000
/** While a quote is shown, the chain's head is read this often: a newer block than the quote's re-quotes. */
export const HEAD_CHECK_MS = 1_000

export interface QuoteRequest {
  readonly chain: string
  readonly tokenIn: string
  readonly tokenOut: string
  /** Base units of the independent side (> 0). */
  readonly amount: bigint
  readonly type: 'EXACT_INPUT' | 'EXACT_OUTPUT'
  readonly slippage: 'auto' | number
  /** The API may offer the gasless order route (false: hidden by the spec's mismatch rule, or the classic fallback). */
  readonly gasless?: boolean
}

export function quoteQueryKey(request: QuoteRequest) {
  return [
    'quote',
    request.chain,
    request.tokenIn.toLowerCase(),
    request.tokenOut.toLowerCase(),
    request.amount.toString(),
    request.type,
    request.slippage,
    request.gasless !== false,
  ] as const
}

/** The quote's query: aborted when the form moves on, refreshed every 10 s, never retried blindly. */
export function quoteQuery(request: QuoteRequest) {
  return queryOptions({
    queryKey: quoteQueryKey(request),
    queryFn: ({ signal }) =>
      fetchQuote(
        {
          network: request.chain,
          tokenIn: request.tokenIn,
          tokenOut: request.tokenOut,
          amount: request.amount.toString(),
          type: request.type,
          slippage: request.slippage,
          ...(request.gasless === false ? { gasless: false } : {}),
        },
        signal,
      ),
    staleTime: 5_000,
    gcTime: 60_000,
    refetchInterval: QUOTE_REFRESH_MS,
    retry: false,
    placeholderData: keepPreviousData,
  })
}

/** The networks the trading API serves (a network it does not serve shows 'Unsupported network'). */
export function tradingNetworksQuery() {
  return queryOptions({
    queryKey: ['trading-networks'],
    queryFn: ({ signal }) => fetchTradingNetworks(signal),
    staleTime: 5 * 60_000,
    retry: 1,
  })
}

/** `value`, once it has stopped changing for `ms` (null goes through at once: nothing to wait for). */
function useSettled<T>(value: T | null, key: string, ms: number): T | null {
  const [settled, setSettled] = useState<{ key: string; value: T | null }>({ key, value })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the identity of `value`
  useEffect(() => {
    if (value === null) {
      setSettled({ key, value })
      return
    }
    const timer = setTimeout(() => setSettled({ key, value }), ms)
    return () => clearTimeout(timer)
  }, [key, ms])
  return value === null ? null : settled.value
}

export interface QuoteState {
  /** The quote on screen: the current one, or the previous one (dimmed) while the next loads. */
  readonly quote: Quote | undefined
  /** True when `quote` is for exactly the current form (not a previous input's, not while typing). */
  readonly current: boolean
  readonly loading: boolean
  readonly error: QuoteError | null
  readonly refetch: () => void
}

const keyOf = (request: QuoteRequest | null) => (request ? quoteQueryKey(request).join('|') : '')

/**
 * Live quote for the form: waits QUOTE_DEBOUNCE_MS after the input settles, aborts the request
 * of an input that changed, keeps the previous quote visible while the next one loads, refreshes
 * every QUOTE_REFRESH_MS, and re-quotes as soon as the chain has a block newer than the quote's
 * (read every HEAD_CHECK_MS).
 */
export function useQuote(request: QuoteRequest | null, unsupportedNetwork: boolean): QuoteState {
  const key = keyOf(request)
  const settled = useSettled(request, key, QUOTE_DEBOUNCE_MS)
  const settledKey = keyOf(settled)
  const enabled = settled !== null && !unsupportedNetwork
  const query = useQuery({
    ...quoteQuery(
      settled ?? { chain: '', tokenIn: '', tokenOut: '', amount: 0n, type: 'EXACT_INPUT', slippage: 'auto' },
    ),
    enabled,
  })
  const { refetch } = query
  // the quote is priced on one block (its blockNumber): when the chain moves on, so does the quote
  const chain = settled?.chain ?? ''
  const head = useQuery({
    queryKey: ['head', chain],
    queryFn: ({ signal }) => readBlockNumber(chain, { signal }),
    enabled: enabled && query.data !== undefined,
    refetchInterval: HEAD_CHECK_MS,
    retry: false,
  })
  const quotedBlock = query.data?.blockNumber
  const newer = head.data !== undefined && quotedBlock !== undefined && head.data > BigInt(quotedBlock)
  const newHead = newer ? head.data : undefined
  // once per new head: an API still behind the chain does not make the form quote in a loop
  const requotedFor = useRef<bigint | undefined>(undefined)
  useEffect(() => {
    if (newHead === undefined || requotedFor.current === newHead) return
    requotedFor.current = newHead
    void refetch()
  }, [newHead, refetch])
  if (!enabled || request === null) {
    return {
      quote: undefined,
      current: false,
      loading: false,
      error: unsupportedNetwork && request ? { kind: 'unsupportedNetwork', retry: false } : null,
      refetch: () => undefined,
    }
  }
  const typing = settledKey !== key
  const current = !typing && !query.isPlaceholderData && query.data !== undefined
  return {
    quote: query.data,
    current,
    loading: typing || query.isFetching,
    error: query.error && !typing && !query.isFetching ? mapQuoteError(query.error) : null,
    refetch: () => void refetch(),
  }
}
