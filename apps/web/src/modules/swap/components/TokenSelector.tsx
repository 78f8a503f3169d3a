import { formatTokenAmount, shortenAddress } from '@oxbow/core'
import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { type IntlShape, useIntl } from 'react-intl'
import { defineMessages } from '../../../lib/messages.ts'
import { getNetworks, networkName } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { SkeletonRows, useFocusTrap } from '../../ui/index.ts'
import { useTokenBalances } from '../hooks/useBalances.ts'
import { findToken, importedToSwapToken, type SwapToken, useTokenList } from '../hooks/useTokenList.ts'
import { type Erc20Metadata, RpcError, readErc20Metadata } from '../services/rpc.ts'
import { addImportedToken, validateImportedToken } from '../state/importedTokens.ts'
import styles from './TokenSelector.module.css'
import {
  balanceValueUsd,
  hasExplanation,
  importCandidate,
  needsConfirmation,
  notRoutableCause,
  type SafetyLevel,
  safetyLevel,
  searchTokens,
  sortTokens,
  unselectableReason,
} from './TokenSelectorModel.ts'

const m = defineMessages({
  title: { id: 'swap.selector.title', defaultMessage: 'Select a token' },
  search: { id: 'swap.selector.search', defaultMessage: 'Search name, symbol or address' },
  close: { id: 'swap.selector.close', defaultMessage: 'Close' },
  network: { id: 'swap.selector.network', defaultMessage: 'Chain filter' },
  loading: { id: 'swap.selector.loading', defaultMessage: 'Loading tokens' },
  loadError: { id: 'swap.selector.loadError', defaultMessage: "Couldn't load tokens" },
  balancesError: { id: 'swap.selector.balancesError', defaultMessage: "Couldn't load token balances" },
  retry: { id: 'swap.selector.retry', defaultMessage: 'Retry' },
  empty: { id: 'swap.selector.empty', defaultMessage: 'No tokens found' },
  tokens: { id: 'swap.selector.tokens', defaultMessage: 'Tokens' },
  imported: { id: 'swap.selector.imported', defaultMessage: 'Imported' },
  selected: { id: 'swap.selector.selected', defaultMessage: 'Selected' },
  other: { id: 'swap.selector.other', defaultMessage: 'Selected on the other side' },
  notRoutable: { id: 'swap.selector.notRoutable', defaultMessage: "Can't be swapped: {reason}" },
  reasonFee: {
    id: 'swap.selector.reason.fee',
    defaultMessage:
      'a fee-on-transfer token ({fee} taken on every transfer), so quotes would not match what arrives',
  },
  reasonHoneypot: {
    id: 'swap.selector.reason.honeypot',
    defaultMessage: 'a honeypot token, it can be bought but not sold',
  },
  reasonFlagged: { id: 'swap.selector.reason.flagged', defaultMessage: 'the token is marked {level}' },
  reasonOther: { id: 'swap.selector.reason.other', defaultMessage: 'the router does not trade it' },
  blocked: { id: 'swap.selector.level.blocked', defaultMessage: 'Blocked' },
  malicious: { id: 'swap.selector.level.malicious', defaultMessage: 'Malicious' },
  honeypot: { id: 'swap.selector.level.honeypot', defaultMessage: 'Honeypot' },
  spam: { id: 'swap.selector.level.spam', defaultMessage: 'Spam' },
  impersonator: { id: 'swap.selector.level.impersonator', defaultMessage: 'Impersonator' },
  medium: { id: 'swap.selector.level.medium', defaultMessage: 'Caution' },
  unverified: { id: 'swap.selector.level.unverified', defaultMessage: 'Unverified' },
  explainBlocked: {
    id: 'swap.selector.explain.blocked',
    defaultMessage: 'This token is blocked and cannot be traded.',
  },
  explainMalicious: {
    id: 'swap.selector.explain.malicious',
    defaultMessage: 'This token is flagged as malicious. Trading it could lose your funds.',
  },
  explainHoneypot: {
    id: 'swap.selector.explain.honeypot',
    defaultMessage: 'This token is a honeypot: it can be bought but not sold.',
  },
  explainSpam: {
    id: 'swap.selector.explain.spam',
    defaultMessage: 'This token is flagged as spam. It may be used to lure you to scam sites.',
  },
  explainImpersonator: {
    id: 'swap.selector.explain.impersonator',
    defaultMessage: 'This token impersonates another token. Check its address before trading.',
  },
  explainMedium: {
    id: 'swap.selector.explain.medium',
    defaultMessage: 'This token has a safety warning. Trade with caution.',
  },
  explainFee: {
    id: 'swap.selector.explain.fee',
    defaultMessage: '{fee} of every transfer is taken as a fee.',
  },
  explainUnverified: {
    id: 'swap.selector.explain.unverified',
    defaultMessage: "This token isn't on the token list.",
  },
  warningTitle: { id: 'swap.selector.warning.title', defaultMessage: 'Token warning' },
  warningContinue: { id: 'swap.selector.warning.continue', defaultMessage: 'Continue' },
  back: { id: 'swap.selector.back', defaultMessage: 'Back' },
  lookingUp: { id: 'swap.selector.import.lookingUp', defaultMessage: 'Looking up token…' },
  notToken: {
    id: 'swap.selector.import.notToken',
    defaultMessage: 'No token found at this address on {network}',
  },
  readFailed: {
    id: 'swap.selector.import.readFailed',
    defaultMessage: "Couldn't read this token. Try again.",
  },
  importButton: { id: 'swap.selector.import.button', defaultMessage: 'Import' },
  importTitle: { id: 'swap.selector.import.title', defaultMessage: 'Import token' },
  importWarning: {
    id: 'swap.selector.import.warning',
    defaultMessage:
      "This token isn't on the token list and could be a scam. Anyone can create a token, including fake versions of existing tokens. Make sure this is the token you want to trade.",
  },
  importConfirm: { id: 'swap.selector.import.confirm', defaultMessage: 'I understand, import' },
})

