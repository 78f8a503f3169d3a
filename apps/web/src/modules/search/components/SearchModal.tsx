import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useLocation } from 'react-router'
import { useStore } from '../../../lib/createStore.ts'
import { defineMessages } from '../../../lib/messages.ts'
import { getNetworks, networkName } from '../../config/index.ts'
import { useFeatureFlags, useNftsEnabled } from '../../flags/index.ts'
import { SkeletonRows, useFocusTrap } from '../../ui/index.ts'
import { usePopularNftCollections, useSearchResults } from '../hooks/useSearchData.ts'
import type { NftCollectionResult } from '../services/searchData.ts'
import { closeSearch, searchOpenStore } from '../state/searchStore.ts'
import styles from './SearchModal.module.css'

const m = defineMessages({
  label: { id: 'search.dialog.label', defaultMessage: 'Search tokens, pools and wallets' },
  placeholder: { id: 'search.input.placeholder', defaultMessage: 'Search tokens and pools' },
  chain: { id: 'search.chainFilter.label', defaultMessage: 'Network filter' },
  allNetworks: { id: 'search.chainFilter.all', defaultMessage: 'All networks' },
  close: { id: 'search.close', defaultMessage: 'Close search' },
  tabAll: { id: 'search.tab.all', defaultMessage: 'All' },
  tabTokens: { id: 'search.tab.tokens', defaultMessage: 'Tokens' },
  tabPools: { id: 'search.tab.pools', defaultMessage: 'Pools' },
  tabWallets: { id: 'search.tab.wallets', defaultMessage: 'Wallets' },
  tabNfts: { id: 'search.tab.nfts', defaultMessage: 'NFTs' },
  RecentSearches: { id: 'search.section.recent', defaultMessage: 'Recent searches' },
  TrendingTokens: { id: 'search.section.trendingTokens', defaultMessage: 'Trending tokens' },
  TrendingPools: { id: 'search.section.trendingPools', defaultMessage: 'Trending pools' },
  PopularNFTCollections: { id: 'search.section.popularNfts', defaultMessage: 'Popular NFT collections' },
  FavoriteWallets: { id: 'search.section.favoriteWallets', defaultMessage: 'Favorite wallets' },
  Tokens: { id: 'search.section.tokens', defaultMessage: 'Tokens' },
  Pools: { id: 'search.section.pools', defaultMessage: 'Pools' },
  Wallets: { id: 'search.section.wallets', defaultMessage: 'Wallets' },
  NFTCollections: { id: 'search.section.nftCollections', defaultMessage: 'NFT collections' },
  loading: { id: 'search.section.loading', defaultMessage: 'Loading {section}' },
})

type Tab = 'all' | 'tokens' | 'pools' | 'wallets' | 'nfts'
type Section = keyof Pick<
  typeof m,
  | 'RecentSearches'
  | 'TrendingTokens'
  | 'TrendingPools'
  | 'PopularNFTCollections'
  | 'FavoriteWallets'
  | 'Tokens'
  | 'Pools'
  | 'Wallets'
  | 'NFTCollections'
>

/** Which result sections a tab shows, before (empty query) and after typing. */
function sectionsFor(tab: Tab, typed: boolean, nfts: boolean): Section[] {
  const idle: Record<Tab, Section[]> = {
    all: [
      'RecentSearches',
      'TrendingTokens',
      'TrendingPools',
      ...(nfts ? (['PopularNFTCollections'] as const) : []),
    ],
    tokens: ['RecentSearches', 'TrendingTokens'],
    pools: ['TrendingPools'],
    wallets: ['FavoriteWallets'],
    nfts: ['PopularNFTCollections'],
  }
  const results: Record<Tab, Section[]> = {
    all: ['Tokens', 'Pools', 'Wallets', ...(nfts ? (['NFTCollections'] as const) : [])],
    tokens: ['Tokens'],
    pools: ['Pools'],
    wallets: ['Wallets'],
    nfts: ['NFTCollections'],
  }
  return typed ? results[tab] : idle[tab]
}

