/**
 * Builds a UniswapX limit order (a Dutch order that does not decay, as Uniswap's limit orders are)
 * with the SDK and gives its EIP-712 Permit2 witness data in viem's shape, so any viem account can
 * sign it. Used by the tests, the benchmark and anything that places orders from Node.
 */
import type { Address, Hex, TypedDataDefinition } from 'viem'
import { type DutchOrder, DutchOrder as DutchOrderClass } from './uniswapx.ts'

export interface LimitOrderParams {
  readonly chainId: number
  readonly reactor: Address
  readonly permit2: Address
  readonly swapper: Address
  readonly nonce: bigint
  /** Unix seconds. */
  readonly deadline: number
  readonly inputToken: Address
  readonly inputAmount: bigint
  readonly outputToken: Address
  readonly outputAmount: bigint
  /**
   * A gasless swap's decay (see gasless.ts): the output starts at `outputStartAmount` at
   * `startTime` and falls to `outputAmount` at `endTime`. Absent: a limit order (no decay).
   */
  readonly decay?: {
    readonly outputStartAmount: bigint
    readonly startTime: number
    readonly endTime: number
  }
}

export function buildLimitOrder(p: LimitOrderParams): DutchOrder {
  return DutchOrderClass.fromJSON(
    {
      reactor: p.reactor,
      swapper: p.swapper,
      nonce: p.nonce.toString(),
      deadline: p.deadline,
      additionalValidationContract: '0x0000000000000000000000000000000000000000',
      additionalValidationData: '0x',
      decayStartTime: p.decay?.startTime ?? p.deadline,
      decayEndTime: p.decay?.endTime ?? p.deadline,
      exclusiveFiller: '0x0000000000000000000000000000000000000000',
      exclusivityOverrideBps: '0',
      input: {
        token: p.inputToken,
        startAmount: p.inputAmount.toString(),
        endAmount: p.inputAmount.toString(),
      },
      outputs: [
        {
          token: p.outputToken,
          startAmount: (p.decay?.outputStartAmount ?? p.outputAmount).toString(),
          endAmount: p.outputAmount.toString(),
          recipient: p.swapper,
        },
      ],
    },
    p.chainId,
    p.permit2,
  )
}

/** ethers BigNumbers (the SDK's amounts) become bigints, everything else stays. */
function toViem(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toViem)
  if (value && typeof value === 'object') {
    if ('_isBigNumber' in value) return BigInt(String(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toViem(v)]))
  }
  return value
}

/** The order's Permit2 `PermitWitnessTransferFrom` typed data, for viem's `signTypedData`. */
export function limitOrderTypedData(order: DutchOrder): TypedDataDefinition {
  const { domain, types, values } = order.permitData()
  return {
    domain: toViem(domain) as TypedDataDefinition['domain'],
    types: types as unknown as TypedDataDefinition['types'],
    primaryType: 'PermitWitnessTransferFrom',
    message: toViem(values) as Record<string, unknown>,
  } as TypedDataDefinition
}

/** The typed data as JSON: every amount (ethers BigNumber or bigint) a decimal string. */
export function limitOrderTypedDataJson(order: DutchOrder) {
  const { domain, types, values } = order.permitData()
  const toJson = (value: unknown): unknown => {
    if (typeof value === 'bigint') return value.toString()
    if (Array.isArray(value)) return value.map(toJson)
    if (value && typeof value === 'object') {
      if ('_isBigNumber' in value) return String(value)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]))
    }
    return value
  }
  return {
    domain: toJson(domain) as Record<string, unknown>,
    types: types as unknown as Record<string, { name: string; type: string }[]>,
    primaryType: 'PermitWitnessTransferFrom' as const,
    message: toJson(values) as Record<string, unknown>,
  }
}

/** The body POST /v1/orders takes. */
export function orderSubmission(order: DutchOrder, signature: Hex) {
  return { chainId: order.chainId, encodedOrder: order.serialize() as Hex, signature }
}
