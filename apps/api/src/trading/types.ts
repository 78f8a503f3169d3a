/** The trading service's requests and token records. */
import type { NetworkSlug } from '@oxbow/chains'
import type { Address, Hex } from 'viem'

export interface TokenInfo {
  readonly address: Address
  readonly symbol: string
  readonly name: string
  readonly decimals: number
  readonly native: boolean
  readonly kind: string
  readonly safety: string
  readonly transferFeeBps: number
  /** Why the token cannot be swapped (undefined: it can). */
  readonly notRoutable?: string
}

export interface QuoteRequest {
  readonly network: NetworkSlug
  readonly tokenIn: Address
  readonly tokenOut: Address
  readonly amount: bigint
  readonly type: 'EXACT_INPUT' | 'EXACT_OUTPUT'
  readonly slippage: 'auto' | number
  readonly recipient?: Address | undefined
  /** Protocol versions a route may use (default all). */
  readonly protocols?: readonly ('V2' | 'V3' | 'V4')[] | undefined
}

export interface SwapRequest extends QuoteRequest {
  readonly swapper: Address
  readonly deadline?: number | undefined
  readonly permit?:
    | {
        readonly signature: Hex
        readonly message: {
          readonly details: { token: Address; amount: string; expiration: number; nonce: number }
          readonly spender: Address
          readonly sigDeadline: string
        }
      }
    | undefined
  /**
   * One call for a smart wallet (EIP-7702 delegated to our delegate): approvals and the swap in one
   * executeBatch transaction to the swapper itself, no signature.
   */
  readonly batch?: boolean | undefined
  /** The spec's permit gate: the Permit2 allowance as a Permit2.approve transaction, not a signature. */
  readonly permitAsTransaction?: boolean | undefined
}
