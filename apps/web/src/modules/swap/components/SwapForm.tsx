import { formatTokenAmount, NATIVE_CURRENCY_ADDRESS, shortenAddress } from '@oxbow/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useIntl } from 'react-intl'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { findNetwork, getRuntimeConfig, useNetworks } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { screeningMessages, useBlockedAccount } from '../../screening/index.ts'
import { Button } from '../../ui/index.ts'
import { type Hex, loadWalletRuntime, openConnectDrawer, useWalletState } from '../../wallet/index.ts'
import { useAtomicBatching } from '../hooks/useAtomicBatching.ts'
import { useTokenBalances } from '../hooks/useBalances.ts'
import { useGaslessHidden } from '../hooks/useGaslessHidden.ts'
import { tradingNetworksQuery, useQuote } from '../hooks/useQuote.ts'
import { useSwapExecution } from '../hooks/useSwapExecution.ts'
import { useSwapFormState } from '../hooks/useSwapFormState.ts'
import { useSwapSteps } from '../hooks/useSwapSteps.ts'
import { findToken, namesNative, type SwapToken, useTokenList } from '../hooks/useTokenList.ts'
import type { QuoteError } from '../services/errors.ts'
import { gasCostUsd } from '../services/swapSteps.ts'
import { callApi, type Quote } from '../services/tradingApi.ts'
import { type Field, flipSwapForm, NATIVE_PARAM, selectCurrency, typeValue } from '../state/swapForm.ts'
import {
  acceptKeystroke,
  amountToInput,
  formatDependentAmount,
  maxSpendable,
  nativeGasReserve,
  parseTypedAmount,
  toUsd,
  truncateDecimals,
} from '../state/swapFormAmounts.ts'
import { deriveSwapButton, type SwapButtonState } from '../state/swapFormButton.ts'
import { isRefusedSwapRecipient } from '../state/swapRecipient.ts'
import { useSwapSettings } from '../state/swapSettings.ts'
import { SwapCurrencyPanel } from './SwapCurrencyPanel.tsx'
import { SwapDialog } from './SwapDialog.tsx'
import styles from './SwapForm.module.css'
import { SwapQuoteDetails } from './SwapQuoteDetails.tsx'
import { SwapReview } from './SwapReview.tsx'
import { SwapSettings } from './SwapSettings.tsx'
import { SwapSteps } from './SwapSteps.tsx'
import { swapMessages as sm } from './swapMessages.ts'
import { notRoutableReason, TokenSelector } from './TokenSelector.tsx'
import { TradeModes, tradeModeMessages } from './TradeModes.tsx'

const m = tradeModeMessages

// A gasless swap's review note and progress load when they show: not in the form's initial chunk
// (they import nothing of this chunk: what they share with it comes as props).
const GaslessSwap = lazy(() => import('./GaslessSwap.tsx'))
// The swap's progress likewise loads when a swap starts.
const SwapStatus = lazy(() => import('./SwapStatus.tsx'))
const GaslessReviewNote = lazy(() =>
  import('./GaslessSwap.tsx').then((module) => ({ default: module.GaslessReviewNote })),
)

/** What the lazily loaded gasless and status chunks share with this one (GaslessShared, SwapStatusShared). */
const gaslessShared = {
  callApi,
  messages: sm,
  styles,
  formatTokenAmount,
  shortenAddress,
  SwapDialog,
  SwapSteps,
}

/** A gasless swap started from the review (GaslessSwap runs it once, while mounted). */
interface GaslessRun {
  readonly network: string
  /** The reviewed quote, with its gasless route. */
  readonly quote: Quote
  readonly account: Hex
  readonly chainId: number
  readonly permit2: string
}

/** The hero's hand-off: /swap with the currencies, typed value, independent field and chain. */
export function heroSwapUrl(params: URLSearchParams, value: string): string {
  const next = new URLSearchParams()
  for (const key of ['inputCurrency', 'outputCurrency', 'chain']) {
    const current = params.get(key)
    if (current) next.set(key, current)
  }
  next.set('value', value)
  next.set('field', 'INPUT')
  if (!next.has('chain')) next.set('chain', 'ethereum')
  return `/swap?${next.toString()}`
}

/** Navigation state of the hero's hand-off (history state: read back only through `isHeroHandoff`). */
const heroHandoffState = { heroHandoff: true } as const

function isHeroHandoff(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { heroHandoff?: unknown }).heroHandoff === true
  )
}

