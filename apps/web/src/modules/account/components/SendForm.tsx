import { formatTokenAmount, sanitizeAmountInput } from '@oxbow/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetwork, getRuntimeConfig, networkName } from '../../config/index.ts'
import { fxRatesQuery, rateFor, useFiatFormatter } from '../../currency/index.ts'
import { useAddressBlocked, useBlockedAccount } from '../../screening/index.ts'
import { Button } from '../../ui/index.ts'
import {
  addPendingTransaction,
  loadWalletRuntime,
  openConnectDrawer,
  resolvePendingTransaction,
  useWalletState,
} from '../../wallet/index.ts'
import { useActivity, usePortfolio } from '../hooks/useAccountData.ts'
import { useSendChainState } from '../hooks/useSendChainState.ts'
import { useSendRecipient } from '../hooks/useSendRecipient.ts'
import { isNativeToken, sendRequest } from '../services/sendChain.ts'
import { useAccountSettings } from '../state/accountSettings.ts'
import { lowNativeDismissed, setLowNativeDismissed } from '../state/lowNativeInfo.ts'
import {
  amountError,
  flyoutRecipients,
  isNewAddress,
  lookalikeOf,
  reachesNativeBalance,
  recentRecipients,
  recipientProblem,
  sendButton,
  showMax,
} from '../state/sendRules.ts'
import styles from './AccountDrawer.module.css'
import {
  LowNativeDialog,
  RecipientField,
  SendReviewDialog,
  type SendStep,
  SpeedBumpDialog,
} from './SendParts.tsx'
import { FIAT_DECIMALS, parseSendAmount, priceOf, toggledAmountText } from './sendAmount.ts'
import { sendMessages as m, sendButtonMessages } from './sendMessages.ts'

/**
 * The send form (the /send mode of the trade screen, and the drawer's send modal): token row from
 * the account's balances on every network, recipient (address, ENS name or username, whitespace
 * stripped) with the recent-recipient flyout, amount with Max and the fiat/token toggle, the spec's
 * button labels and red amount errors; speed bumps (smart contract, then new address, then a
 * look-alike of a recent recipient), Review, the low-native-token info, then the transfer.
 */
