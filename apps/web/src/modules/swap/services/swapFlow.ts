/**
 * Executing a swap (or a wrap/unwrap): a small state machine over the trading API's /v1/swap and
 * the wallet's actions, with its dependencies passed in (tests use fakes).
 *
 *   /v1/swap ─ APPROVAL_REQUIRED → approving (send approve, wait) → /v1/swap again
 *            ─ SIGNATURE_REQUIRED → signing (Permit2 typed data) → /v1/swap again with the permit
 *            ─ READY → submitting (wallet) → pending (mined?) → confirmed | failed
 *
 * Every failure ends in `failed` with the reason of its real cause (services/errors.ts).
 */
import { CoreError } from '@oxbow/core'
import type {
  Hex,
  PendingTransactionKind,
  TransactionLog,
  TransactionOutcome,
  WalletActions,
  WalletErrorKind,
} from '../../wallet/index.ts'
import { classifyRevert, classifySwapApiError, type SwapFailureReason } from './errors.ts'
import { receivedOf, transferred } from './swapReceipt.ts'
import type { PermitData, Quote, SwapParams, SwapResponse } from './tradingApi.ts'

export type SwapFlowState =
  | {
      readonly step: 'approving'
      readonly hash?: Hex
      /** The Permit2 allowance as a transaction (the permit gate), not the token's approval of Permit2. */
      readonly permit2?: true
    }
  | { readonly step: 'signing' }
  | { readonly step: 'submitting' }
  | { readonly step: 'pending'; readonly hash: Hex }
  | {
      readonly step: 'confirmed'
      readonly hash: Hex
      readonly quote: Quote
      /** What actually moved, read from the receipt's Transfer logs when the token is an ERC-20. */
      readonly amountIn: bigint
      readonly amountOut: bigint
    }
  | {
      readonly step: 'failed'
      readonly reason: SwapFailureReason
      readonly hash?: Hex
      /** The underlying error's text, for logs (never shown as is). */
      readonly detail: string
    }

export type SwapFlowStep = SwapFlowState['step']

export interface SwapFlowRequest {
  readonly network: string
  readonly tokenIn: string
  readonly tokenOut: string
  /** Base units of the independent side. */
  readonly amount: bigint
  readonly type: 'EXACT_INPUT' | 'EXACT_OUTPUT'
  readonly slippage: 'auto' | number
  readonly swapper: Hex
  readonly deadlineMinutes: number
  readonly kind: 'swap' | 'wrap' | 'unwrap'
  /**
   * Approvals and swap in one atomic EIP-5792 bundle (the wallet batches atomically on this chain
   * and the spec's gates allow it): one prompt, one transaction, no Permit2 signature.
   */
  readonly batch?: boolean
  /**
   * The spec's permit gate (forced by flag, or a delegation mismatch with its UX on): the Permit2
   * allowance comes as a second approval transaction, never a signature.
   */
  readonly permitAsTransaction?: boolean
}

export interface SwapFlowDeps {
  readonly fetchSwap: (params: SwapParams) => Promise<SwapResponse>
  readonly wallet: Pick<
    WalletActions,
    'sendTransaction' | 'signTypedData' | 'waitForTransaction' | 'sendCalls' | 'waitForCalls'
  >
  /** Unix milliseconds. */
  readonly now: () => number
  /** A transaction left the wallet (the pending list shows it until `onMined`). */
  readonly onSubmitted?: (tx: { hash: Hex; chainId: number; kind: PendingTransactionKind }) => void
  /** Its receipt arrived (`status`: success or reverted). */
  readonly onMined?: (hash: Hex, status: 'success' | 'reverted') => void
  /** How long the wallet may take to answer a prompt. Default 5 minutes. */
  readonly promptTimeoutMs?: number
  /** How long to wait for a receipt. Default 5 minutes. */
  readonly receiptTimeoutMs?: number
}

const DEFAULT_PROMPT_TIMEOUT_MS = 5 * 60_000
const DEFAULT_RECEIPT_TIMEOUT_MS = 5 * 60_000
/** approve → sign → ready is three calls; more means the API keeps asking for the same thing. */
const MAX_ROUNDS = 4

class FlowFailure extends CoreError {
  override readonly name = 'FlowFailure'
  constructor(
    readonly reason: SwapFailureReason,
    detail: string,
    readonly hash?: Hex,
  ) {
    super(detail, { code: reason })
  }
}

