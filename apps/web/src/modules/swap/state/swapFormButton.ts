/**
 * The main button's state (the DOM contract's texts), derived from the form, the wallet, the
 * balances and the quote. Pure: the component maps `kind` to a message.
 */
export type SwapButtonState =
  | { readonly kind: 'connect'; readonly enabled: true }
  | { readonly kind: 'blocked'; readonly enabled: false }
  | { readonly kind: 'invalidRecipient'; readonly enabled: false }
  | { readonly kind: 'switchNetwork'; readonly enabled: true; readonly network: string }
  | { readonly kind: 'selectToken'; readonly enabled: false }
  | { readonly kind: 'enterAmount'; readonly enabled: false }
  | { readonly kind: 'insufficientBalance'; readonly enabled: false; readonly symbol: string }
  | { readonly kind: 'insufficientGas'; readonly enabled: false }
  | { readonly kind: 'wrap' | 'unwrap' | 'review'; readonly enabled: boolean }

export interface SwapButtonInput {
  readonly connected: boolean
  /** The connected account is blocked (screening): nothing may be signed. */
  readonly blocked?: boolean
  /**
   * The connected account, who receives the swap, is where funds would be lost or stranded (the
   * zero address, a precompile, a protocol contract, token or pool: `isRefusedSwapRecipient`).
   */
  readonly invalidRecipient?: boolean
  /** The wallet's chain id, and the form's network (chain id and display name). */
  readonly walletChainId: number | null
  readonly chainId: number | undefined
  readonly networkName: string
  readonly inputToken: { readonly symbol: string; readonly native: boolean } | undefined
  readonly outputToken: { readonly symbol: string } | undefined
  /** The typed amount in base units of the independent field's token (null when empty/invalid). */
  readonly typedAmount: bigint | null
  readonly independentField: 'INPUT' | 'OUTPUT'
  /** Balances; undefined while unknown (the check is skipped rather than guessed). */
  readonly inputBalance: bigint | undefined
  readonly nativeBalance: bigint | undefined
  /** The quote for exactly the current form, if it arrived. */
  readonly quote:
    | {
        readonly routing: 'CLASSIC' | 'WRAP' | 'UNWRAP'
        readonly amountIn: string
        readonly maximumAmountIn?: string | undefined
        readonly gasCostWei: string
      }
    | undefined
  /** Quoting is impossible for this form (no quotes, unsupported network or token...). */
  readonly quoteFailed: boolean
}

/**
 * Order: connect, blocked account, invalid recipient, wrong network, tokens, amount, input balance (exact out: the most it may spend),
 * native balance for the network cost (plus the amount when the input is native), then the action.
 */
export function deriveSwapButton(input: SwapButtonInput): SwapButtonState {
  if (!input.connected) return { kind: 'connect', enabled: true }
  if (input.blocked) return { kind: 'blocked', enabled: false }
  if (input.invalidRecipient) return { kind: 'invalidRecipient', enabled: false }
  if (input.chainId !== undefined && input.walletChainId !== null && input.walletChainId !== input.chainId)
    return { kind: 'switchNetwork', enabled: true, network: input.networkName }
  if (!input.inputToken || !input.outputToken) return { kind: 'selectToken', enabled: false }
  if (input.typedAmount === null || input.typedAmount === 0n) return { kind: 'enterAmount', enabled: false }
  const quote = input.quote
  const spend =
    input.independentField === 'INPUT'
      ? input.typedAmount
      : quote
        ? BigInt(quote.maximumAmountIn ?? quote.amountIn)
        : undefined
  if (spend !== undefined && input.inputBalance !== undefined && spend > input.inputBalance)
    return { kind: 'insufficientBalance', enabled: false, symbol: input.inputToken.symbol }
  if (quote && input.nativeBalance !== undefined) {
    const needed = BigInt(quote.gasCostWei) + (input.inputToken.native && spend !== undefined ? spend : 0n)
    if (input.nativeBalance < needed) return { kind: 'insufficientGas', enabled: false }
  }
  const ready = quote !== undefined && !input.quoteFailed
  if (quote?.routing === 'WRAP') return { kind: 'wrap', enabled: ready }
  if (quote?.routing === 'UNWRAP') return { kind: 'unwrap', enabled: ready }
  return { kind: 'review', enabled: ready }
}