const buttonMessages = {
  connect: sm.connectWallet,
  blocked: screeningMessages.button,
  invalidRecipient: sm.invalidRecipient,
  selectToken: sm.selectToken,
  enterAmount: sm.enterAmount,
  insufficientBalance: sm.insufficientBalance,
  insufficientGas: sm.insufficientGas,
  switchNetwork: sm.switchNetwork,
  wrap: sm.wrap,
  unwrap: sm.unwrap,
  review: sm.review,
} as const

const quoteErrorMessages = {
  noQuotes: sm.noQuotes,
  unsupportedNetwork: sm.unsupportedNetwork,
  unsupportedToken: sm.unsupportedToken,
  rateLimited: sm.rateLimited,
  generic: sm.somethingWrong,
} as const

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
 * The swap box: network, sell and buy panels (exact in or exact out, flip, Max, fiat values), live
 * quotes with their details, the main button's states, review, and the swap's progress. The form
 * is prefilled from and written to the query parameters. In the landing hero (`hero`), starting to
 * type hands the swap over to /swap.
 */
export function SwapForm({ showModes = true, hero = false }: { showModes?: boolean; hero?: boolean }) {
  const networks = useNetworks()
  const intl = useIntl()
  const navigate = useNavigate()
  // Arriving from the hero: the sell amount takes the focus, so typing goes on where it started.
  const { state: navigationState } = useLocation()
  const handedOver = !hero && isHeroHandoff(navigationState)
  const [params] = useSearchParams()
  const [form, update, selectChain] = useSwapFormState()
  const wallet = useWalletState()
  const account = wallet.status === 'connected' ? wallet.address : null
  const settings = useSwapSettings()
  const fiat = useFiatFormatter()
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

  const inputToken = form.inputCurrency ? findToken(tokens, form.inputCurrency) : undefined
  const foundOutput = form.outputCurrency ? findToken(tokens, form.outputCurrency) : undefined
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
  const [classicFor, setClassicFor] = useState<string | null>(null)
  const [gaslessRun, setGaslessRun] = useState<GaslessRun | null>(null)
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

  const [selecting, setSelecting] = useState<Field | null>(null)
  const [heroTyped, setHeroTyped] = useState('')
  const [reviewing, setReviewing] = useState(false)
  const [switchFailed, setSwitchFailed] = useState(false)
  const [switching, setSwitching] = useState(false)
  const execution = useSwapExecution()
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
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new network or wallet chain clears the failure
  useEffect(() => setSwitchFailed(false), [form.chain, wallet.chainId])

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

  // Amount fields: the typed one as typed; the other from the quote (dimmed while it refreshes).
  const dependentValue = (() => {
    if (!quote || !quoteRequest) return ''
    return form.independentField === 'INPUT'
      ? formatDependentAmount(BigInt(quote.amountOut), quote.tokenOut.decimals)
      : formatDependentAmount(BigInt(quote.amountIn), quote.tokenIn.decimals)
  })()
  const inputValue = hero ? heroTyped : form.independentField === 'INPUT' ? form.typedValue : dependentValue
  const outputValue = form.independentField === 'OUTPUT' ? form.typedValue : dependentValue
  const amountIn =
    form.independentField === 'INPUT' ? typedAmount : quote && quoteRequest ? BigInt(quote.amountIn) : null
  const amountOut =
    form.independentField === 'OUTPUT' ? typedAmount : quote && quoteRequest ? BigInt(quote.amountOut) : null
  // A value not known yet is a placeholder (a skeleton while the quote loads, a dash without a
  // price), never '$0.00'; zero shows only for a real zero amount.
  const fiatOf = (amount: bigint | null, token: SwapToken | undefined, field: Field) => {
    if (!token) return undefined
    if (amount === null)
      return quoteRequest && field !== form.independentField && quoteState.loading ? 'loading' : undefined
    const usd = toUsd(amount, token.decimals, token.priceUsd ?? undefined)
    return usd === undefined ? '–' : fiat.format(usd)
  }

  const onType = (field: Field, text: string) => {
    const token = field === 'INPUT' ? inputToken : outputToken
    const accepted = acceptKeystroke(text, token?.decimals)
    if (accepted === null) return
    if (hero) {
      // The hero keeps what was typed on screen while /swap takes over with it. Keys typed before
      // the swap screen shows land here too and follow on (the hand-off supersedes itself); from
      // then on the swap screen's field has the focus, so nothing typed is lost.
      setHeroTyped(accepted)
      if (/\d/.test(accepted)) {
        void navigate(heroSwapUrl(params, accepted), {
          replace: window.location.pathname === '/swap',
          state: heroHandoffState,
        })
      }
      return
    }
    update((state) => typeValue(state, field, accepted))
  }

  const inputBalance = balanceOf(inputToken)
  const maxAmount =
    inputToken && inputBalance !== undefined
      ? maxSpendable(inputBalance, inputToken.native, nativeGasReserve(quote?.gas))
      : undefined
  const showMax =
    maxAmount !== undefined &&
    maxAmount > 0n &&
    inputToken !== undefined &&
    !(form.independentField === 'INPUT' && typedAmount === maxAmount)
  const onMax = () => {
    if (!inputToken || maxAmount === undefined) return
    const text = amountToInput(maxAmount, inputToken.decimals)
    if (hero) void navigate(heroSwapUrl(params, text), { state: heroHandoffState })
    else update((state) => typeValue(state, 'INPUT', text))
  }

  const onSelectToken = (token: SwapToken) => {
    const field = selecting
    setSelecting(null)
    if (!field) return
    const currency = token.native ? NATIVE_PARAM : token.address
    update((state) => {
      const next = selectCurrency(state, field, currency)
      // The typed value keeps at most the decimals of its (possibly new) token.
      const typedToken = next.independentField === field ? token : undefined
      return typedToken
        ? { ...next, typedValue: truncateDecimals(next.typedValue, typedToken.decimals) }
        : next
    })
  }

  const onButton = () => {
    if (button.kind === 'connect') openConnectDrawer()
    else if (button.kind === 'switchNetwork' && network) {
      setSwitching(true)
      setSwitchFailed(false)
      loadWalletRuntime()
        .then((runtime) => runtime.switchNetwork(network.chainId))
        .catch(() => setSwitchFailed(true))
        .finally(() => setSwitching(false))
    } else if (button.enabled) setReviewing(true)
  }

  const onConfirm = () => {
    const reviewed = currentQuote
    setReviewing(false)
    if (!reviewed || !account || !quoteRequest) return
    if (gasless && network && tradingNetwork) {
      setGaslessRun({
        network: form.chain,
        quote: reviewed,
        account,
        chainId: network.chainId,
        permit2: tradingNetwork.permit2,
      })
      return
    }
    execution.start(
      {
        network: form.chain,
        tokenIn: quoteRequest.tokenIn,
        tokenOut: quoteRequest.tokenOut,
        amount: quoteRequest.amount,
        type: quoteRequest.type,
        slippage: settings.slippage,
        swapper: account,
        deadlineMinutes: settings.deadlineMinutes,
        kind: reviewed.routing === 'WRAP' ? 'wrap' : reviewed.routing === 'UNWRAP' ? 'unwrap' : 'swap',
        ...(batch && reviewed.routing === 'CLASSIC' ? { batch: true } : {}),
      },
      steps.steps.map((step) => step.kind),
      () => update((state) => ({ ...state, typedValue: '' })),
    )
  }

  const errorText = (() => {
    if (switchFailed) return intl.formatMessage(sm.switchFailed)
    if (unsupportedNetwork) return intl.formatMessage(sm.unsupportedNetwork)
    if (quoteState.error) return quoteErrorText(quoteState.error)
    if (button.kind === 'insufficientBalance') return buttonText(button)
    if (button.kind === 'insufficientGas') return buttonText(button)
    return null
  })()
  function quoteErrorText(error: QuoteError): string {
    // The API's reason is English: say it from the refused token's own fields instead.
    const refused = [inputToken, outputToken].find((token) => token?.notRoutable)
    const reason = refused ? notRoutableReason(intl, refused) : undefined
    return intl.formatMessage(quoteErrorMessages[error.kind], {
      reason: reason ?? intl.formatMessage(sm.unsupportedTokenUnknown),
    })
  }
  function buttonText(state: SwapButtonState): string {
    return intl.formatMessage(buttonMessages[state.kind], {
      symbol: 'symbol' in state ? state.symbol : '',
      network: 'network' in state ? state.network : '',
    })
  }

  return (
    <section className={styles.box} aria-label={intl.formatMessage(m.swap)}>
      <div className={styles.top}>
        {showModes ? <TradeModes /> : <span />}
        <div className={styles.topActions}>
          <select
            className={styles.chain}
            aria-label={intl.formatMessage(sm.network)}
            value={form.chain}
            onChange={(event) => selectChain(event.target.value)}
          >
            {networks.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.name}
              </option>
            ))}
          </select>
          {hero ? null : (
            <SwapSettings
              {...(quote?.slippage.auto ? { autoSlippagePercent: quote.slippage.percent } : {})}
            />
          )}
        </div>
      </div>
      <SwapCurrencyPanel
        side="input"
        value={inputValue}
        onChange={(text) => onType('INPUT', text)}
        autoFocus={handedOver && form.independentField === 'INPUT'}
        token={inputToken}
        loadingSymbol={loadingSymbol(form.inputCurrency)}
        onChooseToken={() => setSelecting('INPUT')}
        balance={account ? inputBalance : undefined}
        balanceLoading={account !== null && balancesLoading}
        onMax={account && showMax ? onMax : undefined}
        fiat={fiatOf(amountIn, inputToken, 'INPUT')}
        dimmed={form.independentField === 'OUTPUT' && quote !== undefined && !quoteState.current}
      />
      <button
        type="button"
        className={styles.switch}
        data-testid="swap-flip"
        aria-label={intl.formatMessage(sm.flip)}
        onClick={() => update(flipSwapForm)}
      >
        ↓
      </button>
      <SwapCurrencyPanel
        side="output"
        value={outputValue}
        onChange={(text) => onType('OUTPUT', text)}
        token={outputToken}
        loadingSymbol={loadingSymbol(form.outputCurrency)}
        onChooseToken={() => setSelecting('OUTPUT')}
        balance={account ? balanceOf(outputToken) : undefined}
        balanceLoading={account !== null && balancesLoading}
        fiat={fiatOf(amountOut, outputToken, 'OUTPUT')}
        dimmed={form.independentField === 'INPUT' && quote !== undefined && !quoteState.current}
      />
      {errorText ? (
        <p className={styles.error} data-testid="swap-error" role="alert">
          <span>{errorText}</span>
          {quoteState.error?.retry && !switchFailed ? (
            <button type="button" className={styles.retry} onClick={quoteState.refetch}>
              {intl.formatMessage(sm.retry)}
            </button>
          ) : null}
        </p>
      ) : null}
      {quote && quoteRequest ? (
        <SwapQuoteDetails
          quote={quote}
          current={quoteState.current}
          tokens={tokens}
          formatFiat={fiat.format}
        />
      ) : quoteRequest && quoteState.loading ? (
        <p className={styles.fetching} role="status">
          {intl.formatMessage(sm.fetchingQuote)}
        </p>
      ) : null}
      <Button
        data-testid="swap-button"
        data-kind={button.kind}
        disabled={!button.enabled || switching || execution.running}
        aria-busy={switching || undefined}
        onClick={onButton}
      >
        {buttonText(button)}
      </Button>
      <TokenSelector
        open={selecting !== null}
        chain={form.chain}
        account={account}
        selected={(selecting === 'OUTPUT' ? outputToken : inputToken)?.address}
        other={(selecting === 'OUTPUT' ? inputToken : outputToken)?.address}
        onSelect={onSelectToken}
        onClose={() => setSelecting(null)}
        onChainChange={selectChain}
      />
      <SwapReview
        open={reviewing}
        quote={
          gasless && currentQuote ? { ...currentQuote, amountOut: gasless.outputStartAmount } : currentQuote
        }
        note={
          gasless && currentQuote ? (
            <Suspense fallback={null}>
              <GaslessReviewNote route={gasless} tokenOut={currentQuote.tokenOut} shared={gaslessShared} />
            </Suspense>
          ) : undefined
        }
        inputToken={inputToken}
        outputToken={outputToken}
        tokens={tokens}
        formatFiat={fiat.format}
        steps={steps.steps}
        stepsLoading={steps.loading}
        onConfirm={onConfirm}
        onClose={() => setReviewing(false)}
      />
      {gaslessRun ? (
        <Suspense fallback={null}>
          <GaslessSwap
            run={gaslessRun}
            shared={gaslessShared}
            onClose={() => setGaslessRun(null)}
            onConfirmed={() => update((state) => ({ ...state, typedValue: '' }))}
            onClassic={() => {
              setGaslessRun(null)
              setClassicFor(tradeKey)
              setReviewing(true)
            }}
          />
        </Suspense>
      ) : null}
      {execution.state ? (
        <Suspense fallback={null}>
          <SwapStatus
            shared={gaslessShared}
            state={execution.state}
            steps={execution.steps}
            inputSymbol={inputToken?.symbol ?? ''}
            actionLabel={intl.formatMessage(
              execution.run?.kind === 'wrap'
                ? sm.wrap
                : execution.run?.kind === 'unwrap'
                  ? sm.unwrap
                  : sm.swap,
            )}
            explorer={findNetwork(execution.run?.network)?.explorer}
            onClose={execution.close}
            onStandardSwap={execution.run?.batch ? execution.retryWithoutBatch : undefined}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
