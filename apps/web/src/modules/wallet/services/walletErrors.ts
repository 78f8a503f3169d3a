/**
 * Why a wallet action failed, in words the app can act on without loading viem: the runtime
 * (lazy chunk) turns viem/wagmi errors into a `WalletActionError` with one of these kinds.
 */
import { CoreError } from '@oxbow/core'

export type WalletErrorKind =
  /** The user said no in the wallet (EIP-1193 code 4001, viem UserRejectedRequestError). */
  | 'rejected'
  /** The node refused the transaction: not enough native currency for value + gas. */
  | 'insufficientFunds'
  /** The wallet or the chain did not answer in time. */
  | 'timeout'
  /** The wallet is on another chain than the action needs. */
  | 'chainMismatch'
  /** The transaction waited for was canceled (its nonce used by a 0-value self-transfer). */
  | 'canceled'
  /** The node refused a speed-up or cancel (replacement underpriced, nonce already used). */
  | 'replaceFailed'
  | 'unknown'

export class WalletActionError extends CoreError {
  override readonly name = 'WalletActionError'
  constructor(
    readonly kind: WalletErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? { code: kind } : { code: kind, cause: options.cause })
  }
}

/** True for a WalletActionError, also one from another copy of this module (checked by name). */
export function isWalletActionError(value: unknown): value is WalletActionError {
  return (
    value instanceof WalletActionError ||
    (value instanceof Error &&
      value.name === 'WalletActionError' &&
      typeof (value as { kind?: unknown }).kind === 'string')
  )
}

interface ErrorLike {
  readonly name?: unknown
  readonly code?: unknown
  readonly message?: unknown
  readonly shortMessage?: unknown
  readonly details?: unknown
  readonly cause?: unknown
  readonly data?: unknown
}

/** Every error in the cause chain, outermost first (at most 20 deep, cycles cut). */
export function errorChain(error: unknown): readonly ErrorLike[] {
  const chain: ErrorLike[] = []
  let current: unknown = error
  while (typeof current === 'object' && current !== null && chain.length < 20) {
    if (chain.includes(current as ErrorLike)) break
    chain.push(current as ErrorLike)
    current = (current as ErrorLike).cause
  }
  return chain
}

const text = (error: ErrorLike): string =>
  [error.shortMessage, error.details, error.message].filter((part) => typeof part === 'string').join(' ')

/** Classifies any error thrown by a wallet, a connector or a node (viem's error classes by name). */
export function classifyWalletError(error: unknown): WalletErrorKind {
  const chain = errorChain(error)
  if (isWalletActionError(error)) return error.kind
  if (chain.some((e) => e.code === 4001 || e.name === 'UserRejectedRequestError')) return 'rejected'
  if (chain.some((e) => /user (rejected|denied)|rejected the request/i.test(text(e)))) return 'rejected'
  if (chain.some((e) => e.name === 'InsufficientFundsError' || /insufficient funds/i.test(text(e))))
    return 'insufficientFunds'
  if (
    chain.some(
      (e) =>
        e.name === 'NonceTooLowError' ||
        /replacement transaction underpriced|nonce too low|already known|nonce has already been used/i.test(
          text(e),
        ),
    )
  )
    return 'replaceFailed'
  if (chain.some((e) => e.name === 'ChainMismatchError' || e.name === 'ConnectorChainMismatchError'))
    return 'chainMismatch'
  if (chain.some((e) => e.name === 'TimeoutError' || e.name === 'WaitForTransactionReceiptTimeoutError'))
    return 'timeout'
  return 'unknown'
}

/** The first error's one-line message. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n')[0] ?? message
}

/**
 * Revert data carried by a failed `eth_call` (viem wraps the node's error; the hex sits on one of
 * the causes as `data`, or `data.data` for some nodes).
 */
export function findRevertData(error: unknown): `0x${string}` | undefined {
  for (const e of errorChain(error)) {
    const data = e.data
    if (isHexString(data)) return data
    if (typeof data === 'object' && data !== null) {
      const inner = (data as { data?: unknown }).data
      if (isHexString(inner)) return inner
    }
  }
  return undefined
}

export function isHexString(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)
}
