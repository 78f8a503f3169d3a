import { formatTokenAmount, parseAmountInput, sanitizeAmountInput } from '@oxbow/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetwork, getRuntimeConfig, networkName } from '../../config/index.ts'
import { fxRatesQuery, rateFor, useFiatFormatter } from '../../currency/index.ts'
import { useAddressName, useEnsAddress, useUsernameProfile } from '../../identity/index.ts'
import { screeningMessages, useAddressBlocked, useBlockedAccount } from '../../screening/index.ts'
import { Button, Dialog } from '../../ui/index.ts'
import {
  addPendingTransaction,
  loadWalletRuntime,
  openConnectDrawer,
  resolvePendingTransaction,
  useWalletState,
} from '../../wallet/index.ts'
import { useActivity, usePortfolio } from '../hooks/useAccountData.ts'
import type { PortfolioBalance } from '../services/portfolioData.ts'
import { isNativeToken, readSendChainState, sendRequest } from '../services/sendChain.ts'
import { useAccountSettings } from '../state/accountSettings.ts'
import { lowNativeDismissed, setLowNativeDismissed } from '../state/lowNativeInfo.ts'
import {
  amountError,
  flyoutRecipients,
  isNewAddress,
  lookalikeOf,
  parseRecipient,
  reachesNativeBalance,
  recentRecipients,
  sendButton,
  showMax,
} from '../state/sendRules.ts'
import styles from './AccountDrawer.module.css'
import { sendMessages as m } from './sendMessages.ts'

type Step = 'form' | 'contract' | 'new' | 'lookalike' | 'review' | 'lowNative' | 'sending'

const FIAT_DECIMALS = 6

function priceOf(balance: PortfolioBalance | undefined): number | null {
  if (!balance || balance.valueUsd === null) return null
  const units = Number(balance.amount) / 10 ** balance.token.decimals
  return units > 0 ? Number(balance.valueUsd) / units : null
}

/** Token units for a fiat amount at `price` (fiat per token), at the token's precision. */
function fiatToUnits(fiat: number, price: number, decimals: number): bigint | null {
  if (!(price > 0) || !Number.isFinite(fiat)) return null
  const tokens = fiat / price
  if (!Number.isFinite(tokens) || tokens > 1e30) return null
  try {
    return parseAmountInput(tokens.toFixed(Math.min(decimals, 20)), decimals)
  } catch {
    return null
  }
}