const levelLabel: Record<Exclude<SafetyLevel, 'verified'>, (typeof m)[keyof typeof m]> = {
  blocked: m.blocked,
  malicious: m.malicious,
  honeypot: m.honeypot,
  spam: m.spam,
  impersonator: m.impersonator,
  medium: m.medium,
  unverified: m.unverified,
}
const levelExplanation: Record<Exclude<SafetyLevel, 'verified'>, (typeof m)[keyof typeof m]> = {
  blocked: m.explainBlocked,
  malicious: m.explainMalicious,
  honeypot: m.explainHoneypot,
  spam: m.explainSpam,
  impersonator: m.explainImpersonator,
  medium: m.explainMedium,
  unverified: m.explainUnverified,
}

export interface TokenSelectorProps {
  readonly open: boolean
  /** The swap form's network; the list shows its tokens. */
  readonly chain: string
  /** Connected account (balances per row), or null. */
  readonly account: string | null
  /** The token of the field being chosen (address, or symbol / 'ETH'). */
  readonly selected?: string | undefined
  /** The token of the other field, marked in the list. */
  readonly other?: string | undefined
  readonly onSelect: (token: SwapToken) => void
  readonly onClose: () => void
  /** Choosing another network in the filter: the form switches network. Without it, the filter only filters. */
  readonly onChainChange?: ((slug: string) => void) | undefined
}

/**
 * The token selector: a modal dialog (Escape and backdrop close) with a search field (name, symbol
 * or address; ArrowUp/ArrowDown/Enter move and choose), a network filter, rows with balances and
 * safety badges, confirmation before a token with a warning, and importing an unlisted token by
 * address behind a scam warning. Token names and symbols are rendered as text only.
 */
export function TokenSelector(props: TokenSelectorProps) {
  // Not in the DOM while closed: present means open (simpler for tests and screen readers).
  return props.open ? <OpenSelector {...props} /> : null
}

function OpenSelector(props: TokenSelectorProps) {
  const intl = useIntl()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useFocusTrap(ref, true)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.open) return
    dialog.showModal()
    // showModal focuses the first focusable element (the close button): the search field comes first.
    dialog.querySelector<HTMLInputElement>('[data-testid="token-search"]')?.focus()
    return () => dialog.close()
  }, [])
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click closes; Escape is the keyboard path (cancel event)
    <dialog
      ref={ref}
      className={styles.dialog}
      // The explicit role is the DOM contract the e2e tests select by.
      // biome-ignore lint/a11y/noRedundantRoles: see above
      role="dialog"
      aria-labelledby={titleId}
      data-testid="token-selector"
      onCancel={(event) => {
        event.preventDefault()
        props.onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) props.onClose()
      }}
    >
      <SelectorBody {...props} titleId={titleId} title={intl.formatMessage(m.title)} />
    </dialog>
  )
}

type Pending = { kind: 'warning'; token: SwapToken } | { kind: 'import'; metadata: Erc20Metadata }

