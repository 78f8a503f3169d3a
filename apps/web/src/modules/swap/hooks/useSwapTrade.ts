import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { findNetwork, getRuntimeConfig } from '../../config/index.ts'
import { useBlockedAccount } from '../../screening/index.ts'
import { type Hex, loadWalletRuntime, useWalletState } from '../../wallet/index.ts'
import { gasCostUsd } from '../services/swapSteps.ts'
import type { Quote } from '../services/tradingApi.ts'
import type { Field, SwapFormState } from '../state/swapForm.ts'
import { parseTypedAmount } from '../state/swapFormAmounts.ts'
import { deriveSwapButton } from '../state/swapFormButton.ts'
import { isRefusedSwapRecipient } from '../state/swapRecipient.ts'
import { useSwapSettings } from '../state/swapSettings.ts'
import { useAtomicBatching } from './useAtomicBatching.ts'
import { useTokenBalances } from './useBalances.ts'
import { useGaslessHidden, usePermitAsTransaction } from './useGaslessHidden.ts'
import { tradingNetworksQuery, useQuote } from './useQuote.ts'
import { useSwapSteps } from './useSwapSteps.ts'
import { findToken, namesNative, type SwapToken, useTokenList } from './useTokenList.ts'

/** A gasless swap started from the review (GaslessSwap runs it once, while mounted). */
export interface GaslessRun {
  readonly network: string
  /** The reviewed quote, with its gasless route. */
  readonly quote: Quote
  readonly account: Hex
  readonly chainId: number
  readonly permit2: string
}

const sameAddress = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

/** The quote only counts for the form when it is for its tokens and trade type. */
function quoteFits(
  quote: Quote | undefined,
  input: SwapToken | undefined,
  output: SwapToken | undefined,
  field: Field,
) {
  return (
    quote !== undefined &&
    sameAddress(quote.tokenIn.address, input?.address) &&
    sameAddress(quote.tokenOut.address, output?.address) &&
    quote.tradeType === (field === 'INPUT' ? 'EXACT_INPUT' : 'EXACT_OUTPUT')
  )
}

/**
 * What the swap box knows of its trade, whoever owns the form's state (the /swap route's URL, or a
 * box embedded in another page): the tokens, balances, the live quote (none in the hero), the gasless
 * route, the review's steps (while `reviewing`) and the main button's state.
 */
