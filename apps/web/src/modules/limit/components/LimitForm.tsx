import {
  formatTokenAmount,
  limitOrderCapacity,
  MAX_OPEN_LIMIT_ORDERS,
  NATIVE_CURRENCY_ADDRESS,
  toDecimalString,
} from '@oxbow/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useIntl } from 'react-intl'
import { useSearchParams } from 'react-router'
import { findNetwork, useNetworks } from '../../config/index.ts'
import { screeningMessages, useBlockedAccount } from '../../screening/index.ts'
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
  tradingNetworksQuery,
  useQuote,
  useTokenBalances,
  useTokenList,
} from '../../swap/index.ts'
import { Button, Dialog } from '../../ui/index.ts'
import {
  addPendingTransaction,
  type Hex,
  loadWalletRuntime,
  openConnectDrawer,
  resolvePendingTransaction,
  useWalletState,
} from '../../wallet/index.ts'
import { fetchApproval, ordersQuery, prepareOrder, submitOrder } from '../services/ordersApi.ts'
import type { PlaceOrderState } from '../services/placeOrder.ts'
import {
  deadlineFor,
  deviationBps,
  type ExpiryId,
  expiryOptions,
  invert,
  type LimitPreset,
  limitPresets,
  limitWarning,
  marketRatio,
  outputFor,
  presetRatio,
  type Ratio,
  ratioFromDecimal,
  ratioToDecimal,
} from '../state/limitPrice.ts'
import styles from './Limit.module.css'
import { limitMessages as m } from './limitMessages.ts'

const expiryMessages: Record<ExpiryId, (typeof m)[keyof typeof m]> = {
  day: m.expiryDay,
  week: m.expiryWeek,
  month: m.expiryMonth,
  year: m.expiryYear,
}

const failureMessages = {
  rejected: sm.failedRejected,
  approvalFailed: sm.failedApproval,
  tooManyOpenOrders: m.failedTooMany,
  insufficientBalance: sm.insufficientBalance,
  expired: m.failedExpired,
  unsupportedToken: sm.unsupportedToken,
  generic: m.failedGeneric,
} as const

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

const pow10 = (n: number) => 10n ** BigInt(n)

