import {
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useLocation } from 'react-router'
import type { loadAccountDrawer } from '../../account/index.ts'
import { useNetworks } from '../../config/index.ts'
import { useFeatureFlags, useNftsEnabled } from '../../flags/index.ts'
import { Button, SkeletonRows, useFocusTrap } from '../../ui/index.ts'
import { openAccountDrawer, useWalletState } from '../../wallet/index.ts'
import { usePopularNftCollections, useSearchResults, useTrending } from '../hooks/useSearchData.ts'
import { favoriteWallets, useFavorites } from '../state/favorites.ts'
import { addRecentSearch, useRecentSearches } from '../state/recentSearches.ts'
import { closeSearch } from '../state/searchStore.ts'
import styles from './SearchModal.module.css'
import { searchResultRows } from './SearchResultRows.tsx'
import { useWalletRows } from './SearchWalletRows.tsx'
import { searchMessages as m } from './searchMessages.ts'
import { recentPath, type Section, sectionsFor, type Tab } from './searchSections.ts'

export interface SearchDialogProps {
  /**
   * The account drawer's chunk, for its receive modal. The app layout hands it in: a static or
   * dynamic import of account's index from this chunk split account's entry code into a chunk of
   * its own in the initial load of / and /swap (+1 KB gzip).
   */
  loadAccountDrawer: typeof loadAccountDrawer
}

/**
 * The search modal: query field, chain filter, tabs (with pool search on: All, Tokens, Pools,
 * Wallets and, while NFTs are on, NFTs) and the result sections. Before typing: recent searches (this browser's, validated on load), trending
 * tokens and pools (1-day volume) and popular NFT collections; typed queries show the indexer's
 * tokens, pools and NFT collections, and an address nothing else matched as a wallet (its profile
 * opens in a new tab). Rows carry their actions (copy, share, swap, send, buy). ArrowUp/ArrowDown
 * move through the rows, Enter opens the highlighted (or first) one, Escape or the backdrop
 * closes. NFT sections show only when NFTs are on (the nftRoutes flag, and not disableNFTs=true).
 * Page scroll is locked while it is open. Mounted only while open (lazy chunk, see index.ts).
 */