class PromptTimeout extends CoreError {
  override readonly name = 'TimeoutError'
  constructor(message: string) {
    super(message, { code: 'CONFIRMATION_TIMEOUT' })
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PromptTimeout('The wallet did not answer in time')), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

const isHex = (value: string): value is Hex => /^0x[0-9a-fA-F]*$/.test(value)

/** The API's validated hex strings as the wallet's hex type. */
function hex(value: string): Hex {
  if (!isHex(value)) throw new FlowFailure('generic', `not hex: ${value.slice(0, 20)}`)
  return value
}

const detailOf = (error: unknown) =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)

/**
 * The kind of a wallet runtime error: its actions throw a WalletActionError already classified
 * (rejected, insufficientFunds, timeout...); checked by name so this stays free of the wallet's code.
 */
function walletErrorKind(error: unknown): WalletErrorKind {
  if (error instanceof PromptTimeout) return 'timeout'
  if (!(error instanceof Error) || error.name !== 'WalletActionError') return 'unknown'
  const kind = (error as { kind?: unknown }).kind
  return WALLET_ERROR_KINDS.find((known) => known === kind) ?? 'unknown'
}

const WALLET_ERROR_KINDS: readonly WalletErrorKind[] = [
  'rejected',
  'insufficientFunds',
  'timeout',
  'chainMismatch',
  'unknown',
]

/** A wallet refusal or failure as a flow failure: rejection, missing funds and timeouts keep their cause. */
function walletFailure(error: unknown, otherwise: SwapFailureReason, hash?: Hex): FlowFailure {
  const kind = walletErrorKind(error)
  const reason: SwapFailureReason =
    kind === 'rejected'
      ? 'rejected'
      : kind === 'insufficientFunds'
        ? 'insufficientFunds'
        : kind === 'timeout'
          ? 'timeout'
          : otherwise
  return new FlowFailure(reason, detailOf(error), hash)
}

/** Permit2's PermitSingle as the wallet signs it (uint160/uint256 fields as bigint). */
export function permitTypedData(permitData: PermitData) {
  const { message } = permitData
  return {
    domain: permitData.domain,
    types: permitData.types,
    primaryType: permitData.primaryType,
    message: {
      details: {
        token: message.details.token,
        amount: BigInt(message.details.amount),
        expiration: message.details.expiration,
        nonce: message.details.nonce,
      },
      spender: message.spender,
      sigDeadline: BigInt(message.sigDeadline),
    },
  }
}

/**
 * Runs the flow to its end; `onState` sees every step. Resolves with the final state (`confirmed` or
 * `failed`), never rejects.
 */
