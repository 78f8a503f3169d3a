import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { ALL_NETWORKS as ALL, EXPLORE_TABS, type ExploreTab } from '../../../lib/exploreTabs.ts'
import { NetworksUnavailable, useNetworks, useServedNetworks } from '../../config/index.ts'
import { usePreferences } from '../../preferences/index.ts'
import { Page } from '../../ui/index.ts'
import { useDataOutdated } from '../hooks/useExploreData.ts'
import { exploreRouteState } from '../services/exploreRoute.ts'
import styles from './Explore.module.css'
import { em } from './exploreMessages.ts'
import { PoolsTable } from './PoolsTable.tsx'
import { TokensTable } from './TokensTable.tsx'
import { TransactionsTable } from './TransactionsTable.tsx'

/** Typing settles this long before the filter goes to the indexer. */
const FILTER_DEBOUNCE_MS = 200

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), FILTER_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value])
  return settled
}

/**
 * /explore, /explore/:tab, /explore/:chainName, /explore/:tab/:chainName: tokens, pools and
 * transactions tables per network (default ethereum) or across all networks (?networks=all).
 */
export function ExploreView() {
  const intl = useIntl()
  const navigate = useNavigate()
  const params = useParams()
  const [search] = useSearchParams()
  const shown = useNetworks()
  const { testnetMode } = usePreferences()
  const { served } = useServedNetworks()
  const { tab, chain, all, networks } = exploreRouteState(
    params,
    search,
    shown.map((network) => network.slug),
  )
  const [filter, setFilter] = useState('')
  const deferred = useSettled(filter.trim().slice(0, 100))
  const scope = all ? shown.map((n) => n.slug) : [chain]
  // Testnet mode where the indexer serves none of the chosen networks: said, not another's data.
  const unavailable = testnetMode && served !== undefined && !scope.some((slug) => served.includes(slug))
  const outdated = useDataOutdated(unavailable ? [] : all ? (served ?? []) : [chain])
  const tabPath = (t: ExploreTab) => `/explore/${t}/${chain}${all ? `?networks=${ALL}` : ''}`
  return (
    <Page title={intl.formatMessage(em.title)}>
      <div className={styles.toolbar}>
        <nav className={styles.tabs} aria-label={intl.formatMessage(em.title)}>
          {EXPLORE_TABS.map((t) => (
            <Link
              key={t}
              to={tabPath(t)}
              className={styles.tab}
              aria-current={t === tab ? 'page' : undefined}
            >
              {intl.formatMessage(em[t])}
            </Link>
          ))}
        </nav>
        <input
          className={styles.filter}
          type="search"
          maxLength={100}
          aria-label={intl.formatMessage(em.filter)}
          placeholder={intl.formatMessage(em.filter)}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <select
          className={styles.select}
          aria-label={intl.formatMessage(em.network)}
          value={all ? ALL : chain}
          onChange={(event) => {
            const value = event.target.value
            navigate(value === ALL ? `/explore/${tab}?networks=${ALL}` : `/explore/${tab}/${value}`)
          }}
        >
          <option value={ALL}>{intl.formatMessage(em.allNetworks)}</option>
          {shown.map((network) => (
            <option key={network.slug} value={network.slug}>
              {network.name}
            </option>
          ))}
        </select>
      </div>
      {outdated ? (
        <p className={styles.warning} role="status">
          {intl.formatMessage(em.outdated)}
        </p>
      ) : null}
      {unavailable ? (
        <NetworksUnavailable networks={scope} className={styles.unavailable} />
      ) : testnetMode && served === undefined ? null : (
        <>
          {tab === 'tokens' ? <TokensTable networks={networks} filter={deferred} /> : null}
          {tab === 'pools' ? <PoolsTable networks={networks} filter={deferred} /> : null}
          {tab === 'transactions' ? <TransactionsTable networks={networks} filter={deferred} /> : null}
        </>
      )}
    </Page>
  )
}
