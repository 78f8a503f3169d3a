import {
  errorBodySchema,
  type FieldProblem,
  fieldProblemsSchema,
  networksResponseSchema,
  type QuoteRequestBody,
  type QuoteResponse,
  quoteResponseSchema,
  type SwapRequestBody,
  type SwapResponse,
  swapResponseSchema,
  type TokenInfo,
  type TradingNetwork,
  tokensResponseSchema,
} from '@oxbow/api-contract'
import { CoreError } from '@oxbow/core'
import type * as z from 'zod/mini'
import { getRuntimeConfig } from '../../config/index.ts'

/**
 * The trading API client (apps/api, /v1): quote, swap, check_approval, tokens, networks. The
 * request and response shapes are the API's own contract (@oxbow/api-contract): every answer is
 * parsed with it before the screen uses it (addresses come out checksummed), so a change to the
 * API is a type error here. An error answer becomes a `TradingApiError` with the API's typed code,
 * so the screen can show the spec's message for its real cause.
 */

export type {
  PermitData,
  QuoteResponse as Quote,
  SwapResponse,
  TokenInfo,
  TradingNetwork,
  TxRequest,
} from '@oxbow/api-contract'
export { tokenInfoSchema } from '@oxbow/api-contract'

/** The API's typed error codes the swap screen maps to the spec's messages. */
export type TradingErrorCode =
  | 'NO_QUOTES_FOUND'
  | 'INSUFFICIENT_LIQUIDITY'
  | 'UNSUPPORTED_NETWORK'
  | 'UNSUPPORTED_TOKEN'
  | 'RATE_LIMIT_EXCEEDED'
  | 'INVALID_INPUT'
  | 'SERVICE_UNAVAILABLE'
  /** The API could not be reached or answered something that is not its contract. */
  | 'NETWORK_ERROR'
  | (string & {})

/** An answer of the trading API that is an error (or no answer): a CoreError with the API's code. */
export class TradingApiError extends CoreError {
  override readonly name = 'TradingApiError'
  override readonly code: TradingErrorCode
  constructor(
    code: TradingErrorCode,
    message: string,
    readonly status: number,
    /** Seconds, from Retry-After on a 429. */
    readonly retryAfter?: number,
    /** INVALID_INPUT: which field was refused and why (e.g. `deadline`: 'deadline has passed'). */
    readonly problems?: readonly FieldProblem[],
  ) {
    super(message, { code })
    this.code = code
  }
}

/** What POST /v1/quote takes (amounts in base units as decimal strings; 'ETH' for the native currency). */
export type QuoteParams = QuoteRequestBody
/** What POST /v1/swap takes. */
export type SwapParams = SwapRequestBody

/** One call of the API (/v1): the answer parsed with `schema`, an error answer a `TradingApiError`. */
export async function callApi<T>(
  path: string,
  schema: z.ZodMiniType<T, unknown>,
  init: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal | undefined },
): Promise<T> {
  const url = new URL(path, getRuntimeConfig().apiUrl)
  let response: Response
  try {
    response = await fetch(url, {
      method: init.method,
      credentials: 'omit',
      signal: init.signal ?? null,
      ...(init.body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new TradingApiError('NETWORK_ERROR', 'The trading API could not be reached', 0)
  }
  let json: unknown
  try {
    json = await response.json()
  } catch {
    throw new TradingApiError(
      'NETWORK_ERROR',
      'The trading API answered something unreadable',
      response.status,
    )
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json)
    const retryAfter = Number(response.headers.get('retry-after'))
    throw new TradingApiError(
      parsed.success ? parsed.data.error.code : 'NETWORK_ERROR',
      parsed.success ? parsed.data.error.message : `HTTP ${response.status}`,
      response.status,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      parsed.success ? fieldProblemsSchema.safeParse(parsed.data.error.details).data : undefined,
    )
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success)
    throw new TradingApiError(
      'NETWORK_ERROR',
      'The trading API answered an unexpected shape',
      response.status,
    )
  return parsed.data
}

export function fetchQuote(params: QuoteParams, signal?: AbortSignal): Promise<QuoteResponse> {
  return callApi('/v1/quote', quoteResponseSchema, { method: 'POST', body: params, signal })
}

export function fetchSwap(params: SwapParams, signal?: AbortSignal): Promise<SwapResponse> {
  return callApi('/v1/swap', swapResponseSchema, { method: 'POST', body: params, signal })
}

export async function fetchTokens(network: string, signal?: AbortSignal): Promise<readonly TokenInfo[]> {
  const answer = await callApi(`/v1/tokens?network=${encodeURIComponent(network)}`, tokensResponseSchema, {
    method: 'GET',
    signal,
  })
  return answer.tokens
}

export async function fetchTradingNetworks(signal?: AbortSignal): Promise<readonly TradingNetwork[]> {
  return (await callApi('/v1/networks', networksResponseSchema, { method: 'GET', signal })).networks
}