export function SearchDialog(props: SearchDialogProps) {
  const networks = useNetworks()
  const intl = useIntl()
  const { values: flags } = useFeatureFlags()
  // disableNFTs=true hides NFT results too, not only the NFT routes.
  const nfts = useNftsEnabled()
  const { pathname } = useLocation()
  const [query, setQuery] = useState('')
  const [chain, setChain] = useState('')
  const [tab, setTab] = useState<Tab>('all')
  const inputRef = useRef<HTMLInputElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLElement>(null)
  const titleId = useId()
  const { address: account } = useWalletState()
  // The connected wallet's receive modal (the account drawer's); not connected, the drawer's connect view.
  const [receiving, setReceiving] = useState(false)
  const { loadAccountDrawer: loadDrawer } = props
  const ReceiveModal = useMemo(
    () => lazy(() => loadDrawer().then((module) => ({ default: module.ReceiveModal }))),
    [loadDrawer],
  )
  useFocusTrap(dialogRef, !receiving)

  useEffect(() => {
    const root = document.documentElement
    root.setAttribute('data-scroll-locked', '')
    inputRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSearch()
    }
    window.addEventListener('keydown', onKey)
    return () => {
      root.removeAttribute('data-scroll-locked')
      window.removeEventListener('keydown', onKey)
    }
  }, [])

  // A result click navigates; the modal never outlives the page it was opened on (not on mount).
  const openedOn = useRef(pathname)
  useEffect(() => {
    if (pathname !== openedOn.current) closeSearch()
  }, [pathname])

  // The spec's tabs with pool search on: All, Tokens, Pools, and the other kinds Wallets and NFTs
  // (NFTs only while NFTs are on). Without pool search the modal has no tabs (All only).
  const tabs: Tab[] = flags.poolSearch
    ? ['all', 'tokens', 'pools', 'wallets', ...(nfts ? (['nfts'] as const) : [])]
    : ['all']
  // A tab that went away (NFTs turned off, pool search off) shows All.
  const shownTab: Tab = tabs.includes(tab) ? tab : 'all'
  const typed = query.trim().length > 0
  const sections = sectionsFor(shownTab, typed, nfts)
  const results = useSearchResults(typed ? query : '', chain)
  const popularNfts = usePopularNftCollections(sections.includes('PopularNFTCollections'), chain)
  const trending = useTrending(
    sections.includes('TrendingTokens') || sections.includes('TrendingPools'),
    chain,
  )
  const recent = useRecentSearches()
  const [active, setActive] = useState(-1)
  const listId = useId()
  // The highlighted row follows the results: a new query or tab starts from none.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these changes only
  useEffect(() => setActive(-1), [query, tab, chain])
  const rowLinks = () => [...(bodyRef.current?.querySelectorAll<HTMLAnchorElement>('a[data-result]') ?? [])]
  // Marks the highlighted row for screen readers (aria-activedescendant) and the eye.
  useLayoutEffect(() => {
    rowLinks().forEach((link, index) => {
      link.id = `${listId}-${index}`
      link.toggleAttribute('data-active', index === active)
      if (index === active) link.scrollIntoView({ block: 'nearest' })
    })
  })
  const favorites = useFavorites()
  const { walletRow, walletRows } = useWalletRows(intl, {
    query,
    enabled: sections.includes('Wallets'),
    results,
    favorites,
    chain,
  })
  const { collectionRows, tokenRows, poolRows } = searchResultRows(intl, {
    // The spec: no favorite action in explore mode.
    favorites: pathname.startsWith('/explore') ? null : favorites,
    onReceive: () => {
      if (account) return setReceiving(true)
      closeSearch()
      openAccountDrawer()
    },
  })
  const failed = (retry: () => unknown) => [
    <li key="failed" className={styles.failed} role="alert">
      <span>{intl.formatMessage(m.failed)}</span>
      <Button onClick={() => void retry()}>{intl.formatMessage(m.retry)}</Button>
    </li>,
  ]
  /** The rows of a section, 'loading' while its data loads. */
  const rowsOf = (section: Section): ReactNode[] | 'loading' => {
    if (section === 'RecentSearches') {
      return recent.map((entry) => (
        <li key={`${entry.kind}:${entry.network}:${entry.id}`} className={styles.row}>
          <Link
            className={styles.result}
            data-result=""
            to={recentPath(entry)}
            onClick={() => addRecentSearch(entry)}
          >
            <span className={styles.resultName}>{entry.title}</span>
            <span className={styles.resultMeta}>{entry.subtitle}</span>
          </Link>
        </li>
      ))
    }
    if (section === 'FavoriteWallets') {
      return favoriteWallets(favorites).map((address) =>
        walletRow(
          `favorite:${address}`,
          address,
          intl.formatMessage(m.walletProfile),
          address,
          'search-wallet-favorite',
        ),
      )
    }
    if (section === 'PopularNFTCollections') {
      if (popularNfts.isError) return failed(popularNfts.refetch)
      if (popularNfts.isPending && popularNfts.fetchStatus !== 'idle') return 'loading'
      return collectionRows(popularNfts.data ?? [])
    }
    if (section === 'TrendingTokens' || section === 'TrendingPools') {
      if (trending.isError) return section === 'TrendingTokens' ? failed(trending.refetch) : []
      if (!trending.data) return 'loading'
      return section === 'TrendingTokens' ? tokenRows(trending.data.tokens) : poolRows(trending.data.pools)
    }
    if (section === 'Wallets') return walletRows()
    if (!results.data) {
      if (!results.isError) return 'loading'
      // One message for the whole query, under its first section.
      return section === sections.find((x) => x !== 'Wallets') ? failed(results.refetch) : []
    }
    if (section === 'NFTCollections') return collectionRows(results.data.nftCollections)
    if (section === 'Tokens') return tokenRows(results.data.tokens)
    return poolRows(results.data.pools)
  }
  const sectionRows = sections.map((section) => [section, rowsOf(section)] as const)
  const tabLabel = {
    all: m.tabAll,
    tokens: m.tabTokens,
    pools: m.tabPools,
    wallets: m.tabWallets,
    nfts: m.tabNfts,
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: backdrop click closes; Escape is the keyboard path
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape handled on window
    <div
      className={styles.backdrop}
      onClick={(event) => event.target === event.currentTarget && closeSearch()}
    >
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="visually-hidden">
          {intl.formatMessage(m.label)}
        </h2>
        <div className={styles.top}>
          <input
            ref={inputRef}
            className={styles.input}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            onKeyDown={(event) => {
              // The spec: Enter, ArrowUp and ArrowDown do not do their default in the search field
              // (no caret jumps, no form submission): the arrows move the highlight through the
              // rows, Enter opens the highlighted row (the first when none is).
              if (event.key !== 'Enter' && event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
              event.preventDefault()
              const links = rowLinks()
              if (event.key === 'Enter') {
                ;(links[active] ?? links[0])?.click()
                return
              }
              if (links.length === 0) return
              const step = event.key === 'ArrowDown' ? 1 : -1
              setActive(
                (current) =>
                  (current + step + links.length + (current < 0 && step < 0 ? 1 : 0)) % links.length,
              )
            }}
            placeholder={intl.formatMessage(m.placeholder)}
            aria-label={intl.formatMessage(m.placeholder)}
          />
          <select
            className={styles.chain}
            value={chain}
            onChange={(event) => setChain(event.target.value)}
            aria-label={intl.formatMessage(m.chain)}
          >
            <option value="">{intl.formatMessage(m.allNetworks)}</option>
            {networks.map((network) => (
              <option key={network.slug} value={network.slug}>
                {network.name}
              </option>
            ))}
          </select>
          <button type="button" className={styles.close} onClick={closeSearch} aria-keyshortcuts="Escape">
            {/* The visible key name starts the accessible name (WCAG 2.5.3 label in name). */}
            <kbd>Esc</kbd> <span className="visually-hidden">{intl.formatMessage(m.close)}</span>
          </button>
        </div>
        {tabs.length > 1 ? (
          <div className={styles.tabs} role="tablist">
            {tabs.map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={shownTab === t}
                className={styles.tab}
                onClick={() => setTab(t)}
              >
                {intl.formatMessage(tabLabel[t])}
              </button>
            ))}
          </div>
        ) : null}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls; focusable so the keyboard can scroll it (WCAG 2.1.1) */}
        <section className={styles.body} ref={bodyRef} id={listId} aria-labelledby={titleId} tabIndex={0}>
          {
            // A typed query every section answered empty says so (else the modal would stay blank).
            typed &&
            !results.isPlaceholderData &&
            sectionRows.every(([, rows]) => rows !== 'loading' && rows.length === 0) ? (
              <p className={styles.empty} role="status">
                {intl.formatMessage(m.noResults)}
              </p>
            ) : null
          }
          {sectionRows.map(([section, rows]) => {
            // A section the indexer answered empty (or could not answer) is left out.
            if (rows !== 'loading' && rows.length === 0) return null
            return (
              <section key={section} aria-label={intl.formatMessage(m[section])}>
                <h3 className={styles.sectionTitle}>
                  <FormattedMessage {...m[section]} />
                </h3>
                {rows === 'loading' ? (
                  <SkeletonRows
                    count={3}
                    label={intl.formatMessage(m.loading, { section: intl.formatMessage(m[section]) })}
                  />
                ) : (
                  <ul className={styles.results}>{rows}</ul>
                )}
              </section>
            )
          })}
        </section>
      </div>
      {account && receiving ? (
        <Suspense fallback={null}>
          <ReceiveModal address={account} open onClose={() => setReceiving(false)} />
        </Suspense>
      ) : null}
    </div>
  )
}
