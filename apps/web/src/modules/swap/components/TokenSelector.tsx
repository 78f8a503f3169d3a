/** The token selector dialog: search, network filter, token rows and the confirm/import flow between them. */
import { formatTokenAmount, shortenAddress } from '@oxbow/core'
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { type IntlShape, useIntl } from 'react-intl'
import { useNetworks } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { SkeletonRows, useFocusTrap } from '../../ui/index.ts'
import { useTokenBalances } from '../hooks/useBalances.ts'
import { findToken, importedToSwapToken, type SwapToken, useTokenList } from '../hooks/useTokenList.ts'
import type { Erc20Metadata } from '../services/rpc.ts'
import { addImportedToken } from '../state/importedTokens.ts'
import styles from './TokenSelector.module.css'
import {
  balanceValueUsd,
  hasExplanation,
  importCandidate,
  needsConfirmation,
  notRoutableCause,
  safetyLevel,
  searchTokens,
  sortTokens,
  unselectableReason,
} from './TokenSelectorModel.ts'

import { ConfirmView, Explanation, ImportRow, useImportLookup } from './TokenSelectorPanels.tsx'
import { levelLabel, tokenSelectorMessages as m } from './tokenSelectorMessages.ts'

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
  const networks = useNetworks()
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
          {networks.map((network) => (
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
