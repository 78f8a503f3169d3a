import { isEvmAddress, isValidUsername, shortenAddress } from '@oxbow/core'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useLocation } from 'react-router'
import { defineMessages } from '../../../lib/messages.ts'
import { getRuntimeConfig, networkName, useNetworks } from '../../config/index.ts'
import { useFeatureFlags, useNftsEnabled } from '../../flags/index.ts'
import { useEnsAddress, useEnsName, usernameOfQuery, usernameQuery } from '../../identity/index.ts'
import { Button, SkeletonRows, useFocusTrap } from '../../ui/index.ts'
import { CopyButton } from '../../wallet/index.ts'
import { usePopularNftCollections, useSearchResults, useTrending } from '../hooks/useSearchData.ts'
import type { NftCollectionResult, PoolResult, TokenResult } from '../services/searchData.ts'
import { addRecentSearch, type RecentSearch, useRecentSearches } from '../state/recentSearches.ts'
import { closeSearch } from '../state/searchStore.ts'
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
  failed: {
    id: 'search.failed',
    defaultMessage: "Data is unavailable at the moment; we're working on a fix",
  },
  retry: { id: 'search.retry', defaultMessage: 'Try again' },
  copyAddress: { id: 'search.action.copyAddress', defaultMessage: 'Copy address' },
  copyPoolId: { id: 'search.action.copyPoolId', defaultMessage: 'Copy pool id' },
  share: { id: 'search.action.share', defaultMessage: 'Share' },
  shareLabel: { id: 'search.action.shareLabel', defaultMessage: 'Share {name}' },
  swap: { id: 'search.action.swap', defaultMessage: 'Swap' },
  send: { id: 'search.action.send', defaultMessage: 'Send' },
  buy: { id: 'search.action.buy', defaultMessage: 'Buy' },
  actions: { id: 'search.action.group', defaultMessage: 'Actions for {name}' },
  walletProfile: { id: 'search.wallet.profile', defaultMessage: 'Wallet profile (opens in a new tab)' },
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

const tokenPath = (t: { network: string; address: string }) => `/explore/tokens/${t.network}/${t.address}`
const poolPath = (p: { network: string; id: string }) => `/explore/pools/${p.network}/${p.id}`
const collectionPath = (c: { network: string; address: string }) =>
  `/nfts/collection/${c.address}?chain=${c.network}`
const recentPath = (r: RecentSearch) =>
  r.kind === 'token'
    ? tokenPath({ network: r.network, address: r.id })
    : r.kind === 'pool'
      ? poolPath(r)
      : collectionPath({ network: r.network, address: r.id })

/**
 * The search modal: query field, chain filter, tabs (All/Tokens/Pools with pool search on) and the
 * result sections. Before typing: recent searches (this browser's, validated on load), trending
 * tokens and pools (1-day volume) and popular NFT collections; typed queries show the indexer's
 * tokens, pools and NFT collections, and an address nothing else matched as a wallet (its profile
 * opens in a new tab). Rows carry their actions (copy, share, swap, send, buy). ArrowUp/ArrowDown
 * move through the rows, Enter opens the highlighted (or first) one, Escape or the backdrop
 * closes. NFT sections show only when NFTs are on (the nftRoutes flag, and not disableNFTs=true).
 * Page scroll is locked while it is open. Mounted only while open (lazy chunk, see index.ts).
 */
