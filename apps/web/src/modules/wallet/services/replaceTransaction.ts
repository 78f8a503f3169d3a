/**
 * Speed-up and cancel of a pending transaction (plain data, no viem): both send a new transaction
 * with the same nonce and higher fees, so the node keeps only one of them. A speed-up resends the
 * same call; a cancel sends nothing to oneself (0 value, no data). Nodes accept a replacement only
 * with fees raised by a margin (geth: 10 % on both the max fee and the priority fee), so both are
 * raised by at least `FEE_BUMP_PERCENT`, and to the network's current fees when those are higher.
 */
/** Same as walletActions' Hex (which imports this module's types). */
type Hex = `0x${string}`

export const FEE_BUMP_PERCENT = 10n
/** A plain transfer's gas; a cancel to an account with code (EIP-7702 delegation) is estimated. */
export const TRANSFER_GAS = 21_000n

export type Fees =
  | { readonly type: 'eip1559'; readonly maxFeePerGas: bigint; readonly maxPriorityFeePerGas: bigint }
  | { readonly type: 'legacy'; readonly gasPrice: bigint }

/** A transaction as the chain returns it (what a replacement needs of it). */
export interface SentTransaction {
  readonly hash: Hex
  readonly from: Hex
  readonly to: Hex | null
  readonly data: Hex
  readonly value: bigint
  readonly nonce: number
  readonly gas: bigint
  readonly fees: Fees
  /** Null while it waits in the mempool. */
  readonly blockNumber: bigint | null
}

/** The network's fees now: the latest block's base fee and the suggested fees. */
export interface NetworkFees {
  readonly baseFeePerGas: bigint
  readonly fees: Fees
}

export interface ReplacementRequest {
  readonly kind: 'speedUp' | 'cancel'
  readonly chainId: number
  readonly from: Hex
  readonly to: Hex
  readonly data: Hex
  readonly value: bigint
  readonly nonce: number
  readonly gas: bigint
  readonly fees: Fees
  /** The network cost shown before signing: gas × the price it is expected to pay. */
  readonly networkCost: bigint
  /** The most it can cost: gas × max fee. */
  readonly maxNetworkCost: bigint
}

/** `value` raised by FEE_BUMP_PERCENT, rounded up, and always by at least 1 wei. */
export function bumpFee(value: bigint): bigint {
  const raised = (value * (100n + FEE_BUMP_PERCENT) + 99n) / 100n
  return raised > value ? raised : value + 1n
}

const max = (a: bigint, b: bigint) => (a > b ? a : b)
const min = (a: bigint, b: bigint) => (a < b ? a : b)

/**
 * The replacement's fees: the original's raised by at least 10 % each, or the network's current
 * ones when higher; the max fee never below the priority fee. A legacy original stays legacy.
 */
export function replacementFees(original: Fees, network: Fees): Fees {
  if (original.type === 'legacy') {
    const current = network.type === 'legacy' ? network.gasPrice : network.maxFeePerGas
    return { type: 'legacy', gasPrice: max(bumpFee(original.gasPrice), current) }
  }
  const networkPriority = network.type === 'eip1559' ? network.maxPriorityFeePerGas : 0n
  const networkMax = network.type === 'eip1559' ? network.maxFeePerGas : network.gasPrice
  const maxPriorityFeePerGas = max(bumpFee(original.maxPriorityFeePerGas), networkPriority)
  const maxFeePerGas = max(max(bumpFee(original.maxFeePerGas), networkMax), maxPriorityFeePerGas)
  return { type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas }
}

/** Gas price a transaction with `fees` pays in a block with `baseFeePerGas`. */
export function effectiveGasPrice(fees: Fees, baseFeePerGas: bigint): bigint {
  if (fees.type === 'legacy') return fees.gasPrice
  return min(fees.maxFeePerGas, baseFeePerGas + fees.maxPriorityFeePerGas)
}

/** Why a replacement cannot be made (the UI's cancel/replace errors). */
export type ReplaceProblem =
  /** The original was already mined: there is nothing left to replace. */
  | 'alreadyMined'
  /** The node no longer knows the transaction (dropped, or another wallet replaced it). */
  | 'notFound'
  /** Sent from another account than the connected one. */
  | 'otherAccount'
  /** A contract creation (no `to`): the app never sends one, so it is not resent. */
  | 'unsupported'

/**
 * Plans the speed-up (same call) or cancel (0-value self-transfer) of `original`: same nonce,
 * bumped fees, and the network cost to show before signing.
 */
export function planReplacement(
  kind: 'speedUp' | 'cancel',
  chainId: number,
  original: SentTransaction,
  network: NetworkFees,
  cancelGas: bigint = TRANSFER_GAS,
): ReplacementRequest {
  const fees = replacementFees(original.fees, network.fees)
  // A speed-up without `to` (a contract creation) is refused by replaceProblem before planning.
  const call =
    kind === 'speedUp'
      ? { to: original.to ?? original.from, data: original.data, value: original.value, gas: original.gas }
      : { to: original.from, data: '0x' as Hex, value: 0n, gas: cancelGas }
  const maxPrice = fees.type === 'legacy' ? fees.gasPrice : fees.maxFeePerGas
  return {
    kind,
    chainId,
    from: original.from,
    ...call,
    nonce: original.nonce,
    fees,
    networkCost: call.gas * effectiveGasPrice(fees, network.baseFeePerGas),
    maxNetworkCost: call.gas * maxPrice,
  }
}

/** Whether the transaction can be replaced by `account`: null when it can. */
export function replaceProblem(
  kind: 'speedUp' | 'cancel',
  original: SentTransaction | null,
  account: string,
): ReplaceProblem | null {
  if (!original) return 'notFound'
  if (original.blockNumber !== null) return 'alreadyMined'
  if (original.from.toLowerCase() !== account.toLowerCase()) return 'otherAccount'
  if (kind === 'speedUp' && original.to === null) return 'unsupported'
  return null
}