export function useSwapTrade(form: SwapFormState, hero: boolean, reviewing: boolean) {
  const wallet = useWalletState()
  const account = wallet.status === 'connected' ? wallet.address : null
  const settings = useSwapSettings()
  const network = findNetwork(form.chain)
  const { tokens, isLoading: tokensLoading } = useTokenList(form.chain)
  // While the list loads, a native currency's symbol is already known from the network: its token
  // button shows it from the first paint, at its final size (no "Select token" -> "ETH" shift).
  const loadingSymbol = (currency: string | null | undefined) =>
    tokensLoading && network && currency && namesNative(currency, network.nativeSymbol)
      ? network.nativeSymbol
      : undefined
  const tradingNetworks = useQuery(tradingNetworksQuery())
  const unsupportedNetwork =
    tradingNetworks.data !== undefined && !tradingNetworks.data.some((served) => served.slug === form.chain)

  const foundInput = form.inputCurrency ? findToken(tokens, form.inputCurrency) : undefined
  const foundOutput0 = form.outputCurrency ? findToken(tokens, form.outputCurrency) : undefined
  // A blocked token cannot be used (spec, roles): one named by the URL is not selected, and the
  // box says why (the selector never offers it).
  const isBlocked = (token: SwapToken | undefined) => token?.safety.toLowerCase() === 'blocked'
  const blockedToken = [foundInput, foundOutput0].find(isBlocked)
  const inputToken = isBlocked(foundInput) ? undefined : foundInput
  const foundOutput = isBlocked(foundOutput0) ? undefined : foundOutput0
  const outputToken =
    foundOutput && !sameAddress(foundOutput.address, inputToken?.address) ? foundOutput : undefined
  const independentToken = form.independentField === 'INPUT' ? inputToken : outputToken
  const typedAmount = independentToken ? parseTypedAmount(form.typedValue, independentToken.decimals) : null

  const balanceAddresses = useMemo(
    () => [NATIVE_CURRENCY_ADDRESS, inputToken?.address, outputToken?.address].filter((a) => a !== undefined),
    [inputToken?.address, outputToken?.address],
  )
  const { balances, isLoading: balancesLoading } = useTokenBalances(form.chain, account, balanceAddresses)
  const balanceOf = (token: SwapToken | undefined) =>
    token ? balances.get(token.address.toLowerCase()) : undefined

  // The gasless order route: hidden by the spec's mismatch rule, or after a gasless order failed
  // and the user took the classic route (until the trade changes).
  const gaslessHidden = useGaslessHidden(network?.chainId, account)
  const permitAsTransaction = usePermitAsTransaction(network?.chainId, account)
  const [classicFor, setClassicFor] = useState<string | null>(null)
  const tradeKey = `${inputToken?.address}${outputToken?.address}${typedAmount}`
  const quoteRequest =
    !hero && inputToken && outputToken && typedAmount !== null && typedAmount > 0n
      ? {
          gasless: !gaslessHidden && classicFor !== tradeKey,
          chain: form.chain,
          tokenIn: inputToken.address,
          tokenOut: outputToken.address,
          amount: typedAmount,
          type: form.independentField === 'INPUT' ? ('EXACT_INPUT' as const) : ('EXACT_OUTPUT' as const),
          slippage: settings.slippage,
        }
      : null
  const quoteState = useQuote(quoteRequest, unsupportedNetwork)
  const quote = quoteFits(quoteState.quote, inputToken, outputToken, form.independentField)
    ? quoteState.quote
    : undefined
  const currentQuote = quote && quoteState.current ? quote : undefined
  const tradingNetwork = tradingNetworks.data?.find((served) => served.slug === form.chain)

  // The wallet layer is needed for the swap itself: have it ready before Swap is clicked.
  useEffect(() => {
    if (wallet.status === 'connected') void loadWalletRuntime().catch(() => undefined)
  }, [wallet.status])

  // A smart wallet swaps in one atomic batch: no separate approval or Permit2 signature to list.
  const batch = useAtomicBatching(form.chain, network?.chainId, account)
  // the quote's gasless order route, when the swap takes it (a smart wallet's batch stays classic)
  const gasless = quoteRequest?.gasless && account && !batch ? currentQuote?.gasless : undefined
  // The review's step list (approval, Permit2 signature, swap) with each step's network cost.
  const steps = useSwapSteps(
    reviewing ? currentQuote : undefined,
    batch ? null : account,
    tradingNetwork,
    (gas) => (currentQuote ? gasCostUsd(gas, currentQuote.gas) : undefined),
    permitAsTransaction,
  )

  const blocked = useBlockedAccount() !== null
  // The account receives the swap: refused where funds are lost or stranded, as far as the form
  // knows (the API refuses the rest with the same words).
  const invalidRecipient =
    account !== null &&
    isRefusedSwapRecipient(account, {
      contracts: [
        ...Object.values(getRuntimeConfig().contracts?.[form.chain] ?? {}),
        tradingNetwork?.universalRouter,
        tradingNetwork?.permit2,
        tradingNetwork?.wrappedNative,
      ],
      tokens: tokens.filter((token) => !token.native).map((token) => token.address),
      pools: (quote?.route ?? []).flatMap((leg) =>
        leg.hops.filter((hop) => hop.protocol === 'V2' || hop.protocol === 'V3').map((hop) => hop.pool),
      ),
    })
  const button = deriveSwapButton({
    connected: account !== null,
    blocked,
    invalidRecipient,
    walletChainId: wallet.chainId,
    chainId: network?.chainId,
    networkName: network?.name ?? form.chain,
    inputToken,
    outputToken,
    typedAmount,
    independentField: form.independentField,
    inputBalance: balanceOf(inputToken),
    nativeBalance: balances.get(NATIVE_CURRENCY_ADDRESS),
    quote: currentQuote
      ? {
          routing: currentQuote.routing,
          amountIn: currentQuote.amountIn,
          maximumAmountIn: currentQuote.maximumAmountIn,
          gasCostWei: currentQuote.gas.costWei,
        }
      : undefined,
    quoteFailed: quoteState.error !== null,
  })

  return {
    wallet,
    account,
    settings,
    network,
    tokens,
    loadingSymbol,
    unsupportedNetwork,
    inputToken,
    outputToken,
    blockedToken,
    typedAmount,
    balanceOf,
    balancesLoading,
    tradeKey,
    setClassicFor,
    quoteRequest,
    quoteState,
    quote,
    currentQuote,
    tradingNetwork,
    batch,
    permitAsTransaction,
    gasless,
    steps,
    button,
  }
}
