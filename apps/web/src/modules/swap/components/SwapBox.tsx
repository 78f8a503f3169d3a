import { formatTokenAmount, shortenAddress } from '@oxbow/core'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetwork, useNetworks } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { Button } from '../../ui/index.ts'
import { loadWalletRuntime, openConnectDrawer } from '../../wallet/index.ts'
import { useSwapExecution } from '../hooks/useSwapExecution.ts'
import { type GaslessRun, useSwapTrade } from '../hooks/useSwapTrade.ts'
import type { SwapToken } from '../hooks/useTokenList.ts'
import { callApi } from '../services/tradingApi.ts'
import {
  type Field,
  flipSwapForm,
  NATIVE_PARAM,
  type SwapFormState,
  selectCurrency,
  typeValue,
} from '../state/swapForm.ts'
import {
  acceptKeystroke,
  amountToInput,
  formatDependentAmount,
  maxSpendable,
  nativeGasReserve,
  toUsd,
  truncateDecimals,
} from '../state/swapFormAmounts.ts'
import { SwapCurrencyPanel } from './SwapCurrencyPanel.tsx'
import { SwapDialog } from './SwapDialog.tsx'
import styles from './SwapForm.module.css'
import { SwapQuoteDetails } from './SwapQuoteDetails.tsx'
import { SwapReview } from './SwapReview.tsx'
import { SwapSettings } from './SwapSettings.tsx'
import { SwapSteps } from './SwapSteps.tsx'
import { swapButtonText, swapQuoteErrorText } from './swapBoxText.ts'
import { swapMessages as sm } from './swapMessages.ts'
import { TokenSelector } from './TokenSelector.tsx'
import tradeBox from './TradeBox.module.css'
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
  tradeStyles: tradeBox,
  formatTokenAmount,
  shortenAddress,
  SwapDialog,
  SwapSteps,
}

/** The landing hero's box: no quotes or settings; what is typed hands the swap over to /swap. */
export interface HeroHandoff {
  /** What the hero shows in its sell field. */
  readonly typed: string
  /** A keystroke the field accepted. */
  readonly onType: (accepted: string) => void
  /** Max pressed: the whole spendable balance as typed text. */
  readonly onMax: (text: string) => void
}

export interface SwapBoxProps {
  /** The form's state and its owner's ways to change it (the /swap route's URL, or local state). */
  readonly form: SwapFormState
  readonly update: (change: (state: SwapFormState) => SwapFormState) => void
  /** The network selector's rule: currencies, value and field cleared. */
  readonly selectChain: (chain: string) => void
  readonly showModes: boolean
  readonly hero?: HeroHandoff | undefined
  /** The sell amount takes the focus when it mounts (arriving from the hero). */
  readonly autoFocusInput?: boolean
}

/**
 * The swap box: network, sell and buy panels (exact in or exact out, flip, Max, fiat values), live
 * quotes with their details, the main button's states, review, and the swap's progress, over a
 * form state its owner keeps (`SwapForm`: the query parameters; `EmbeddedSwapForm`: its page's).
 */
export function SwapBox({
  form,
  update,
  selectChain,
  showModes,
  hero,
  autoFocusInput = false,
}: SwapBoxProps) {
  const networks = useNetworks()
  const intl = useIntl()
  const fiat = useFiatFormatter()
  const [reviewing, setReviewing] = useState(false)
  const trade = useSwapTrade(form, hero !== undefined, reviewing)
  const { account, network, tokens, inputToken, outputToken, typedAmount, quoteRequest, quoteState } = trade
  const { quote, currentQuote, tradingNetwork, gasless, steps, button, balanceOf } = trade
  const [selecting, setSelecting] = useState<Field | null>(null)
  const [switchFailed, setSwitchFailed] = useState(false)
  const [switching, setSwitching] = useState(false)
  const [gaslessRun, setGaslessRun] = useState<GaslessRun | null>(null)
  const execution = useSwapExecution()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new network or wallet chain clears the failure
  useEffect(() => setSwitchFailed(false), [form.chain, trade.wallet.chainId])

  // Amount fields: the typed one as typed; the other from the quote (dimmed while it refreshes).
  const dependentValue = (() => {
    if (!quote || !quoteRequest) return ''
    return form.independentField === 'INPUT'
      ? formatDependentAmount(BigInt(quote.amountOut), quote.tokenOut.decimals)
      : formatDependentAmount(BigInt(quote.amountIn), quote.tokenIn.decimals)
  })()
  const inputValue = hero ? hero.typed : form.independentField === 'INPUT' ? form.typedValue : dependentValue
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
    if (hero) hero.onType(accepted)
    else update((state) => typeValue(state, field, accepted))
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
    if (hero) hero.onMax(text)
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
        slippage: trade.settings.slippage,
        swapper: account,
        deadlineMinutes: trade.settings.deadlineMinutes,
        kind: reviewed.routing === 'WRAP' ? 'wrap' : reviewed.routing === 'UNWRAP' ? 'unwrap' : 'swap',
        ...(trade.batch && reviewed.routing === 'CLASSIC' ? { batch: true } : {}),
        ...(trade.permitAsTransaction ? { permitAsTransaction: true } : {}),
      },
      steps.steps.map((step) => step.kind),
      () => update((state) => ({ ...state, typedValue: '' })),
    )
  }

  const buttonText = (state: typeof button) => swapButtonText(intl, state)

  const errorText = (() => {
    if (switchFailed) return intl.formatMessage(sm.switchFailed)
    if (trade.unsupportedNetwork) return intl.formatMessage(sm.unsupportedNetwork)
    if (trade.blockedToken) return intl.formatMessage(sm.tokenBlocked)
    if (quoteState.error)
      return swapQuoteErrorText(
        intl,
        quoteState.error,
        [inputToken, outputToken].find((token) => token?.notRoutable),
      )
    if (button.kind === 'insufficientBalance') return buttonText(button)
    if (button.kind === 'insufficientGas') return buttonText(button)
    return null
  })()
  return (
    <section className={tradeBox.box} aria-label={intl.formatMessage(m.swap)}>
      <div className={tradeBox.top}>
        {showModes ? <TradeModes /> : <span />}
        <div className={styles.topActions}>
          <select
            className={tradeBox.chain}
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
        autoFocus={autoFocusInput && form.independentField === 'INPUT'}
        token={inputToken}
        loadingSymbol={trade.loadingSymbol(form.inputCurrency)}
        onChooseToken={() => setSelecting('INPUT')}
        balance={account ? inputBalance : undefined}
        balanceLoading={account !== null && trade.balancesLoading}
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
        loadingSymbol={trade.loadingSymbol(form.outputCurrency)}
        onChooseToken={() => setSelecting('OUTPUT')}
        balance={account ? balanceOf(outputToken) : undefined}
        balanceLoading={account !== null && trade.balancesLoading}
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
              trade.setClassicFor(trade.tradeKey)
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