export function SearchDialog() {
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
  useFocusTrap(dialogRef, true)

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

  const typed = query.trim().length > 0
  const sections = sectionsFor(tab, typed, nfts)
  const results = useSearchResults(typed ? query : '', chain)
  const walletTerm = query.trim()
  const usernameTerm = walletTerm.toLowerCase()
  const wallets = sections.includes('Wallets')
  const usernameByName = useQuery(
    usernameQuery(wallets && isValidUsername(usernameTerm) ? usernameTerm : null),
  )
  const usernameByAddress = useQuery(usernameOfQuery(wallets && isEvmAddress(walletTerm) ? walletTerm : null))
  const ensMatch = useEnsAddress(wallets && walletTerm.includes('.') ? walletTerm : undefined)
  // An address query's own verified ENS name (its reverse record, checked forward).
  const ensOfAddress = useEnsName(wallets && isEvmAddress(walletTerm) ? walletTerm : undefined)
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
  const tabs: Tab[] = flags.poolSearch ? ['all', 'tokens', 'pools'] : ['all']
  const percent = (feeTier: number) =>
    intl.formatNumber(feeTier / 1_000_000, { style: 'percent', maximumFractionDigits: 2 })
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  const share = (path: string, name: string) => (
    <CopyButton
      text={origin + path}
      label={intl.formatMessage(m.share)}
      ariaLabel={intl.formatMessage(m.shareLabel, { name })}
      className={styles.action}
    />
  )
  const collectionRows = (list: readonly NftCollectionResult[]) =>
    list.map((collection) => (
      <li key={`${collection.network}:${collection.address}`} className={styles.row}>
        <Link
          className={styles.result}
          data-result=""
          to={collectionPath(collection)}
          onClick={() =>
            addRecentSearch({
              kind: 'collection',
              network: collection.network,
              id: collection.address,
              title: collection.name,
              subtitle: networkName(collection.network),
            })
          }
        >
          <span className={styles.resultName}>{collection.name}</span>
          <span className={styles.resultMeta}>{networkName(collection.network)}</span>
        </Link>
      </li>
    ))
  const tokenRows = (list: readonly TokenResult[]) =>
    list.map((token) => {
      const chainParam = `chain=${encodeURIComponent(token.network)}`
      return (
        <li key={`${token.network}:${token.address}`} className={styles.row}>
          <Link
            className={styles.result}
            data-result=""
            to={tokenPath(token)}
            onClick={() =>
              addRecentSearch({
                kind: 'token',
                network: token.network,
                id: token.address,
                title: token.symbol,
                subtitle: `${token.name} · ${networkName(token.network)}`,
              })
            }
          >
            <span className={styles.resultName}>{token.symbol}</span>
            <span className={styles.resultMeta}>
              {token.name} · {networkName(token.network)}
            </span>
          </Link>
          <fieldset
            className={styles.actions}
            aria-label={intl.formatMessage(m.actions, { name: token.symbol })}
          >
            <CopyButton
              text={token.address}
              label={intl.formatMessage(m.copyAddress)}
              className={styles.action}
            />
            {share(tokenPath(token), token.symbol)}
            <Link className={styles.action} to={`/swap?${chainParam}&outputCurrency=${token.address}`}>
              {intl.formatMessage(m.swap)}
            </Link>
            <Link className={styles.action} to={`/send?${chainParam}&inputCurrency=${token.address}`}>
              {intl.formatMessage(m.send)}
            </Link>
            <Link className={styles.action} to={`/buy?${chainParam}&outputCurrency=${token.address}`}>
              {intl.formatMessage(m.buy)}
            </Link>
          </fieldset>
        </li>
      )
    })
  const poolRows = (list: readonly PoolResult[]) =>
    list.map((pool) => {
      const name = `${pool.token0}/${pool.token1}`
      return (
        <li key={`${pool.network}:${pool.id}`} className={styles.row}>
          <Link
            className={styles.result}
            data-result=""
            to={poolPath(pool)}
            onClick={() =>
              addRecentSearch({
                kind: 'pool',
                network: pool.network,
                id: pool.id,
                title: name,
                subtitle: `${pool.version.toLowerCase()} · ${percent(pool.feeTier)} · ${networkName(pool.network)}`,
              })
            }
          >
            <span className={styles.resultName}>{name}</span>
            <span className={styles.resultMeta}>
              {pool.version.toLowerCase()} · {percent(pool.feeTier)} · {networkName(pool.network)}
            </span>
          </Link>
          <fieldset className={styles.actions} aria-label={intl.formatMessage(m.actions, { name })}>
            <CopyButton
              text={pool.id}
              label={intl.formatMessage(pool.version === 'V4' ? m.copyPoolId : m.copyAddress)}
              className={styles.action}
            />
            {share(poolPath(pool), name)}
          </fieldset>
        </li>
      )
    })
  const failed = (retry: () => unknown) => [
    <li key="failed" className={styles.failed} role="alert">
      <span>{intl.formatMessage(m.failed)}</span>
      <Button onClick={() => void retry()}>{intl.formatMessage(m.retry)}</Button>
    </li>,
  ]
  const walletQuery = query.trim()
  const profileUrl = (address: string) =>
    new URL(`address/${address}`, `${getRuntimeConfig().walletProfileUrl}/`).href
  const walletRow = (key: string, name: string, meta: string, address: string, testId: string) => (
    <li key={key} className={styles.row}>
      <a
        className={styles.result}
        data-result=""
        data-testid={testId}
        href={profileUrl(address)}
        target="_blank"
        rel="noopener noreferrer"
      >
        <span className={styles.resultName}>{name}</span>
        <span className={styles.resultMeta}>{meta}</span>
      </a>
    </li>
  )
  /**
   * The spec's wallet results, in order: a username profile (by its name, or by its own address),
   * an ENS match, and an address that is no token, pool or collection the indexer knows.
   */
  const walletRows = (): ReactNode[] | 'loading' => {
    const address = isEvmAddress(walletQuery)
    if (address) {
      // A token's, pool's or collection's own address is that, never a wallet.
      if (!results.data) return results.isError ? [] : 'loading'
      const lower = walletQuery.toLowerCase()
      const known = [...results.data.tokens.map((t) => t.address), ...results.data.pools.map((p) => p.id)]
        .concat(results.data.nftCollections.map((c) => c.address))
        .some((a) => a.toLowerCase() === lower)
      if (known) return []
    }
    const rows: ReactNode[] = []
    const profile = usernameByName.data ?? usernameByAddress.data ?? null
    if (profile) {
      rows.push(
        walletRow(
          `username:${profile.username}`,
          profile.username,
          shortenAddress(profile.address, 6),
          profile.address,
          'search-wallet-username',
        ),
      )
    }
    if (ensMatch.address) {
      rows.push(
        walletRow(
          `ens:${walletQuery}`,
          walletQuery.toLowerCase(),
          shortenAddress(ensMatch.address, 6),
          ensMatch.address,
          'search-wallet-ens',
        ),
      )
    }
    if (address && ensOfAddress) {
      rows.push(
        walletRow(
          `ens:${ensOfAddress}`,
          ensOfAddress,
          shortenAddress(walletQuery, 6),
          walletQuery,
          'search-wallet-ens',
        ),
      )
    }
    if (address) {
      rows.push(
        walletRow(
          walletQuery,
          walletQuery,
          intl.formatMessage(m.walletProfile),
          walletQuery,
          'search-wallet-address',
        ),
      )
    }
    const loading = usernameByName.isLoading || usernameByAddress.isLoading || ensMatch.loading
    return rows.length === 0 && loading ? 'loading' : rows
  }
  /** The rows of a section, 'loading' while its data loads; FavoriteWallets has none yet. */
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
    if (section === 'FavoriteWallets') return []
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
        <section className={styles.body} ref={bodyRef} id={listId} aria-labelledby={titleId} tabIndex={0}>
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
