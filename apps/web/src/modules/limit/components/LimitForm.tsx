import { limitOrderCapacity, NATIVE_CURRENCY_ADDRESS, toDecimalString } from '@oxbow/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetwork, useNetworks } from '../../config/index.ts'
import { useBlockedAccount } from '../../screening/index.ts'
import {
  acceptKeystroke,
  findToken,
  invalidateBalances,
  parseTypedAmount,
  SwapCurrencyPanel,
  type SwapToken,
  swapMessages as sm,
  TokenSelector,
  TradeModes,
  tradeBoxStyles as trade,
  tradingNetworksQuery,
  useQuote,
  useTokenBalances,
  useTokenList,
} from '../../swap/index.ts'
import { Button } from '../../ui/index.ts'
import { loadWalletRuntime, openConnectDrawer, useWalletState } from '../../wallet/index.ts'
import { ordersQuery } from '../services/ordersApi.ts'
import type { PlaceOrderState } from '../services/placeOrder.ts'
import {
  deadlineFor,
  deviationBps,
  type ExpiryId,
  invert,
  type LimitPreset,
  limitWarning,
  marketRatio,
  outputFor,
  presetRatio,
  type Ratio,
  ratioFromDecimal,
  ratioToDecimal,
} from '../state/limitPrice.ts'
import { confirmLimitOrder } from './confirmLimitOrder.ts'
import { LimitExpiry } from './LimitExpiry.tsx'
import { LimitNotices } from './LimitNotices.tsx'
import { LimitPriceBox } from './LimitPriceBox.tsx'
import { LimitReview } from './LimitReview.tsx'
import { type ButtonKind, limitButtonText } from './limitButton.ts'
import { useLimitParams } from './useLimitParams.ts'

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

const pow10 = (n: number) => 10n ** BigInt(n)

/**
 * The Limit mode of the trade screen (spec: limit orders on the networks offering them): sell and
 * buy tokens, the sell amount, the limit price (typed, or the market price and the +1 %, +5 %,
 * +10 % presets; inversion; the difference from market in percent), expiry, the spec's warnings
 * (below market, 'Market price not available', the open-order count near 100), then review and
 * sign: the Permit2 approval once per token (a transaction), the order itself a signature only.
 */
