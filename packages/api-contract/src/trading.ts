/**
 * What the trading API answers (`/v1/quote`, `/v1/swap`, `/v1/check_approval`, `/v1/tokens`,
 * `/v1/networks`), parsed by the web app. `z.input` of a schema is what the API must write (it
 * checks its answers against it), `z.output` what a client gets after parsing.
 */
import * as z from 'zod/mini'
import { addressOut, hex, uint } from './primitives.ts'

/** The market prices behind an answer's USD figures: the indexed block they are from, or why none. */
export const marketPrices = z.union([
  z.object({ status: z.literal('market'), blockNumber: uint, asOf: z.number() }),
  z.object({ status: z.literal('unavailable'), reason: z.string() }),
])
export type MarketPrices = z.output<typeof marketPrices>

export const tradeTypes = ['EXACT_INPUT', 'EXACT_OUTPUT'] as const
export type TradeType = (typeof tradeTypes)[number]

const quoteToken = z.object({ address: addressOut, symbol: z.string(), decimals: z.number() })

const hop = z.object({
  protocol: z.enum(['V2', 'V3', 'V4', 'WRAP']),
  /** A v2/v3 pool's address, a v4 pool id, or WETH for a wrap. */
  pool: z.string(),
  tokenIn: addressOut,
  tokenOut: addressOut,
  fee: z.number(),
  amountIn: z.optional(uint),
  amountOut: z.optional(uint),
  tickSpacing: z.optional(z.number()),
  hooks: z.optional(addressOut),
  dynamicFee: z.optional(z.boolean()),
})

export const gaslessRoute = z.object({
  routing: z.literal('DUTCH'),
  reactor: addressOut,
  /** What the swapper receives if filled at once: the classic output minus the filler's gas cost. */
  outputStartAmount: uint,
  /** The least the swapper receives: the classic route's minimum (the slippage floor). */
  outputEndAmount: uint,
  decaySeconds: z.number(),
  deadlineSeconds: z.number(),
  /** The filler's gas for this order and its cost, taken from the output instead of paid by the swapper. */
  fillerGas: z.object({ estimate: z.number(), costWei: uint, costInTokenOut: uint }),
  /** How long until the filler's transaction lands, as estimated from its polling (seconds). */
  estimatedFillSeconds: z.number(),
})
export type GaslessRoute = z.output<typeof gaslessRoute>

export const quoteResponseSchema = z.object({
  network: z.string(),
  chainId: z.number(),
  blockNumber: uint,
  routing: z.enum(['CLASSIC', 'WRAP', 'UNWRAP']),
  tradeType: z.enum(tradeTypes),
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
    /** The spec's warning: the network cost is above 10 % of the trade's value. */
    highRelativeToTrade: z.boolean(),
  }),
  tradeValueUsd: z.nullable(z.number()),
  /** Which market prices the USD figures come from, or why there are none. */
  prices: z.optional(marketPrices),
  /**
   * The gasless order route (UniswapX Dutch order), offered next to the classic route above when
   * the network offers gasless swaps, the trade is an exact-input sell of an ERC-20 for an ERC-20,
   * our filler can fill it and it is better than the classic route after the filler's gas cost.
   * The swapper signs once and pays no network cost; the output decays from `outputStartAmount`
   * to `outputEndAmount` (the slippage floor) over `decaySeconds`, and the order expires
   * `deadlineSeconds` after it is built.
   */
  gasless: z.optional(gaslessRoute),
})
/** POST /v1/quote's answer, as parsed. */
export type QuoteResponse = z.output<typeof quoteResponseSchema>
/** POST /v1/quote's answer, as the API writes it. */
export type QuoteResponseBody = z.input<typeof quoteResponseSchema>

const txRequest = z.object({
  to: addressOut,
  from: addressOut,
  data: hex,
  value: uint,
  chainId: z.number(),
})
export type TxRequest = z.output<typeof txRequest>

const permitData = z.object({
  domain: z.object({ name: z.string(), chainId: z.number(), verifyingContract: addressOut }),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.literal('PermitSingle'),
  message: z.object({
    details: z.object({ token: addressOut, amount: uint, expiration: z.number(), nonce: z.number() }),
    spender: addressOut,
    sigDeadline: uint,
  }),
})
export type PermitData = z.output<typeof permitData>

export const swapResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('APPROVAL_REQUIRED'), approval: txRequest, quote: quoteResponseSchema }),
  z.object({ status: z.literal('SIGNATURE_REQUIRED'), permitData, quote: quoteResponseSchema }),
  z.object({
    status: z.literal('READY'),
    /** The swap transaction; for a batch only when the account already delegates to our delegate. */
    tx: z.optional(z.extend(txRequest, { gasLimit: uint })),
    /** Asked with `batch: true`: approvals and swap as the calls of one EIP-5792 bundle. */
    batch: z.optional(
      z.object({
        chainId: z.number(),
        gasLimit: uint,
        calls: z
          .array(z.object({ to: addressOut, data: hex, value: uint }))
          .check(z.minLength(1), z.maxLength(4)),
      }),
    ),
    /** Unix seconds. */
    deadline: z.number(),
    quote: quoteResponseSchema,
  }),
])
export type SwapResponse = z.output<typeof swapResponseSchema>
export type SwapResponseBody = z.input<typeof swapResponseSchema>

export const approvalResponseSchema = z.object({ approval: z.nullable(txRequest) })
export type ApprovalResponse = z.output<typeof approvalResponseSchema>
export type ApprovalResponseBody = z.input<typeof approvalResponseSchema>

export const tokenInfoSchema = z.object({
  address: addressOut,
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
  /** Why the token cannot be swapped (absent: it can). */
  notRoutable: z.optional(z.string()),
})
export type TokenInfo = z.output<typeof tokenInfoSchema>
export type TokenInfoBody = z.input<typeof tokenInfoSchema>

export const tokensResponseSchema = z.object({
  network: z.string(),
  prices: z.optional(marketPrices),
  tokens: z.array(tokenInfoSchema),
})
export type TokensResponseBody = z.input<typeof tokensResponseSchema>

export const networksResponseSchema = z.object({
  networks: z.array(
    z.object({
      slug: z.string(),
      chainId: z.number(),
      blockNumber: uint,
      universalRouter: addressOut,
      permit2: addressOut,
      wrappedNative: addressOut,
      pools: z.number(),
      excludedPools: z.optional(z.array(z.object({ pool: z.string(), reason: z.string() }))),
    }),
  ),
})
export type TradingNetwork = z.output<typeof networksResponseSchema>['networks'][number]
export type NetworksResponseBody = z.input<typeof networksResponseSchema>
