import { useEffect, useId, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useLocation } from 'react-router'
import { useStore } from '../../../lib/createStore.ts'
import { defineMessages } from '../../../lib/messages.ts'
import { getNetworks } from '../../config/index.ts'
import { useFeatureFlags } from '../../flags/index.ts'
import { SkeletonRows, useFocusTrap } from '../../ui/index.ts'
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
 * The search modal shell: query field, chain filter, tabs (All/Tokens/Pools with pool search on),
 * and the result sections as skeletons until the data layer arrives. Escape or the backdrop closes
 * it; page scroll is locked while it is open.
 */
export function SearchModal() {
  const open = useStore(searchOpenStore)
  const intl = useIntl()
  const { values: flags } = useFeatureFlags()
  const { pathname } = useLocation()
  const [query, setQuery] = useState('')
  const [chain, setChain] = useState('')
  const [tab, setTab] = useState<Tab>('all')
  const inputRef = useRef<HTMLInputElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)
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

  if (!open) return null
  const tabs: Tab[] = flags.poolSearch ? ['all', 'tokens', 'pools'] : ['all']
  const nfts = flags.nftRoutes
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
        <section className={styles.body} aria-labelledby={titleId} tabIndex={0}>
          {sectionsFor(tab, query.trim().length > 0, nfts).map((section) => (
            <section key={section} aria-label={intl.formatMessage(m[section])}>
              <h3 className={styles.sectionTitle}>
                <FormattedMessage {...m[section]} />
              </h3>
              <SkeletonRows
                count={3}
                label={intl.formatMessage(m.loading, { section: intl.formatMessage(m[section]) })}
              />
            </section>
          ))}
        </section>
      </div>
    </div>
  )
}