export async function runSwapFlow(
  request: SwapFlowRequest,
  deps: SwapFlowDeps,
  onState: (state: SwapFlowState) => void,
): Promise<SwapFlowState> {
  const promptTimeout = deps.promptTimeoutMs ?? DEFAULT_PROMPT_TIMEOUT_MS
  const receiptTimeout = deps.receiptTimeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS
  const deadline = Math.floor(deps.now() / 1000) + Math.round(request.deadlineMinutes * 60)
  const base: SwapParams = {
    network: request.network,
    tokenIn: request.tokenIn,
    tokenOut: request.tokenOut,
    amount: request.amount.toString(),
    type: request.type,
    slippage: request.slippage,
    swapper: request.swapper,
    deadline,
    ...(request.batch ? { batch: true } : {}),
    ...(request.permitAsTransaction && !request.batch ? { permitAsTransaction: true } : {}),
  }

  const wait = async (
    chainId: number,
    hash: Hex,
    failure: SwapFailureReason,
  ): Promise<TransactionOutcome> => {
    try {
      const outcome = await deps.wallet.waitForTransaction(chainId, hash, { timeoutMs: receiptTimeout })
      deps.onMined?.(hash, outcome.status)
      return outcome
    } catch (error) {
      throw walletFailure(error, failure, hash)
    }
  }

  /** A wallet prompt (send, sign), given up after the prompt timeout; its failure as the flow's. */
  const prompt = async <T>(start: () => Promise<T>, failure: SwapFailureReason): Promise<T> => {
    try {
      return await withTimeout(start(), promptTimeout)
    } catch (error) {
      throw walletFailure(error, failure)
    }
  }

  const run = async (): Promise<SwapFlowState> => {
    let permit: SwapParams['permit']
    // Contracts already approved here (the token's approve of Permit2, Permit2's of the router).
    const approved = new Set<string>()
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let response: SwapResponse
      try {
        response = await deps.fetchSwap(permit ? { ...base, permit } : base)
      } catch (error) {
        throw new FlowFailure(classifySwapApiError(error), detailOf(error))
      }

      if (response.status === 'APPROVAL_REQUIRED') {
        // An approval that was mined but is still asked for did not take.
        const { approval } = response
        if (approved.has(approval.to.toLowerCase()))
          throw new FlowFailure('approvalFailed', 'approval still required after approving')
        const permit2 = approval.to.toLowerCase() !== request.tokenIn.toLowerCase()
        const approving = permit2
          ? ({ step: 'approving', permit2 } as const)
          : ({ step: 'approving' } as const)
        onState(approving)
        const hash = await prompt(
          () =>
            deps.wallet.sendTransaction({
              to: hex(approval.to),
              data: hex(approval.data),
              value: BigInt(approval.value),
              chainId: approval.chainId,
            }),
          'approvalFailed',
        )
        deps.onSubmitted?.({ hash, chainId: approval.chainId, kind: 'approve' })
        onState({ ...approving, hash })
        const outcome = await wait(approval.chainId, hash, 'approvalFailed')
        if (outcome.status !== 'success') throw new FlowFailure('approvalFailed', 'approval reverted', hash)
        approved.add(approval.to.toLowerCase())
        continue
      }

      if (response.status === 'SIGNATURE_REQUIRED') {
        if (permit) throw new FlowFailure('generic', 'permit signature refused by the API')
        onState({ step: 'signing' })
        const signature = await prompt(
          () => deps.wallet.signTypedData(permitTypedData(response.permitData)),
          'generic',
        )
        permit = { signature, message: response.permitData.message }
        continue
      }

      onState({ step: 'submitting' })
      const { tx, quote } = response
      const swapper = request.swapper
      const confirmed = (hash: Hex, logs: readonly TransactionLog[], router: string): SwapFlowState => ({
        step: 'confirmed',
        hash,
        quote,
        amountIn: transferred(logs, quote.tokenIn.address, swapper, 'from') ?? BigInt(quote.amountIn),
        amountOut: receivedOf(logs, quote.tokenOut.address, swapper, router) ?? BigInt(quote.amountOut),
      })
      if (request.batch && response.batch) {
        const { batch } = response
        const id = await prompt(
          () =>
            deps.wallet.sendCalls({
              chainId: batch.chainId,
              calls: batch.calls.map((call) => ({
                to: hex(call.to),
                data: hex(call.data),
                value: BigInt(call.value),
              })),
            }),
          'generic',
        )
        // A wallet whose bundle id is the transaction's hash (ours) shows as pending at once.
        const sentHash = isHex(id) && id.length === 66 ? id : undefined
        if (sentHash) {
          deps.onSubmitted?.({ hash: sentHash, chainId: batch.chainId, kind: request.kind })
          onState({ step: 'pending', hash: sentHash })
        }
        let outcome: TransactionOutcome & { hash: Hex }
        try {
          outcome = await deps.wallet.waitForCalls(batch.chainId, id, { timeoutMs: receiptTimeout })
        } catch (error) {
          throw walletFailure(error, 'generic')
        }
        if (outcome.hash !== sentHash) {
          deps.onSubmitted?.({ hash: outcome.hash, chainId: batch.chainId, kind: request.kind })
        }
        deps.onMined?.(outcome.hash, outcome.status)
        if (outcome.status !== 'success')
          throw new FlowFailure(classifyRevert(outcome.revert), 'reverted', outcome.hash)
        // The router is the last call: it unwraps WETH for native output.
        const router = batch.calls[batch.calls.length - 1]?.to ?? swapper
        return confirmed(outcome.hash, outcome.logs, router)
      }
      if (!tx) throw new FlowFailure('generic', 'READY without a transaction')
      const hash = await prompt(
        () =>
          deps.wallet.sendTransaction({
            to: hex(tx.to),
            data: hex(tx.data),
            value: BigInt(tx.value),
            chainId: tx.chainId,
            gas: BigInt(tx.gasLimit),
          }),
        'generic',
      )
      deps.onSubmitted?.({ hash, chainId: tx.chainId, kind: request.kind })
      onState({ step: 'pending', hash })
      const outcome = await wait(tx.chainId, hash, 'generic')
      if (outcome.status !== 'success')
        throw new FlowFailure(classifyRevert(outcome.revert), 'reverted', hash)
      return confirmed(hash, outcome.logs, tx.to)
    }
    throw new FlowFailure('generic', 'the trading API kept asking for approval or signature')
  }

  let final: SwapFlowState
  try {
    final = await run()
  } catch (error) {
    final =
      error instanceof FlowFailure
        ? {
            step: 'failed',
            reason: error.reason,
            detail: error.message,
            ...(error.hash ? { hash: error.hash } : {}),
          }
        : { step: 'failed', reason: 'generic', detail: detailOf(error) }
  }
  onState(final)
  return final
}