type ButtonKind =
  | 'connect'
  | 'blocked'
  | 'switchNetwork'
  | 'unsupported'
  | 'selectToken'
  | 'enterAmount'
  | 'invalidPrice'
  | 'insufficientBalance'
  | 'tooMany'
  | 'review'

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
  const [params, setParams] = useSearchParams()
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
  const buttonText = (() => {
    switch (buttonKind) {
      case 'connect':
        return intl.formatMessage(sm.connectWallet)
      case 'blocked':
        return intl.formatMessage(screeningMessages.button)
      case 'switchNetwork':
        return intl.formatMessage(sm.switchNetwork, { network: network?.name ?? chain })
      case 'unsupported':
        return intl.formatMessage(sm.unsupportedNetwork)
      case 'selectToken':
        return intl.formatMessage(sm.selectToken)
      case 'enterAmount':
        return intl.formatMessage(sm.enterAmount)
      case 'invalidPrice':
        return intl.formatMessage(m.invalidPrice)
      case 'insufficientBalance':
        return intl.formatMessage(sm.insufficientBalance, { symbol: inputToken?.symbol ?? '' })
      case 'tooMany':
        return intl.formatMessage(m.openOrdersFull, { max: MAX_OPEN_LIMIT_ORDERS })
      case 'review':
        return intl.formatMessage(sm.review)
    }
  })()
  const buttonEnabled = buttonKind === 'connect' || buttonKind === 'switchNetwork' || buttonKind === 'review'

  const setParam = (updates: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(updates)) {
          if (value === null) next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true },
    )

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
    setPlacing({ step: 'signing' })
    const [wallet, { placeOrder }] = await Promise.all([
      loadWalletRuntime(),
      import('../services/placeOrder.ts'),
    ])
    const final = await placeOrder(
      terms,
      {
        fetchApproval: () =>
          fetchApproval({
            network: chain,
            walletAddress: account,
            token: inputToken.address,
            amount: amountIn.toString(),
          }),
        prepare: (body) => prepareOrder(body),
        submit: (body) => submitOrder(body),
        wallet: {
          sendTransaction: (request) => wallet.sendTransaction(request),
          waitForTransaction: async (chainId, hash) => {
            const outcome = await wallet.waitForTransaction(chainId, hash)
            resolvePendingTransaction(account, hash, outcome.status)
            return outcome
          },
          signTypedData: (request) => wallet.signTypedData(request),
        },
        onApprovalSent: (hash: Hex) =>
          addPendingTransaction(account, {
            hash,
            chainId: network.chainId,
            kind: 'approve',
            addedAt: Date.now(),
          }),
      },
      setPlacing,
    )
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
      <section className={styles.box} aria-label={intl.formatMessage(sm.swap)} data-testid="limit-form">
        <div className={styles.top}>
          <TradeModes />
          <select
            className={styles.chain}
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
        <div className={styles.priceBox} data-testid="limit-price-box">
          <div className={styles.priceHeader}>
            <span>{intl.formatMessage(unit.in ? m.limitPrice : m.priceLabel, { in: unit.in })}</span>
            <button
              type="button"
              className={styles.iconButton}
              data-testid="limit-invert"
              aria-label={intl.formatMessage(m.invert)}
              aria-pressed={inverted}
              onClick={onInvert}
            >
              ⇅
            </button>
          </div>
          <div className={styles.priceRow}>
            <input
              className={styles.priceInput}
              data-testid="limit-price"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              placeholder={intl.formatNumber(0)}
              aria-label={intl.formatMessage(m.priceInput, unit)}
              value={shownPrice}
              onChange={(event) => onPriceTyped(event.target.value)}
            />
            <span className={styles.priceUnit}>{unit.out}</span>
          </div>
          <div className={styles.presets}>
            {limitPresets.map((value) => (
              <button
                key={value}
                type="button"
                className={styles.chip}
                data-testid={`limit-preset-${value}`}
                aria-pressed={preset === value}
                disabled={!market}
                onClick={() => onPreset(value)}
              >
                {value === 0 ? intl.formatMessage(m.market) : formatPercent(value / 100)}
              </button>
            ))}
          </div>
          {marketShown !== null ? (
            <span className={styles.muted} data-testid="limit-market">
              {intl.formatMessage(m.marketPrice, { price: `${marketShown} ${unit.out}` })}
              {deviation !== null && deviation !== 0 ? (
                <span data-testid="limit-deviation">
                  {' · '}
                  {intl.formatMessage(m.fromMarket, { percent: formatPercent(deviation) })}
                </span>
              ) : null}
            </span>
          ) : null}
        </div>
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
        <fieldset className={styles.expiry}>
          <legend className={styles.muted}>{intl.formatMessage(m.expiry)}</legend>
          {expiryOptions.map((option) => (
            <button
              key={option.id}
              type="button"
              className={styles.chip}
              data-testid={`limit-expiry-${option.id}`}
              aria-pressed={expiry === option.id}
              onClick={() => setExpiry(option.id)}
            >
              {intl.formatMessage(expiryMessages[option.id])}
            </button>
          ))}
        </fieldset>
        {warning.kind === 'market-unavailable' && inputToken && outputToken && !quoteState.loading ? (
          <p className={styles.warning} data-testid="limit-warning" data-kind="market-unavailable">
            {intl.formatMessage(m.marketUnavailable)}
          </p>
        ) : null}
        {warning.kind === 'worse-than-market' ? (
          <p className={styles.warning} data-testid="limit-warning" data-kind="worse-than-market">
            {intl.formatMessage(inverted ? m.aboveMarket : m.belowMarket, {
              percent: formatPercent(warning.percent / 100).replace(/^[+-]/, ''),
            })}
          </p>
        ) : null}
        {capacity !== 'ok' ? (
          <p className={styles.warning} data-testid="limit-open-orders-warning">
            {intl.formatMessage(capacity === 'full' ? m.openOrdersFull : m.openOrdersNear, {
              count: openOrders,
              max: MAX_OPEN_LIMIT_ORDERS,
            })}
          </p>
        ) : null}
        {errorText ? (
          <p className={styles.error} data-testid="limit-error" role="alert">
            {errorText}
          </p>
        ) : null}
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
      <Dialog
        open={reviewing}
        onClose={closeReview}
        label={intl.formatMessage(m.reviewTitle)}
        className={styles.dialog}
        data-testid="limit-review"
      >
        <h2 className={styles.dialogTitle}>{intl.formatMessage(m.reviewTitle)}</h2>
        {inputToken && outputToken && amountIn && amountOut ? (
          <>
            <div className={styles.reviewSide}>
              <span className={styles.muted}>{intl.formatMessage(m.youSell)}</span>
              <span className={styles.reviewAmount}>
                {formatTokenAmount(amountIn, decIn, { locale: intl.locale })} {inputToken.symbol}
              </span>
            </div>
            <div className={styles.reviewSide}>
              <span className={styles.muted}>{intl.formatMessage(m.youReceiveAtLeast)}</span>
              <span className={styles.reviewAmount} data-testid="limit-review-output">
                {formatTokenAmount(amountOut, decOut, { locale: intl.locale })} {outputToken.symbol}
              </span>
            </div>
            <span className={styles.muted}>
              {intl.formatMessage(m.expires, {
                date: intl.formatDate(deadline * 1000, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </span>
            <p className={styles.muted}>{intl.formatMessage(m.noGas)}</p>
          </>
        ) : null}
        {placing ? (
          <p
            className={styles.statusMessage}
            role="status"
            data-testid="limit-status"
            data-state={placing.step}
            data-tone={placing.step === 'failed' ? 'error' : undefined}
          >
            {placing.step === 'approving'
              ? intl.formatMessage(m.approving, { symbol: inputToken?.symbol ?? '' })
              : placing.step === 'signing'
                ? intl.formatMessage(m.signing)
                : placing.step === 'submitting'
                  ? intl.formatMessage(m.submitting)
                  : placing.step === 'placed'
                    ? intl.formatMessage(m.placed)
                    : intl.formatMessage(failureMessages[placing.reason], {
                        max: MAX_OPEN_LIMIT_ORDERS,
                        symbol: inputToken?.symbol ?? '',
                        reason: intl.formatMessage(sm.unsupportedTokenUnknown),
                      })}
          </p>
        ) : null}
        {placing === null ? (
          <Button data-testid="limit-confirm" onClick={() => void onConfirm()}>
            {intl.formatMessage(m.placeOrder)}
          </Button>
        ) : placing.step === 'placed' || placing.step === 'failed' ? (
          <button type="button" className={styles.secondary} data-testid="limit-close" onClick={closeReview}>
            {intl.formatMessage(sm.close)}
          </button>
        ) : null}
      </Dialog>
    </>
  )
}