export function SendForm(props: {
  initialChain?: string | null
  initialToken?: string | null
  onSent?: () => void
}) {
  const intl = useIntl()
  const ids = useId()
  const wallet = useWalletState()
  const address = wallet.status === 'connected' ? wallet.address : null
  const settings = useAccountSettings()
  const portfolio = usePortfolio(address, false)
  // Live: a send just made becomes a recent recipient once the indexer lists it.
  const activity = useActivity(address, true)
  const queryClient = useQueryClient()
  const { format, currency } = useFiatFormatter()
  const rates = useQuery(fxRatesQuery(getRuntimeConfig().apiUrl))
  const rate = rateFor(rates.data, currency) ?? 1

  const balances = portfolio.data?.balances ?? []
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const initial = balances.find(
    (b) =>
      (!props.initialChain || b.network === props.initialChain) &&
      (!props.initialToken ||
        b.token.address.toLowerCase() === props.initialToken.toLowerCase() ||
        (props.initialToken.toUpperCase() === b.token.symbol.toUpperCase() && b.token.isNative)),
  )
  const selected = balances.find((b) => b.id === selectedId) ?? initial ?? balances[0]
  const native = selected ? selected.token.isNative || isNativeToken(selected.token.address) : false
  const [recipientText, setRecipientText] = useState('')
  const [amountText, setAmountText] = useState('')
  const [fiatMode, setFiatMode] = useState(false)
  const tokenInput = native || settings.testnetMode || !fiatMode
  const [step, setStep] = useState<SendStep>('form')
  // Speed bumps confirmed for one recipient; another recipient asks again.
  const [confirmedBumps, setConfirmed] = useState({ for: '', contract: false, new: false, lookalike: false })
  const [result, setResult] = useState<{ state: 'confirmed' | 'failed'; hash: string; text: string } | null>(
    null,
  )
  const [flyout, setFlyout] = useState(false)
  /**
   * The send's hash once the wallet sent it: from then on the review can be closed while it is mined
   * (a stuck one can then be sped up or canceled from Activity); its outcome still lands in the form.
   */
  const [submitted, setSubmitted] = useState<string | null>(null)
  const closedWhileSending = useRef(false)
  const sendRun = useRef(0)

  const { recipient, resolved, addressName, recipientName } = useSendRecipient(recipientText)
  const decimals = selected?.token.decimals ?? 18
  const price = priceOf(selected)
  const priceInFiat = price === null ? null : price * rate

  const { amount, tooPrecise } = parseSendAmount(amountText, tokenInput, decimals, priceInFiat)
  const balance = selected ? BigInt(selected.amount) : null
  const recents = useMemo(() => recentRecipients(activity.data ?? []), [activity.data])

  const chainId = selected ? findNetwork(selected.network)?.chainId : undefined
  const chain = useSendChainState(selected, address, resolved, amount)
  const liveBalance = chain.data?.tokenBalance ?? balance
  const error = amountError({
    amount,
    balance: liveBalance,
    nativeBalance: chain.data?.nativeBalance ?? null,
    fee: chain.data?.fee ?? null,
    native,
  })
  const senderBlocked = useBlockedAccount() !== null
  const recipientBlocked = useAddressBlocked(resolved)
  const problem = recipientProblem(resolved, address)
  const button = sendButton({
    recipientProblem: problem,
    senderBlocked,
    recipientBlocked,
    connected: address !== null,
    recipientText,
    resolved,
    amount,
    inputError: error !== null || tooPrecise,
    checking: chain.isFetching && !chain.data,
  })

  const confirmed =
    confirmedBumps.for === resolved
      ? confirmedBumps
      : { for: resolved ?? '', contract: false, new: false, lookalike: false }
  const lookalike = resolved ? lookalikeOf(resolved, recents) : null
  const next = (done: typeof confirmed) => {
    if (!resolved) return
    if (chain.data?.isContract && !done.contract) return setStep('contract')
    if (isNewAddress(resolved, recents) && !done.new) return setStep('new')
    if (lookalike && !done.lookalike) return setStep('lookalike')
    setStep('review')
  }

  const send = async () => {
    if (!selected || !resolved || amount === null || !address || chainId === undefined) return
    if (senderBlocked || recipientBlocked) return // never signed (the button is disabled too)
    if (recipientProblem(resolved, address)) return // the zero address or the sender's own: refused
    setStep('sending')
    setResult(null)
    setSubmitted(null)
    closedWhileSending.current = false
    const run = ++sendRun.current
    // A later send owns the form: an earlier one still being mined only updates the pending list.
    const current = () => run === sendRun.current
    const runtime = await loadWalletRuntime()
    try {
      if (wallet.chainId !== chainId) await runtime.switchNetwork(chainId)
      const request = sendRequest(selected.token.address, resolved, amount)
      const hash = await runtime.sendTransaction({ ...request, chainId })
      addPendingTransaction(address, { hash, chainId, kind: 'send', addedAt: Date.now() })
      if (current()) setSubmitted(hash)
      // Follows a speed-up made from Activity meanwhile; a mined cancel throws.
      const outcome = await runtime.waitForTransaction(chainId, hash)
      resolvePendingTransaction(address, hash, outcome.status)
      void queryClient.invalidateQueries({ queryKey: ['account'] })
      void queryClient.invalidateQueries({ queryKey: ['send-chain'] })
      if (!current()) return
      setSubmitted(null)
      if (outcome.status === 'success') {
        setResult({
          state: 'confirmed',
          hash,
          text: intl.formatMessage(m.sent, {
            amount: formatTokenAmount(amount, decimals, { locale: intl.locale }),
            symbol: selected.token.symbol,
          }),
        })
        // Success: the form resets and fiat input turns on.
        setAmountText('')
        setRecipientText('')
        setFiatMode(true)
        setStep('form')
        props.onSent?.()
      } else {
        setResult({ state: 'failed', hash, text: intl.formatMessage(m.failed) })
        setStep(closedWhileSending.current ? 'form' : 'review')
      }
    } catch (caught) {
      if (!current()) return
      setSubmitted(null)
      setResult({
        state: 'failed',
        hash: '',
        text: caught instanceof Error ? intl.formatMessage(m.failed) : '',
      })
      setStep(closedWhileSending.current ? 'form' : 'review')
    }
  }

  const confirmSend = () => {
    if (
      amount !== null &&
      reachesNativeBalance(native, amount, chain.data?.nativeBalance ?? null) &&
      !lowNativeDismissed()
    ) {
      setStep('lowNative')
      return
    }
    void send()
  }

  const buttonText = sendButtonMessages[button.label]

  const feeText =
    chain.data?.fee == null
      ? '–'
      : `${formatTokenAmount(chain.data.fee, 18, { locale: intl.locale })} ${
          findNetwork(selected?.network)?.nativeSymbol ?? ''
        }`

  const flyoutList = address ? flyoutRecipients(recents) : []
  const switchToggle = () => {
    // Switching converts the amount.
    if (amount !== null && priceInFiat !== null)
      setAmountText(toggledAmountText(amount, decimals, priceInFiat, tokenInput))
    setFiatMode(tokenInput)
  }

  return (
    <section className={styles.send} aria-label={intl.formatMessage(m.title)} data-testid="send-form">
      {result ? (
        <p
          className={result.state === 'confirmed' ? styles.sendOk : styles.sendError}
          role="status"
          data-testid="send-status"
          data-state={result.state}
          data-tx={result.hash}
        >
          {result.text}
        </p>
      ) : null}
      <label className={styles.field}>
        <span>{intl.formatMessage(m.token)}</span>
        <select
          value={selected?.id ?? ''}
          onChange={(event) => {
            setSelectedId(event.target.value)
            setAmountText('')
          }}
          data-testid="send-token"
        >
          {balances.length === 0 ? <option value="">{intl.formatMessage(m.noTokens)}</option> : null}
          {balances.map((b) => (
            <option key={b.id} value={b.id} data-address={b.token.address} data-network={b.network}>
              {b.token.symbol} · {networkName(b.network)} ·{' '}
              {formatTokenAmount(BigInt(b.amount), b.token.decimals, { locale: intl.locale })}
            </option>
          ))}
        </select>
      </label>
      <RecipientField
        id={`${ids}-recipient`}
        value={recipientText}
        onChange={setRecipientText}
        onFocus={() => setFlyout(true)}
        resolved={(recipient.kind === 'ens' || recipient.kind === 'username') && resolved ? resolved : null}
        addressName={addressName}
        blocked={Boolean(resolved && recipientBlocked)}
        problem={problem}
        recents={flyout && recipient.kind === 'empty' ? flyoutList : []}
        onPick={(address) => {
          setRecipientText(address)
          setFlyout(false)
        }}
      />
      <div className={styles.field}>
        <label htmlFor={`${ids}-amount`}>
          {intl.formatMessage(m.amount)} {tokenInput ? (selected?.token.symbol ?? '') : currency}
        </label>
        <input
          id={`${ids}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          aria-invalid={error !== null || tooPrecise || undefined}
          onChange={(event) => {
            const clean = sanitizeAmountInput(event.target.value, tokenInput ? decimals : FIAT_DECIMALS)
            if (clean !== null) setAmountText(clean)
          }}
          data-testid="send-amount"
        />
        <div className={styles.amountTools}>
          {!native && !settings.testnetMode && priceInFiat !== null ? (
            <button
              type="button"
              className={styles.footerButton}
              onClick={switchToggle}
              data-testid="send-toggle"
            >
              {tokenInput
                ? intl.formatMessage(m.showInFiat, { currency })
                : intl.formatMessage(m.showInToken, { symbol: selected?.token.symbol ?? '' })}
            </button>
          ) : null}
          {amount !== null && priceInFiat !== null && tokenInput ? (
            <span className={styles.muted}>{format((Number(amount) / 10 ** decimals) * (price ?? 0))}</span>
          ) : null}
          {showMax(liveBalance, amount) ? (
            <button
              type="button"
              className={styles.footerButton}
              onClick={() => {
                if (liveBalance === null) return
                setFiatMode(false)
                setAmountText(
                  formatTokenAmount(liveBalance, decimals, {
                    locale: 'en-US',
                    significantDigits: 21,
                  }).replace(/,/g, ''),
                )
              }}
            >
              {intl.formatMessage(m.max)}
            </button>
          ) : null}
        </div>
        {error ? (
          <p className={styles.sendError} role="alert" data-testid="send-amount-error" data-code={error}>
            {error === 'INSUFFICIENT_FUNDS'
              ? intl.formatMessage(m.insufficientBalance, { symbol: selected?.token.symbol ?? '' })
              : intl.formatMessage(m.insufficientGas)}
          </p>
        ) : null}
      </div>
      <Button
        disabled={button.disabled || step === 'sending'}
        data-testid="send-button"
        onClick={() => (button.label === 'connect' ? openConnectDrawer() : next(confirmed))}
      >
        {intl.formatMessage(buttonText)}
      </Button>

      <SpeedBumpDialog
        step={step}
        resolved={resolved}
        lookalike={lookalike?.address ?? ''}
        onCancel={() => setStep('form')}
        onContinue={() => {
          const done = {
            ...confirmed,
            [step === 'contract' ? 'contract' : step === 'new' ? 'new' : 'lookalike']: true,
          }
          setConfirmed(done)
          next(done)
        }}
      />
      <SendReviewDialog
        step={step}
        submitted={submitted !== null}
        amount={amount !== null ? formatTokenAmount(amount, decimals, { locale: intl.locale }) : ''}
        symbol={selected?.token.symbol ?? ''}
        network={selected ? networkName(selected.network) : ''}
        resolved={resolved}
        recipientName={recipientName}
        feeText={feeText}
        onClose={() => {
          if (step === 'sending' && !submitted) return
          if (step === 'sending') closedWhileSending.current = true
          setStep('form')
        }}
        onConfirm={confirmSend}
        onCloseWhileSending={() => {
          closedWhileSending.current = true
          setStep('form')
        }}
        onCancel={() => setStep('form')}
      />
      <LowNativeDialog
        open={step === 'lowNative'}
        symbol={selected?.token.symbol ?? ''}
        onClose={() => setStep('review')}
        onUnderstand={() => {
          setLowNativeDismissed()
          void send()
        }}
      />
    </section>
  )
}