/**
 * The search modal: query field, chain filter, tabs (All/Tokens/Pools with pool search on) and the
 * result sections. Typed queries show the indexer's tokens, pools and NFT collections; before typing,
 * its popular NFT collections (the other idle sections are placeholders until their data arrives).
 * NFT sections show only when NFTs are on (the nftRoutes flag, and not disableNFTs=true). Escape or the backdrop closes
 * it; page scroll is locked while it is open.
 */
export function SearchModal() {
  const open = useStore(searchOpenStore)
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
  useFocusTrap(dialogRef, open)

  useEffect(() => {
    if (!open) return
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
  }, [open])

  // A result click navigates; the modal never outlives the page it was opened on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close when the route changes
  useEffect(() => {
    closeSearch()
  }, [pathname])

  const typed = query.trim().length > 0
  const sections = sectionsFor(tab, typed, nfts)
  const results = useSearchResults(open && typed ? query : '', chain)
  const popularNfts = usePopularNftCollections(open && sections.includes('PopularNFTCollections'), chain)
  if (!open) return null
  const tabs: Tab[] = flags.poolSearch ? ['all', 'tokens', 'pools'] : ['all']
  const percent = (feeTier: number) =>
    intl.formatNumber(feeTier / 1_000_000, { style: 'percent', maximumFractionDigits: 2 })
  const collectionRows = (list: readonly NftCollectionResult[]) =>
    list.map((collection) => (
      <li key={`${collection.network}:${collection.address}`}>
        <Link
          className={styles.result}
          to={`/nfts/collection/${collection.address}?chain=${collection.network}`}
        >
          <span className={styles.resultName}>{collection.name}</span>
          <span className={styles.resultMeta}>{networkName(collection.network)}</span>
        </Link>
      </li>
    ))
  /** The rows of a section with data, 'loading' while it loads; the other sections stay placeholders. */
  const rowsOf = (section: Section): ReactNode[] | 'loading' => {
    if (section === 'PopularNFTCollections') {
      if (popularNfts.isPending && popularNfts.fetchStatus !== 'idle') return 'loading'
      return collectionRows(popularNfts.data ?? [])
    }
    if (section !== 'Tokens' && section !== 'Pools' && section !== 'NFTCollections') return 'loading'
    if (!results.data) return results.isError ? [] : 'loading'
    if (section === 'NFTCollections') return collectionRows(results.data.nftCollections)
    if (section === 'Tokens') {
      return results.data.tokens.map((token) => (
        <li key={`${token.network}:${token.address}`}>
          <Link className={styles.result} to={`/explore/tokens/${token.network}/${token.address}`}>
            <span className={styles.resultName}>{token.symbol}</span>
            <span className={styles.resultMeta}>
              {token.name} · {networkName(token.network)}
            </span>
          </Link>
        </li>
      ))
    }
    return results.data.pools.map((pool) => (
      <li key={`${pool.network}:${pool.id}`}>
        <Link className={styles.result} to={`/explore/pools/${pool.network}/${pool.id}`}>
          <span className={styles.resultName}>
            {pool.token0}/{pool.token1}
          </span>
          <span className={styles.resultMeta}>
            {pool.version.toLowerCase()} · {percent(pool.feeTier)} · {networkName(pool.network)}
          </span>
        </Link>
      </li>
    ))
  }
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
            onKeyDown={(event) => {
              // The spec: Enter, ArrowUp and ArrowDown do not do their default in the search field
              // (no caret jumps, no form submission); Enter opens the first result instead.
              if (event.key !== 'Enter' && event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
              event.preventDefault()
              if (event.key === 'Enter') bodyRef.current?.querySelector<HTMLAnchorElement>('a[href]')?.click()
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
            {getNetworks().map((network) => (
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
                aria-selected={tab === t}
                className={styles.tab}
                onClick={() => setTab(t)}
              >
                {intl.formatMessage(tabLabel[t])}
              </button>
            ))}
          </div>
        ) : null}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls; focusable so the keyboard can scroll it (WCAG 2.1.1) */}
        <section className={styles.body} ref={bodyRef} aria-labelledby={titleId} tabIndex={0}>
          {sections.map((section) => {
            const rows = rowsOf(section)
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
    </div>
  )
}