export function LimitForm() {
  const networks = useNetworks()
  const intl = useIntl()
  const queryClient = useQueryClient()
  const [params, setParam] = useLimitParams()
  const chain = findNetwork(params.get('chain')) ? (params.get('chain') as string) : 'ethereum'
  const network = findNetwork(chain)
  const wallet = useWalletState()
  const account = wallet.status === 'connected' ? wallet.address : null
  const { tokens } = useTokenList(chain)
  const tradingNetworks = useQuery(tradingNetworksQuery())
  const tradingNetwork = tradingNetworks.data?.find((served) => served.slug === chain)
  const offered = network?.limitOrders === true

  // Limit orders sell ERC-20s: the native currency is sold as its wrapped token.
  const wrapped = tradingNetwork ? findToken(tokens, tradingNetwork.wrappedNative) : undefined
  const resolve = (param: string | null) => {
    const token = param ? findToken(tokens, param) : undefined
    return token?.native ? wrapped : token
  }
  const inputToken = resolve(params.get('inputCurrency')) ?? wrapped
  const foundOutput = resolve(params.get('outputCurrency'))
  const outputToken = foundOutput && !same(foundOutput.address, inputToken?.address) ? foundOutput : undefined

  const [typed, setTyped] = useState('')
  const [priceText, setPriceText] = useState<string | null>(null)
  const [inverted, setInverted] = useState(false)
  const [preset, setPreset] = useState<LimitPreset | null>(0)
  const [expiry, setExpiry] = useState<ExpiryId>('week')
  const [selecting, setSelecting] = useState<'input' | 'output' | null>(null)
  const [reviewing, setReviewing] = useState(false)
  const [placing, setPlacing] = useState<PlaceOrderState | null>(null)
  const [switching, setSwitching] = useState(false)

  const amountIn = inputToken ? parseTypedAmount(typed, inputToken.decimals) : null

  // The market price: the quote of the amount typed (or of one whole input token).
  const reference = amountIn && amountIn > 0n ? amountIn : inputToken ? pow10(inputToken.decimals) : null
  const quoteState = useQuote(
    offered && inputToken && outputToken && reference
      ? {
          chain,
          tokenIn: inputToken.address,
          tokenOut: outputToken.address,
          amount: reference,
          type: 'EXACT_INPUT',
          slippage: 'auto',
        }
      : null,
    !offered,
  )
  const quote =
    quoteState.quote &&
    same(quoteState.quote.tokenIn.address, inputToken?.address) &&
    same(quoteState.quote.tokenOut.address, outputToken?.address)
      ? quoteState.quote
      : undefined
  const market: Ratio | null = quote ? marketRatio(BigInt(quote.amountIn), BigInt(quote.amountOut)) : null

  // The limit as out-per-in base units; shown (and typed) in the other direction when inverted.
  const decIn = inputToken?.decimals ?? 18
  const decOut = outputToken?.decimals ?? 18
  const presetLimit = preset !== null && market ? presetRatio(market, preset) : null
  const typedLimit = (() => {
    if (priceText === null) return null
    const ratio = inverted
      ? ratioFromDecimal(priceText, decOut, decIn)
      : ratioFromDecimal(priceText, decIn, decOut)
    return ratio && inverted ? invert(ratio) : ratio
  })()
  const limit = priceText === null ? presetLimit : typedLimit
  const shownPrice =
    priceText ??
    (presetLimit
      ? inverted
        ? ratioToDecimal(invert(presetLimit), decOut, decIn)
        : ratioToDecimal(presetLimit, decIn, decOut)
      : '')
  const amountOut = limit && amountIn && amountIn > 0n ? outputFor(amountIn, limit) : null
  const warning = inputToken && outputToken ? limitWarning(limit, market) : { kind: 'none' as const }
  const deviation = limit && market ? Number(deviationBps(limit, market)) / 10_000 : null

  const balanceAddresses = useMemo(
    () => [NATIVE_CURRENCY_ADDRESS, inputToken?.address, outputToken?.address].filter((a) => a !== undefined),
    [inputToken?.address, outputToken?.address],
  )
  const { balances, isLoading: balancesLoading } = useTokenBalances(chain, account, balanceAddresses)
  const balanceOf = (token: SwapToken | undefined) =>
    token ? balances.get(token.address.toLowerCase()) : undefined
  const inputBalance = balanceOf(inputToken)

  const orders = useQuery(ordersQuery(account))
  const openOrders = orders.data?.openOrders ?? 0
  const capacity = limitOrderCapacity(openOrders)

  const blocked = useBlockedAccount() !== null
  const buttonKind: ButtonKind = (() => {
    if (!account) return 'connect'
    if (blocked) return 'blocked'
    if (!offered) return 'unsupported'
    if (network && wallet.chainId !== network.chainId) return 'switchNetwork'
    if (!inputToken || !outputToken) return 'selectToken'
    if (!amountIn || amountIn <= 0n) return 'enterAmount'
    if (!limit || !amountOut || amountOut <= 0n) return 'invalidPrice'
    if (inputBalance !== undefined && inputBalance < amountIn) return 'insufficientBalance'
    if (capacity === 'full') return 'tooMany'
    return 'review'
  })()
  const buttonText = limitButtonText(intl, buttonKind, {
    network: network?.name ?? chain,
    inputSymbol: inputToken?.symbol ?? '',
  })
  const buttonEnabled = buttonKind === 'connect' || buttonKind === 'switchNetwork' || buttonKind === 'review'

  const onSelectToken = (token: SwapToken) => {
    const side = selecting
    setSelecting(null)
    if (!side) return
    const chosen = token.native && wrapped ? wrapped : token
    const other = side === 'input' ? outputToken : inputToken
    const updates: Record<string, string | null> = {
      [side === 'input' ? 'inputCurrency' : 'outputCurrency']: chosen.address,
    }
    // choosing the other side's token swaps the two
    if (other && same(other.address, chosen.address)) {
      updates[side === 'input' ? 'outputCurrency' : 'inputCurrency'] =
        (side === 'input' ? inputToken : outputToken)?.address ?? null
    }
    setParam(updates)
    setPriceText(null)
    setPreset(0)
  }

  const onPreset = (value: LimitPreset) => {
    setPreset(value)
    setPriceText(null)
  }

  const onPriceTyped = (text: string) => {
    const accepted = acceptKeystroke(text, 18)
    if (accepted === null) return
    setPreset(null)
    setPriceText(accepted)
  }

  const onOutputTyped = (text: string) => {
    const accepted = acceptKeystroke(text, decOut)
    if (accepted === null || !outputToken || !amountIn || amountIn <= 0n) return
    const out = parseTypedAmount(accepted, decOut)
    setPreset(null)
    if (!out || out <= 0n) {
      setPriceText(accepted === '' ? '' : '0')
      return
    }
    const ratio = { num: out, den: amountIn }
    setPriceText(
      inverted ? ratioToDecimal(invert(ratio), decOut, decIn) : ratioToDecimal(ratio, decIn, decOut),
    )
  }

  const onInvert = () => {
    setInverted(!inverted)
    // a typed price is kept as the same limit, shown the other way round
    if (priceText !== null && limit)
      setPriceText(
        inverted ? ratioToDecimal(limit, decIn, decOut) : ratioToDecimal(invert(limit), decOut, decIn),
      )
  }

  const onButton = () => {
    if (buttonKind === 'connect') openConnectDrawer()
    else if (buttonKind === 'switchNetwork' && network) {
      setSwitching(true)
      loadWalletRuntime()
        .then((runtime) => runtime.switchNetwork(network.chainId))
        .catch(() => undefined)
        .finally(() => setSwitching(false))
    } else if (buttonKind === 'review') setReviewing(true)
  }

  const deadline = useMemo(() => deadlineFor(expiry, Math.floor(Date.now() / 1000)), [expiry])

  const onConfirm = async () => {
    if (!account || !network || !tradingNetwork || !inputToken || !outputToken || !amountIn || !amountOut)
      return
    const terms = {
      chainId: network.chainId,
      permit2: tradingNetwork.permit2,
      swapper: account,
      inputToken: inputToken.address,
      inputAmount: amountIn,
      outputToken: outputToken.address,
      outputAmount: amountOut,
      deadline: deadlineFor(expiry, Math.floor(Date.now() / 1000)),
    }
    const final = await confirmLimitOrder({ chain, account, terms }, setPlacing)
    if (final.step === 'placed') {
      setTyped('')
      void queryClient.invalidateQueries({ queryKey: ['limit-orders'] })
      void invalidateBalances(queryClient)
    }
  }

  const closeReview = () => {
    if (placing && placing.step !== 'placed' && placing.step !== 'failed') return
    setReviewing(false)
    setPlacing(null)
  }

  const formatPercent = (value: number) =>
    intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 2, signDisplay: 'exceptZero' })
  const unit = inverted
    ? { in: outputToken?.symbol ?? '', out: inputToken?.symbol ?? '' }
    : { in: inputToken?.symbol ?? '', out: outputToken?.symbol ?? '' }
  const marketShown = market
    ? inverted
      ? ratioToDecimal(invert(market), decOut, decIn)
      : ratioToDecimal(market, decIn, decOut)
    : null

  const errorText = !offered
    ? intl.formatMessage(sm.unsupportedNetwork)
    : buttonKind === 'insufficientBalance'
      ? buttonText
      : null

  return (
    <>
      <section className={trade.box} aria-label={intl.formatMessage(sm.swap)} data-testid="limit-form">
        <div className={trade.top}>
          <TradeModes />
          <select
            className={trade.chain}
            aria-label={intl.formatMessage(sm.network)}
            value={chain}
            onChange={(event) => {
              setParam({ chain: event.target.value, inputCurrency: null, outputCurrency: null })
              setTyped('')
              setPriceText(null)
              setPreset(0)
            }}
          >
            {networks.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <LimitPriceBox
          unit={unit}
          inverted={inverted}
          onInvert={onInvert}
          shownPrice={shownPrice}
          onPriceTyped={onPriceTyped}
          preset={preset}
          marketAvailable={market !== null}
          onPreset={onPreset}
          marketShown={marketShown}
          deviation={deviation}
          formatPercent={formatPercent}
        />
        <SwapCurrencyPanel
          side="input"
          value={typed}
          onChange={(text) => {
            const accepted = acceptKeystroke(text, inputToken?.decimals)
            if (accepted !== null) setTyped(accepted)
          }}
          token={inputToken}
          onChooseToken={() => setSelecting('input')}
          balance={account ? inputBalance : undefined}
          balanceLoading={account !== null && balancesLoading}
          onMax={
            account && inputToken && inputBalance !== undefined && inputBalance > 0n
              ? () => setTyped(toDecimalString(inputBalance, inputToken.decimals))
              : undefined
          }
          fiat={undefined}
          dimmed={false}
        />
        <SwapCurrencyPanel
          side="output"
          value={amountOut !== null && outputToken ? toDecimalString(amountOut, decOut) : ''}
          onChange={onOutputTyped}
          token={outputToken}
          onChooseToken={() => setSelecting('output')}
          balance={account ? balanceOf(outputToken) : undefined}
          balanceLoading={account !== null && balancesLoading}
          fiat={undefined}
          dimmed={false}
        />
        <LimitExpiry expiry={expiry} setExpiry={setExpiry} />
        <LimitNotices
          warning={warning}
          showMarketUnavailable={inputToken !== undefined && outputToken !== undefined && !quoteState.loading}
          inverted={inverted}
          formatPercent={formatPercent}
          capacity={capacity}
          openOrders={openOrders}
          errorText={errorText}
        />
        <Button
          data-testid="limit-button"
          data-kind={buttonKind}
          disabled={!buttonEnabled || switching}
          onClick={onButton}
        >
          {buttonText}
        </Button>
        <TokenSelector
          open={selecting !== null}
          chain={chain}
          account={account}
          selected={(selecting === 'output' ? outputToken : inputToken)?.address}
          other={(selecting === 'output' ? inputToken : outputToken)?.address}
          onSelect={onSelectToken}
          onClose={() => setSelecting(null)}
        />
      </section>
      <LimitReview
        reviewing={reviewing}
        closeReview={closeReview}
        inputToken={inputToken}
        outputToken={outputToken}
        amountIn={amountIn}
        amountOut={amountOut}
        decIn={decIn}
        decOut={decOut}
        deadline={deadline}
        placing={placing}
        onConfirm={onConfirm}
      />
    </>
  )
}
