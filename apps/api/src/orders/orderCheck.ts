/**
 * The CPU-bound part of an order's intake, run in the order thread (orderThread.ts): the parse of
 * the encoded order (orderDecode.ts for a canonical encoding, else the SDK's), its hash and Permit2
 * digest, and the signer recovered from the signature. Answers plain data (the order's terms as
 * the SDK's JSON) that crosses threads.
 */
import type { Address, Hex } from 'viem'
import { type DutchOrderTerms, decodeDutchOrder } from './orderDecode.ts'
import { dutchOrderHashes } from './orderDigest.ts'
import { orderSigner } from './orderSigner.ts'

export type { DutchOrderTerms } from './orderDecode.ts'

export interface OrderToCheck {
  readonly encodedOrder: Hex
  readonly chainId: number
  readonly permit2: Address
  readonly signature: Hex
}

export type CheckedOrder =
  | { readonly ok: false }
  | {
      readonly ok: true
      readonly order: DutchOrderTerms
      readonly orderHash: Hex
      /** The recovered signer, or null when the signature is none Permit2 recovers. */
      readonly signer: Address | null
    }

export async function checkOrder(input: OrderToCheck): Promise<CheckedOrder> {
  let order = decodeDutchOrder(input.encodedOrder, input.chainId, input.permit2)
  if (!order) {
    try {
      // loaded on first use: a thread that only sees canonical orders never loads the SDK
      const { DutchOrder } = await import('./uniswapx.ts')
      order = DutchOrder.parse(input.encodedOrder, input.chainId, input.permit2).toJSON()
    } catch {
      return { ok: false }
    }
  }
  const { orderHash, permitDigest } = dutchOrderHashes(order, input.chainId, input.permit2)
  const signer = orderSigner(permitDigest, input.signature)
  return { ok: true, order, orderHash, signer }
}
