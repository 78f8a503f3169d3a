import * as z from 'zod/mini'
import { getRuntimeConfig } from '../../config/index.ts'

/**
 * The trading API client (apps/api, /v1): quote, swap, check_approval, tokens, networks. Every
 * answer is validated before the screen uses it; an error answer becomes a `TradingApiError` with
 * the API's typed code, so the screen can show the spec's message for its real cause.
 */

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const uint = z.string().check(z.regex(/^[0-9]{1,78}$/))

const quoteToken = z.object({ address, symbol: z.string(), decimals: z.number() })
const hop = z.object({
  protocol: z.enum(['V2', 'V3', 'V4', 'WRAP']),
  pool: z.string(),
  tokenIn: address,
  tokenOut: address,
  fee: z.number(),
  amountIn: z.optional(uint),
  amountOut: z.optional(uint),
  tickSpacing: z.optional(z.number()),
  hooks: z.optional(address),
  dynamicFee: z.optional(z.boolean()),
})

export const quoteSchema = z.object({
  network: z.string(),
  chainId: z.number(),
  blockNumber: uint,
  routing: z.enum(['CLASSIC', 'WRAP', 'UNWRAP']),
  tradeType: z.enum(['EXACT_INPUT', 'EXACT_OUTPUT']),
  tokenIn: quoteToken,
  tokenOut: quoteToken,
  amountIn: uint,
  amountOut: uint,
  minimumAmountOut: z.optional(uint),
  maximumAmountIn: z.optional(uint),
  priceImpactPercent: z.number(),
  slippage: z.object({ percent: z.number(), auto: z.boolean(), veryHigh: z.boolean() }),
  route: z.array(z.object({ percent: z.number(), amountIn: uint, amountOut: uint, hops: z.array(hop) })),
  gas: z.object({
    estimate: z.number(),
    gasPriceWei: uint,
    costWei: uint,
    /** At market prices (the indexer's pools); null when the API has no market price. */
    costUsd: z.nullable(z.number()),
    highRelativeToTrade: z.boolean(),
  }),
  tradeValueUsd: z.nullable(z.number()),
})
export type Quote = z.infer<typeof quoteSchema>

const txRequest = z.object({
  to: address,
  from: address,
  data: hex,
  value: uint,
  chainId: z.number(),
})

export const swapResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('APPROVAL_REQUIRED'), approval: txRequest, quote: quoteSchema }),
  z.object({
    status: z.literal('SIGNATURE_REQUIRED'),
    permitData: z.object({
      domain: z.object({ name: z.string(), chainId: z.number(), verifyingContract: address }),
      types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
      primaryType: z.literal('PermitSingle'),
      message: z.object({
        details: z.object({ token: address, amount: uint, expiration: z.number(), nonce: z.number() }),
        spender: address,
        sigDeadline: uint,
      }),
    }),
    quote: quoteSchema,
  }),
  z.object({
    status: z.literal('READY'),
    tx: z.extend(txRequest, { gasLimit: uint }),
    deadline: z.number(),
    quote: quoteSchema,
  }),
])
export type SwapResponse = z.infer<typeof swapResponseSchema>
export type PermitData = Extract<SwapResponse, { status: 'SIGNATURE_REQUIRED' }>['permitData']
export type TxRequest = z.infer<typeof txRequest>

export const tokenInfoSchema = z.object({
  address,
  symbol: z.string(),
  name: z.string(),
  decimals: z.number(),
  /**
   * USD at market prices (the indexer's pools, served by the API's one price client); null when
   * not priced or the indexer is unavailable, and then shown as a placeholder, never a made-up value.
   */
  priceUsd: z.nullable(z.number()),
  native: z.boolean(),
  kind: z.string(),
  /** verified, or one of the spec's levels: blocked, medium, malicious, spam, honeypot, impersonator. */
  safety: z.string(),
  transferFeeBps: z.number(),
  notRoutable: z.optional(z.string()),
})
export type TokenInfo = z.infer<typeof tokenInfoSchema>
const tokensSchema = z.object({ network: z.string(), tokens: z.array(tokenInfoSchema) })

const networksSchema = z.object({
  networks: z.array(
    z.object({
      slug: z.string(),
      chainId: z.number(),
      blockNumber: uint,
      universalRouter: address,
      permit2: address,
      wrappedNative: address,
      pools: z.number(),
    }),
  ),
})
export type TradingNetwork = z.infer<typeof networksSchema>['networks'][number]

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    retryable: z.optional(z.boolean()),
    details: z.optional(z.unknown()),
  }),
})
const fieldProblemsSchema = z.array(z.object({ path: z.string(), message: z.string() }))

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

export class TradingApiError extends Error {
  override readonly name = 'TradingApiError'
  constructor(
    readonly code: TradingErrorCode,
    message: string,
    readonly status: number,
    /** Seconds, from Retry-After on a 429. */
    readonly retryAfter?: number,
    /** INVALID_INPUT: which field was refused and why (e.g. `deadline`: 'deadline has passed'). */
    readonly details?: readonly { readonly path: string; readonly message: string }[],
  ) {
    super(message)
  }
}

/** The native currency in API requests. */

export interface QuoteParams {
  readonly network: string
  readonly tokenIn: string
  readonly tokenOut: string
  /** Base units, decimal string. */
  readonly amount: string
  readonly type: 'EXACT_INPUT' | 'EXACT_OUTPUT'
  readonly slippage?: 'auto' | number
  readonly recipient?: string
}

export interface SwapParams extends QuoteParams {
  readonly swapper: string
  /** Unix seconds. */
  readonly deadline?: number
  readonly permit?: { readonly signature: string; readonly message: PermitData['message'] }
}

async function call<T>(
  path: string,
  schema: z.ZodMiniType<T>,
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
    const parsed = errorSchema.safeParse(json)
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

export function fetchQuote(params: QuoteParams, signal?: AbortSignal): Promise<Quote> {
  return call('/v1/quote', quoteSchema, { method: 'POST', body: params, signal })
}

export function fetchSwap(params: SwapParams, signal?: AbortSignal): Promise<SwapResponse> {
  return call('/v1/swap', swapResponseSchema, { method: 'POST', body: params, signal })
}

export async function fetchTokens(network: string, signal?: AbortSignal): Promise<readonly TokenInfo[]> {
  const answer = await call(`/v1/tokens?network=${encodeURIComponent(network)}`, tokensSchema, {
    method: 'GET',
    signal,
  })
  return answer.tokens
}

export async function fetchTradingNetworks(signal?: AbortSignal): Promise<readonly TradingNetwork[]> {
  return (await call('/v1/networks', networksSchema, { method: 'GET', signal })).networks
}
