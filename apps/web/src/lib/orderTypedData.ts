/**
 * The prepared order's Permit2 witness typed data, checked against what the user asked for before
 * the wallet is asked to sign it (the API builds the order; the app signs only its own terms), and
 * turned into the wallet's shape (uint fields as bigint). Limit orders (the Limit screen) and the
 * decaying orders of gasless swaps (the swap screen) alike.
 */
import type { PreparedOrder } from '@oxbow/api-contract/orders'

export interface OrderTerms {
  readonly chainId: number
  readonly permit2: string
  readonly swapper: string
  readonly inputToken: string
  readonly inputAmount: bigint
  readonly outputToken: string
  /** The least the swapper receives (a limit order's price, a gasless order's floor). */
  readonly outputAmount: bigint
  /** A gasless order's starting output (decaying to `outputAmount`); absent for a limit order. */
  readonly outputStartAmount?: bigint
  /**
   * Unix seconds: the limit order's deadline exactly; for a gasless order (whose deadline the API
   * sets) the latest deadline accepted.
   */
  readonly deadline: number
}

type Fields = readonly { readonly name: string; readonly type: string }[]
type Types = Readonly<Record<string, Fields>>

/** `value` of EIP-712 type `type` with every uint/int as bigint (JSON carries them as strings). */
function convert(types: Types, type: string, value: unknown): unknown {
  if (type.endsWith('[]')) {
    if (!Array.isArray(value)) throw new TypeError(`${type} is not an array`)
    return value.map((item) => convert(types, type.slice(0, -2), item))
  }
  const fields = types[type]
  if (fields) {
    if (typeof value !== 'object' || value === null) throw new TypeError(`${type} is not a struct`)
    const record = value as Record<string, unknown>
    return Object.fromEntries(fields.map((f) => [f.name, convert(types, f.type, record[f.name])]))
  }
  if (/^u?int\d*$/.test(type)) {
    if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError(`${type} is not a number`)
    return BigInt(value)
  }
  return value
}

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase()
const amount = (value: unknown) =>
  typeof value === 'string' && /^\d{1,78}$/.test(value) ? BigInt(value) : undefined

/**
 * The typed data for the wallet, or an Error naming the first term that differs from `terms`
 * (token, amount, recipient, deadline, chain, Permit2).
 */
export function orderTypedData(prepared: PreparedOrder, terms: OrderTerms) {
  const { domain, types, message } = prepared.typedData
  const permitted = message.permitted as Record<string, unknown> | undefined
  const witness = message.witness as Record<string, unknown> | undefined
  const info = witness?.info as Record<string, unknown> | undefined
  const outputs = witness?.outputs as Record<string, unknown>[] | undefined
  const output = outputs?.length === 1 ? outputs[0] : undefined
  const checks: [string, boolean][] = [
    ['chain', Number(domain.chainId) === terms.chainId],
    ['permit2', same(domain.verifyingContract, terms.permit2)],
    ['input token', same(permitted?.token, terms.inputToken)],
    ['input amount', amount(permitted?.amount) === terms.inputAmount],
    ['swapper', same(info?.swapper, terms.swapper)],
    ['spender', same(message.spender, String(info?.reactor ?? ''))],
    [
      'deadline',
      terms.outputStartAmount === undefined
        ? Number(message.deadline) === terms.deadline
        : Number(message.deadline) <= terms.deadline,
    ],
    ['output token', same(output?.token, terms.outputToken)],
    ['output amount', amount(output?.startAmount) === (terms.outputStartAmount ?? terms.outputAmount)],
    ['output end amount', amount(output?.endAmount) === terms.outputAmount],
    ['recipient', same(output?.recipient, terms.swapper)],
  ]
  const wrong = checks.find(([, ok]) => !ok)
  if (wrong) throw new Error(`The prepared order's ${wrong[0]} is not what was asked`)
  return {
    domain: { ...domain, chainId: Number(domain.chainId) },
    types,
    primaryType: prepared.typedData.primaryType,
    message: convert(types, prepared.typedData.primaryType, message) as Record<string, unknown>,
  }
}
