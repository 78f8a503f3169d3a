import type { NetworkFees, ReplacementRequest, SentTransaction } from './replaceTransaction.ts'

/**
 * The shapes of the wallet runtime's actions (plain data, no viem types), so the swap screen and
 * its tests can use them without loading the wallet chunk.
 */
export type Hex = `0x${string}`

export interface TransactionRequest {
  readonly to: Hex
  readonly data: Hex
  /** Native value in wei. */
  readonly value: bigint
  readonly chainId: number
  /** Gas limit; estimated by the wallet when absent. */
  readonly gas?: bigint
}

/** EIP-712 typed data as `eth_signTypedData_v4` takes it (uint fields as bigint or number). */
export interface TypedDataRequest {
  readonly domain: Readonly<Record<string, unknown>>
  readonly types: Readonly<Record<string, readonly { readonly name: string; readonly type: string }[]>>
  readonly primaryType: string
  readonly message: Readonly<Record<string, unknown>>
}

export interface TransactionLog {
  readonly address: Hex
  readonly topics: readonly Hex[]
  readonly data: Hex
}

export interface TransactionOutcome {
  readonly status: 'success' | 'reverted'
  readonly blockNumber: bigint
  readonly logs: readonly TransactionLog[]
  /** For a reverted transaction: the revert data found by replaying it with eth_call at its block. */
  readonly revertData?: Hex
  /** `revertData` decoded against the protocol's errors (name null when unknown). */
  readonly revert?: DecodedRevertInfo
}

export interface DecodedRevertInfo {
  readonly name: string | null
  readonly args: readonly unknown[]
  readonly inner?: DecodedRevertInfo
}

export interface WaitOptions {
  /** Give up (WalletActionError 'timeout') after this long. Default 5 minutes. */
  readonly timeoutMs?: number
  /** Receipt polling interval. Default 100 ms on the local devnet, 1 s elsewhere. */
  readonly pollMs?: number
}

/** One call of an EIP-5792 batch. */
export interface BatchCall {
  readonly to: Hex
  readonly data: Hex
  /** Native value in wei. */
  readonly value: bigint
}

/**
 * The wallet's atomic batching on a chain (EIP-5792 `atomic` capability): 'supported' (the account
 * is already a smart wallet), 'ready' (the wallet upgrades it on the first batch) or 'unsupported'.
 */
export type AtomicBatching = 'supported' | 'ready' | 'unsupported'

/** The actions the swap screen needs from the wallet runtime. */
export interface WalletActions {
  /** Asks the wallet to switch to `chainId` (throws a WalletActionError when it cannot). */
  switchNetwork(chainId: number): Promise<void>
  /** Sends a transaction from the connected account; resolves with its hash once the wallet sent it. */
  sendTransaction(request: TransactionRequest): Promise<Hex>
  /** Signs EIP-712 typed data with the connected account. */
  signTypedData(request: TypedDataRequest): Promise<Hex>
  /** Signs a text with the connected account (EIP-191 `personal_sign`). */
  signMessage(message: string): Promise<Hex>
  /** Waits for the receipt; a reverted transaction is replayed to find its revert reason. */
  waitForTransaction(chainId: number, hash: Hex, options?: WaitOptions): Promise<TransactionOutcome>
  /** The native balance of `address` on `chainId` (read from the chain's RPC). */
  readNativeBalance(chainId: number, address: Hex): Promise<bigint>
  /** Decodes revert data against the protocol's errors. */
  decodeRevert(data: Hex): Promise<DecodedRevertInfo>
  /**
   * `wallet_getCapabilities` for the connected account on `chainId`. A wallet that does not answer
   * (or fails) is 'unsupported': the app then uses separate transactions.
   */
  atomicBatching(chainId: number): Promise<AtomicBatching>
  /**
   * Whether the connected wallet can set its smart-wallet delegation from the app (the wallets that
   * sign in the page: the local test wallet and the passkey wallet; no EIP-1193 method does it).
   */
  canSetDelegation(): boolean
  /**
   * Upgrades the account to a smart wallet on `chainId` (an EIP-7702 delegation to our delegate) or
   * removes the delegation; resolves with the transaction's hash once sent.
   */
  setDelegation(chainId: number, enabled: boolean): Promise<Hex>
  /** `wallet_sendCalls`, atomic required; resolves with the bundle id once the wallet sent it. */
  sendCalls(request: { readonly chainId: number; readonly calls: readonly BatchCall[] }): Promise<string>
  /**
   * Waits for a bundle (`wallet_getCallsStatus`) and then for its transaction's receipt: the
   * outcome of the one transaction the atomic bundle became, with its hash.
   */
  waitForCalls(
    chainId: number,
    id: string,
    options?: WaitOptions,
  ): Promise<TransactionOutcome & { hash: Hex }>
}

/** What speed-up, cancel and the pending-transaction watcher need from the chain and the wallet. */
export interface ReplacementActions {
  /** The transaction as the node has it (mined or in its mempool); null when it does not know it. */
  readTransaction(chainId: number, hash: Hex): Promise<SentTransaction | null>
  /** The latest block's base fee and the suggested fees now. */
  networkFees(chainId: number): Promise<NetworkFees>
  /** Gas of a 0-value self-transfer from `account` (21 000 unless the account has code). */
  estimateCancelGas(chainId: number, account: Hex): Promise<bigint>
  /** The account's transaction count at the latest block (the next nonce not yet mined). */
  confirmedNonce(chainId: number, account: Hex): Promise<number>
  /** The receipt's status, or null while not mined. */
  receiptStatus(chainId: number, hash: Hex): Promise<'success' | 'reverted' | null>
  /** Signs and sends the replacement (explicit nonce, gas and fees); resolves with its hash. */
  sendReplacement(request: ReplacementRequest): Promise<Hex>
}