function SelectorBody(props: TokenSelectorProps & { titleId: string; title: string }) {
  const intl = useIntl()
  const fiat = useFiatFormatter()
  const [query, setQuery] = useState('')
  const [viewChain, setViewChain] = useState(props.chain)
  const [active, setActive] = useState(0)
  const [pending, setPending] = useState<Pending | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = useId()

  // The form changed network (e.g. after onChainChange): follow it.
  useEffect(() => setViewChain(props.chain), [props.chain])

  const list = useTokenList(viewChain)
  const addresses = useMemo(() => list.tokens.map((token) => token.address), [list.tokens])
  const { balances, error: balancesError } = useTokenBalances(viewChain, props.account, addresses)
  const sorted = useMemo(
    () => sortTokens(list.tokens, props.account ? balances : undefined),
    [list.tokens, balances, props.account],
  )
  const results = useMemo(() => searchTokens(sorted, query), [sorted, query])
  const candidate = importCandidate(list.tokens, query)
  const importLookup = useImportLookup(viewChain, candidate)
  const selectedAddress = props.selected
    ? findToken(list.tokens, props.selected)?.address.toLowerCase()
    : undefined
  const otherAddress = props.other ? findToken(list.tokens, props.other)?.address.toLowerCase() : undefined

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the highlight when the query or network changes
  useEffect(() => setActive(0), [query, viewChain])
  useEffect(() => {
    if (pending === null) inputRef.current?.focus()
  }, [pending])
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' })
  }, [active, listId])

  const choose = (token: SwapToken | undefined) => {
    if (!token || unselectableReason(token)) return
    if (needsConfirmation(token)) setPending({ kind: 'warning', token })
    else props.onSelect(token)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setActive((index) => Math.min(index + 1, Math.max(results.length - 1, 0)))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => Math.max(index - 1, 0))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const importable = importLookup.metadata
      if (results.length === 0 && candidate && importable)
        setPending({ kind: 'import', metadata: importable })
      else choose(results[active])
    }
  }

  const changeNetwork = (slug: string) => {
    if (props.onChainChange && slug !== props.chain) props.onChainChange(slug)
    else setViewChain(slug)
  }

  const header = (
    <div className={styles.head}>
      <h2 id={props.titleId} className={styles.title}>
        {props.title}
      </h2>
      <button
        type="button"
        className={styles.close}
        onClick={props.onClose}
        aria-label={intl.formatMessage(m.close)}
      >
        ×
      </button>
    </div>
  )

  if (pending?.kind === 'warning') {
    const level = safetyLevel(pending.token)
    return (
      <div className={styles.body}>
        {header}
        <ConfirmView
          title={intl.formatMessage(m.warningTitle)}
          token={pending.token}
          level={level}
          onBack={() => setPending(null)}
          confirmLabel={intl.formatMessage(m.warningContinue)}
          confirmTestId="token-warning-confirm"
          onConfirm={() => props.onSelect(pending.token)}
        >
          <Explanation token={pending.token} level={level} />
        </ConfirmView>
      </div>
    )
  }
  if (pending?.kind === 'import') {
    const token = importedToSwapToken(pending.metadata)
    return (
      <div className={styles.body}>
        {header}
        <ConfirmView
          title={intl.formatMessage(m.importTitle)}
          token={token}
          level="unverified"
          onBack={() => setPending(null)}
          confirmLabel={intl.formatMessage(m.importConfirm)}
          confirmTestId="token-import-confirm"
          onConfirm={() => {
            addImportedToken(viewChain, pending.metadata)
            props.onSelect(token)
          }}
        >
          <p className={styles.explanation} data-level="unverified">
            {intl.formatMessage(m.importWarning)}
          </p>
        </ConfirmView>
      </div>
    )
  }

  const activeId = results.length > 0 ? `${listId}-${Math.min(active, results.length - 1)}` : undefined
  return (
    <div className={styles.body}>
      {header}
      <div className={styles.controls}>
        <input
          ref={inputRef}
          className={styles.search}
          type="text"
          data-testid="token-search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={intl.formatMessage(m.search)}
          aria-label={intl.formatMessage(m.search)}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-autocomplete="list"
          autoComplete="off"
          spellCheck={false}
        />
        <select
          className={styles.network}
          value={viewChain}
          onChange={(event) => changeNetwork(event.target.value)}
          aria-label={intl.formatMessage(m.network)}
        >
          {getNetworks().map((network) => (
            <option key={network.slug} value={network.slug}>
              {network.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.scroll}>
        {props.account && balancesError && list.tokens.length > 0 ? (
          <p className={styles.notice} role="status">
            {intl.formatMessage(m.balancesError)}
          </p>
        ) : null}
        {candidate ? (
          <ImportRow
            chain={viewChain}
            lookup={importLookup.lookup}
            metadata={importLookup.metadata}
            onImport={(metadata) => setPending({ kind: 'import', metadata })}
          />
        ) : null}
        {list.isLoading ? (
          <SkeletonRows count={6} label={intl.formatMessage(m.loading)} />
        ) : list.error && list.tokens.length === 0 ? (
          <div className={styles.state} role="alert">
            <span>{intl.formatMessage(m.loadError)}</span>
            <button type="button" className={styles.retry} onClick={list.refetch}>
              {intl.formatMessage(m.retry)}
            </button>
          </div>
        ) : results.length === 0 && !candidate ? (
          <p className={styles.state}>{intl.formatMessage(m.empty)}</p>
        ) : (
          <div id={listId} className={styles.list} role="listbox" aria-label={intl.formatMessage(m.tokens)}>
            {results.map((token, index) => {
              const address = token.address.toLowerCase()
              const level = safetyLevel(token)
              const reason = unselectableReason(token)
              const balance = props.account ? balances.get(address) : undefined
              const value = balanceValueUsd(token, balance)
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard choice is ArrowUp/ArrowDown/Enter in the search field (combobox)
                <div
                  key={address}
                  id={`${listId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  aria-disabled={reason !== undefined}
                  className={styles.row}
                  data-testid="token-option"
                  data-address={address}
                  data-symbol={token.symbol}
                  data-current={
                    address === selectedAddress ? 'selected' : address === otherAddress ? 'other' : undefined
                  }
                  onClick={() => choose(token)}
                  onMouseMove={() => setActive(index)}
                >
                  <span className={styles.logo} aria-hidden="true">
                    {Array.from(token.symbol)[0] ?? '?'}
                  </span>
                  <span className={styles.info}>
                    <span className={styles.line}>
                      <span className={styles.symbol}>{token.symbol}</span>
                      {level !== 'verified' ? (
                        <span className={styles.badge} data-testid="token-warning" data-level={level}>
                          {intl.formatMessage(levelLabel[level])}
                        </span>
                      ) : null}
                      {token.imported ? (
                        <span className={styles.tag}>{intl.formatMessage(m.imported)}</span>
                      ) : null}
                      {address === selectedAddress ? (
                        <span className={styles.tag}>{intl.formatMessage(m.selected)}</span>
                      ) : address === otherAddress ? (
                        <span className={styles.tag}>{intl.formatMessage(m.other)}</span>
                      ) : null}
                    </span>
                    <span className={styles.name}>
                      {token.name}
                      {token.imported ? ` · ${shortenAddress(token.address)}` : ''}
                    </span>
                    {hasExplanation(level) ? <Explanation token={token} level={level} /> : null}
                    {token.notRoutable ? (
                      <span className={styles.reason} data-testid="token-not-routable">
                        {intl.formatMessage(m.notRoutable, { reason: notRoutableReason(intl, token) })}
                      </span>
                    ) : null}
                  </span>
                  {balance !== undefined && balance > 0n ? (
                    <span className={styles.balance}>
                      <span>{formatTokenAmount(balance, token.decimals, { locale: intl.locale })}</span>
                      {value > 0 ? <span className={styles.value}>{fiat.format(value)}</span> : null}
                    </span>
                  ) : null}
                </div>
              )
            })}
          </div>
        )}
      </div>
    </div>
  )
}

/** Why the router refuses `token`, in the active language (undefined when it does not). */
export function notRoutableReason(intl: IntlShape, token: SwapToken): string | undefined {
  const cause = notRoutableCause(token)
  if (cause === undefined) return undefined
  if (cause === 'feeOnTransfer')
    return intl.formatMessage(m.reasonFee, {
      fee: intl.formatNumber(token.transferFeeBps / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
    })
  if (cause === 'honeypot') return intl.formatMessage(m.reasonHoneypot)
  if (cause === 'flagged') {
    const level = safetyLevel(token)
    return intl.formatMessage(m.reasonFlagged, {
      level: intl.formatMessage(levelLabel[level === 'verified' ? 'medium' : level]),
    })
  }
  return intl.formatMessage(m.reasonOther)
}

function Explanation({ token, level }: { token: SwapToken; level: SafetyLevel }) {
  const intl = useIntl()
  if (level === 'verified') return null
  const fee =
    token.transferFeeBps > 0
      ? intl.formatMessage(m.explainFee, {
          fee: intl.formatNumber(token.transferFeeBps / 10_000, {
            style: 'percent',
            maximumFractionDigits: 2,
          }),
        })
      : ''
  return (
    <span className={styles.explanation} data-level={level}>
      {intl.formatMessage(levelExplanation[level])}
      {fee ? ` ${fee}` : ''}
    </span>
  )
}

function ConfirmView(props: {
  title: string
  token: SwapToken
  level: SafetyLevel
  confirmLabel: string
  confirmTestId: string
  onBack: () => void
  onConfirm: () => void
  children: ReactNode
}) {
  const intl = useIntl()
  const backRef = useRef<HTMLButtonElement>(null)
  // Focus goes to Back, not to the risky action: Enter does not confirm by accident.
  useEffect(() => backRef.current?.focus(), [])
  return (
    <div className={styles.confirm}>
      <h3 className={styles.confirmTitle}>
        {props.title}
        {props.level !== 'verified' ? (
          <span className={styles.badge} data-testid="token-warning" data-level={props.level}>
            {intl.formatMessage(levelLabel[props.level])}
          </span>
        ) : null}
      </h3>
      <div className={styles.confirmToken}>
        <span className={styles.symbol}>{props.token.symbol}</span>
        <span className={styles.name}>{props.token.name}</span>
        <code className={styles.address}>{props.token.address}</code>
      </div>
      {props.children}
      <div className={styles.actions}>
        <button ref={backRef} type="button" className={styles.secondary} onClick={props.onBack}>
          {intl.formatMessage(m.back)}
        </button>
        <button
          type="button"
          className={styles.danger}
          data-testid={props.confirmTestId}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
      </div>
    </div>
  )
}

/** Reads an unlisted address's token metadata on chain (for the import row); idle without an address. */
function useImportLookup(chain: string, address: string | undefined) {
  const lookup = useQuery({
    queryKey: ['erc20Metadata', chain, address?.toLowerCase()],
    queryFn: ({ signal }) => readErc20Metadata(chain, address ?? '', { signal }),
    enabled: address !== undefined,
    staleTime: 60_000,
    retry: false,
  })
  // Cached lookups are restored from storage on start: checked again, with the import's own rules.
  return { lookup, metadata: lookup.isSuccess ? validateImportedToken(lookup.data) : undefined }
}

function ImportRow(props: {
  chain: string
  lookup: ReturnType<typeof useImportLookup>['lookup']
  metadata: Erc20Metadata | undefined
  onImport: (metadata: Erc20Metadata) => void
}) {
  const intl = useIntl()
  const { lookup, metadata } = props
  if (lookup.isPending) return <p className={styles.state}>{intl.formatMessage(m.lookingUp)}</p>
  if (lookup.isError) {
    const notToken =
      lookup.error instanceof RpcError &&
      (lookup.error.code === 'NOT_A_CONTRACT' || lookup.error.code === 'NOT_A_TOKEN')
    return (
      <div className={styles.state} role="alert">
        {notToken ? (
          <span>{intl.formatMessage(m.notToken, { network: networkName(props.chain) })}</span>
        ) : (
          <>
            <span>{intl.formatMessage(m.readFailed)}</span>
            <button type="button" className={styles.retry} onClick={() => void lookup.refetch()}>
              {intl.formatMessage(m.retry)}
            </button>
          </>
        )}
      </div>
    )
  }
  if (!metadata) return <p className={styles.state}>{intl.formatMessage(m.readFailed)}</p>
  return (
    <div className={styles.importRow}>
      <span className={styles.logo} aria-hidden="true">
        {Array.from(metadata.symbol)[0] ?? '?'}
      </span>
      <span className={styles.info}>
        <span className={styles.line}>
          <span className={styles.symbol}>{metadata.symbol}</span>
          <span className={styles.badge} data-level="unverified">
            {intl.formatMessage(m.unverified)}
          </span>
        </span>
        <span className={styles.name}>
          {metadata.name} · {shortenAddress(metadata.address)}
        </span>
      </span>
      <button
        type="button"
        className={styles.importButton}
        data-testid="token-import"
        onClick={() => props.onImport(metadata)}
      >
        {intl.formatMessage(m.importButton)}
      </button>
    </div>
  )
}