/** A recent recipient: its name (username, else ENS) over the address when it has one. */
function RecipientAddress(props: { address: string }) {
  const name = useAddressName(props.address)
  return (
    <span className={styles.rowMain}>
      {name ? <strong data-testid="send-recent-name">{name}</strong> : null}
      <span className={styles.address}>{props.address}</span>
    </span>
  )
}

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
  const [step, setStep] = useState<Step>('form')
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

  const recipient = parseRecipient(recipientText)
  // An ENS name resolves through the registry the runtime config names (the devnet's locally); a
  // username through the API's profiles (apps/api /v1/usernames).
  const ens = useEnsAddress(recipient.kind === 'ens' ? recipient.name : undefined)
  const username = useUsernameProfile(recipient.kind === 'username' ? recipient.name : undefined)
  const resolved =
    recipient.kind === 'address'
      ? recipient.address
      : recipient.kind === 'ens'
        ? (ens.address ?? null)
        : recipient.kind === 'username'
          ? (username.profile?.address ?? null)
          : null
  const decimals = selected?.token.decimals ?? 18
  const price = priceOf(selected)
  const priceInFiat = price === null ? null : price * rate

  let amount: bigint | null = null
  let tooPrecise = false
  if (amountText.trim() !== '') {
    try {
      amount = tokenInput
        ? parseAmountInput(amountText, decimals)
        : priceInFiat === null
          ? null
          : fiatToUnits(
              Number(parseAmountInput(amountText, FIAT_DECIMALS)) / 10 ** FIAT_DECIMALS,
              priceInFiat,
              decimals,
            )
    } catch {
      tooPrecise = true
    }
  }
  const balance = selected ? BigInt(selected.amount) : null
  const recents = useMemo(() => recentRecipients(activity.data ?? []), [activity.data])

  const chainId = selected ? findNetwork(selected.network)?.chainId : undefined
  const chain = useQuery({
    queryKey: [
      'send-chain',
      selected?.network,
      address,
      selected?.token.address,
      resolved,
      String(amount ?? 0n),
    ],
    queryFn: ({ signal }) =>
      readSendChainState(
        selected?.network ?? '',
        address ?? '0x',
        selected?.token.address ?? '',
        resolved ?? address ?? '0x',
        amount ?? 0n,
        signal,
      ),
    enabled: Boolean(selected && address),
    staleTime: 4000,
    retry: 1,
  })
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
  // The spec's validated recipient: an address typed shows its name (username, else ENS); a name
  // typed shows the address it resolves to. Names are text.
  const resolvedName = useAddressName(resolved)
  const recipientName =
    recipient.kind === 'address'
      ? resolvedName
      : recipient.kind === 'ens' || recipient.kind === 'username'
        ? recipient.name
        : null
  const button = sendButton({
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

  const buttonText = {
    connect: m.connectWallet,
    noRecipient: m.selectRecipient,
    invalidRecipient: m.invalidRecipient,
    noAmount: m.enterAmount,
    blocked: screeningMessages.button,
    recipientBlocked: screeningMessages.button,
    send: m.review,
  }[button.label]

  const feeText =
    chain.data?.fee == null
      ? '–'
      : `${formatTokenAmount(chain.data.fee, 18, { locale: intl.locale })} ${
          findNetwork(selected?.network)?.nativeSymbol ?? ''
        }`

  const flyoutList = address ? flyoutRecipients(recents) : []
  const switchToggle = () => {
    // Switching converts the amount.
    if (amount !== null && priceInFiat !== null) {
      if (tokenInput) {
        const fiat = (Number(amount) / 10 ** decimals) * priceInFiat
        setAmountText(fiat.toFixed(FIAT_DECIMALS).replace(/\.?0+$/, ''))
      } else
        setAmountText(
          formatTokenAmount(amount, decimals, { locale: 'en-US', significantDigits: 21 }).replace(/,/g, ''),
        )
    }
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
      <div className={styles.field}>
        <label htmlFor={`${ids}-recipient`}>{intl.formatMessage(m.recipient)}</label>
        <input
          id={`${ids}-recipient`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={intl.formatMessage(m.recipientPlaceholder)}
          value={recipientText}
          onFocus={() => setFlyout(true)}
          onChange={(event) => setRecipientText(event.target.value)}
          data-testid="send-recipient"
        />
        {(recipient.kind === 'ens' || recipient.kind === 'username') && resolved ? (
          <span className={styles.muted} data-testid="send-recipient-resolved">
            {resolved}
          </span>
        ) : null}
        {recipient.kind === 'address' && resolvedName ? (
          <span className={styles.muted} data-testid="send-recipient-name">
            {resolvedName}
          </span>
        ) : null}
        {resolved && recipientBlocked ? (
          <p className={styles.sendError} role="alert" data-testid="send-recipient-blocked">
            {intl.formatMessage(screeningMessages.recipient)}
          </p>
        ) : null}
        {flyout && recipient.kind === 'empty' && flyoutList.length > 0 ? (
          <ul className={styles.flyout} aria-label={intl.formatMessage(m.recent)}>
            {flyoutList.map((recent) => (
              <li key={recent.address}>
                <button
                  type="button"
                  className={styles.navRow}
                  onClick={() => {
                    setRecipientText(recent.address)
                    setFlyout(false)
                  }}
                >
                  <RecipientAddress address={recent.address} />
                  <span className={styles.muted}>
                    {intl.formatMessage(m.sendCount, { count: recent.count })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
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

      <Dialog
        open={step === 'contract' || step === 'new' || step === 'lookalike'}
        onClose={() => setStep('form')}
        label={intl.formatMessage(
          step === 'contract' ? m.contractTitle : step === 'new' ? m.newAddressTitle : m.lookalikeTitle,
        )}
        className={styles.modal}
        data-testid={`send-speedbump-${step}`}
      >
        <h2>
          {intl.formatMessage(
            step === 'contract' ? m.contractTitle : step === 'new' ? m.newAddressTitle : m.lookalikeTitle,
          )}
        </h2>
        <p>
          {step === 'contract'
            ? intl.formatMessage(m.contractBody)
            : step === 'new'
              ? intl.formatMessage(m.newAddressBody)
              : intl.formatMessage(m.lookalikeBody, { known: lookalike?.address ?? '' })}
        </p>
        {resolved ? <code className={styles.address}>{resolved}</code> : null}
        <div className={styles.modalActions}>
          <Button
            onClick={() => {
              const done = {
                ...confirmed,
                [step === 'contract' ? 'contract' : step === 'new' ? 'new' : 'lookalike']: true,
              }
              setConfirmed(done)
              next(done)
            }}
          >
            {intl.formatMessage(m.continue)}
          </Button>
          <Button variant="secondary" onClick={() => setStep('form')}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={step === 'review' || step === 'sending'}
        onClose={() => {
          if (step === 'sending' && !submitted) return
          if (step === 'sending') closedWhileSending.current = true
          setStep('form')
        }}
        label={intl.formatMessage(m.reviewTitle)}
        className={styles.modal}
        data-testid="send-review"
      >
        <h2>{intl.formatMessage(m.reviewTitle)}</h2>
        <p className={styles.reviewAmount}>
          {amount !== null ? formatTokenAmount(amount, decimals, { locale: intl.locale }) : ''}{' '}
          {selected?.token.symbol} · {selected ? networkName(selected.network) : ''}
        </p>
        <p>
          {intl.formatMessage(m.to)}{' '}
          {recipientName ? <strong data-testid="send-review-name">{recipientName} </strong> : null}
          <code className={styles.address}>{resolved}</code>
        </p>
        <p className={styles.muted}>
          {intl.formatMessage(m.networkCost)}: {feeText}
        </p>
        <div className={styles.modalActions}>
          <Button
            onClick={confirmSend}
            disabled={step === 'sending'}
            aria-busy={step === 'sending' || undefined}
            data-testid="send-confirm"
          >
            {intl.formatMessage(step === 'sending' ? m.sending : m.confirm)}
          </Button>
          {step === 'sending' && submitted ? (
            <Button
              variant="secondary"
              data-testid="send-review-close"
              onClick={() => {
                closedWhileSending.current = true
                setStep('form')
              }}
            >
              {intl.formatMessage(m.close)}
            </Button>
          ) : (
            <Button variant="secondary" disabled={step === 'sending'} onClick={() => setStep('form')}>
              {intl.formatMessage(m.cancel)}
            </Button>
          )}
        </div>
      </Dialog>

      <Dialog
        open={step === 'lowNative'}
        onClose={() => setStep('review')}
        label={intl.formatMessage(m.lowNativeTitle, { symbol: selected?.token.symbol ?? '' })}
        className={styles.modal}
      >
        <h2>{intl.formatMessage(m.lowNativeTitle, { symbol: selected?.token.symbol ?? '' })}</h2>
        <p>{intl.formatMessage(m.lowNativeBody, { symbol: selected?.token.symbol ?? '' })}</p>
        <div className={styles.modalActions}>
          <Button
            onClick={() => {
              setLowNativeDismissed()
              void send()
            }}
          >
            {intl.formatMessage(m.understand)}
          </Button>
        </div>
      </Dialog>
    </section>
  )
}

/** The send modal opened from the account drawer (max width 420). */
export function SendModal(props: { open: boolean; onClose: () => void }) {
  const intl = useIntl()
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      label={intl.formatMessage(m.title)}
      className={styles.modal}
      data-testid="send-modal"
    >
      <header className={styles.viewHead}>
        <h2>{intl.formatMessage(m.title)}</h2>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={intl.formatMessage(m.close)}
          onClick={props.onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <SendForm />
    </Dialog>
  )
}
