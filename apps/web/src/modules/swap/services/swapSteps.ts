/**
 * What a swap will ask of the wallet before it runs, read from the chain when the review opens: an
 * ERC-20 approval of Permit2 (a transaction, with its estimated gas) and a Permit2 signature (none
 * while the router's Permit2 allowance still covers the amount and has not expired), then the swap.
 * The swap flow (swapFlow.ts) follows the trading API's answers; this only tells the user upfront.
 */
import { decodeQuantity, isAddress, RpcError, type RpcOptions, rpcBatch, rpcUrlFor } from './rpc.ts'

/** `permitApprove`: the Permit2 allowance sent as a transaction (the spec's permit gate) instead of `permit`. */
export type SwapStepKind = 'approve' | 'permit' | 'permitApprove' | 'swap'

export interface SwapStepsPlan {
  /** The ERC-20 approval of Permit2, with its estimated gas (undefined if the node could not estimate). */
  readonly approval: { readonly gas: bigint | undefined } | null
  /** A Permit2 signature for the router is needed (no gas: it is signed, not sent). */
  readonly permit: boolean
}

export interface SwapStepsRequest {
  readonly chain: string
  readonly owner: string
  /** The input token (an ERC-20; the native currency needs neither step). */
  readonly token: string
  /** Base units the router may take: the exact input, or the maximum sent for exact output. */
  readonly spend: bigint
  readonly permit2: string
  readonly router: string
  /** Unix seconds: a Permit2 allowance expiring at or before it does not count. */
  readonly now: number
}

const SELECTOR = {
  /** ERC-20 allowance(owner, spender) */
  allowance: '0xdd62ed3e',
  /** Permit2 allowance(owner, token, spender) → (uint160 amount, uint48 expiration, uint48 nonce) */
  permit2Allowance: '0x927da105',
  /** ERC-20 approve(spender, amount) */
  approve: '0x095ea7b3',
} as const

const MAX_UINT256 = (1n << 256n) - 1n
const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0')
const uintWord = (value: bigint) => value.toString(16).padStart(64, '0')

/** The words of an ABI return, or undefined unless it is exactly `count` 32-byte words. */
function words(data: unknown, count: number): bigint[] | undefined {
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]*$/.test(data) || data.length !== 2 + count * 64)
    return undefined
  return Array.from({ length: count }, (_, i) => BigInt(`0x${data.slice(2 + i * 64, 2 + (i + 1) * 64)}`))
}

/** The steps before the swap, from one JSON-RPC batch: two allowance reads and the approval's gas estimate. */
export async function readSwapSteps(
  request: SwapStepsRequest,
  options: RpcOptions = {},
): Promise<SwapStepsPlan> {
  for (const address of [request.owner, request.token, request.permit2, request.router])
    if (!isAddress(address)) throw new RpcError('INVALID_ARGUMENT', 'Not an address')
  const call = (to: string, data: string) => ({ method: 'eth_call', params: [{ to, data }, 'latest'] })
  const approve = `${SELECTOR.approve}${word(request.permit2)}${uintWord(MAX_UINT256)}`
  const [erc20, permit2, estimate] = await rpcBatch(
    rpcUrlFor(request.chain, options),
    [
      call(request.token, `${SELECTOR.allowance}${word(request.owner)}${word(request.permit2)}`),
      call(
        request.permit2,
        `${SELECTOR.permit2Allowance}${word(request.owner)}${word(request.token)}${word(request.router)}`,
      ),
      { method: 'eth_estimateGas', params: [{ from: request.owner, to: request.token, data: approve }] },
    ],
    options,
  )
  const allowance = erc20?.ok ? words(erc20.result, 1)?.[0] : undefined
  const permitted = permit2?.ok ? words(permit2.result, 3) : undefined
  if (allowance === undefined || permitted === undefined)
    throw new RpcError('INVALID_RESPONSE', 'The allowances could not be read')
  const [amount = 0n, expiration = 0n] = permitted
  return {
    approval:
      allowance >= request.spend ? null : { gas: estimate?.ok ? decodeQuantity(estimate.result) : undefined },
    permit: !(amount >= request.spend && expiration > BigInt(request.now)),
  }
}

/**
 * The network cost in USD of `gas` at the quote's gas price, converted with the quote's own
 * native-currency price (its cost in wei and in USD), so every step is priced alike.
 */
export function gasCostUsd(
  gas: bigint,
  quoteGas: { readonly gasPriceWei: string; readonly costWei: string; readonly costUsd: number | null },
): number | undefined {
  const costWei = BigInt(quoteGas.costWei)
  // no market price for the native currency: no USD figure
  if (costWei <= 0n || quoteGas.costUsd === null || !(quoteGas.costUsd >= 0)) return undefined
  const wei = gas * BigInt(quoteGas.gasPriceWei)
  // USD per wei from the quote; both sides stay exact until the final division.
  return (Number(wei) / Number(costWei)) * quoteGas.costUsd
}

export type StepState = 'pending' | 'active' | 'done' | 'failed'

const ORDER: readonly SwapStepKind[] = ['approve', 'permit', 'permitApprove', 'swap']

/**
 * The step a flow state is at: approving → approve (its Permit2 allowance: permitApprove), signing →
 * permit, submitting or pending → swap.
 */
export function stepOfFlow(
  step: 'approving' | 'signing' | 'submitting' | 'pending',
  permit2 = false,
): SwapStepKind {
  return step === 'approving'
    ? permit2
      ? 'permitApprove'
      : 'approve'
    : step === 'signing'
      ? 'permit'
      : 'swap'
}

/** `kinds` with `kind` added in its place (a step the review did not foresee, e.g. an allowance spent meanwhile). */
export function withStep(kinds: readonly SwapStepKind[], kind: SwapStepKind): SwapStepKind[] {
  return ORDER.filter((k) => k === kind || kinds.includes(k))
}

/**
 * Each step's state: the ones before the active step are done, the active one is active (or
 * failed, or done once the swap is confirmed), the rest are still pending.
 */
export function stepStates(
  kinds: readonly SwapStepKind[],
  active: SwapStepKind,
  outcome: 'running' | 'confirmed' | 'failed',
): { readonly kind: SwapStepKind; readonly state: StepState }[] {
  const at = kinds.indexOf(active)
  return kinds.map((kind, index) => ({
    kind,
    state:
      outcome === 'confirmed' || index < at
        ? 'done'
        : index > at
          ? 'pending'
          : outcome === 'failed'
            ? 'failed'
            : 'active',
  }))
}
