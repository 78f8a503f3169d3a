import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useNavigate, useParams } from 'react-router'
import { defineMessages } from '../lib/messages.ts'
import { getNetworks, isKnownNetwork } from '../modules/config/index.ts'
import { Card, ComingSoon, Page, SkeletonRows, UnknownValue } from '../modules/ui/index.ts'
import styles from './Pages.module.css'

const m = defineMessages({
  title: { id: 'page.explore.title', defaultMessage: 'Explore' },
  tokens: { id: 'page.explore.tab.tokens', defaultMessage: 'Tokens' },
  pools: { id: 'page.explore.tab.pools', defaultMessage: 'Pools' },
  transactions: { id: 'page.explore.tab.transactions', defaultMessage: 'Transactions' },
  network: { id: 'page.explore.network', defaultMessage: 'Network' },
  tvl: { id: 'page.explore.stat.tvl', defaultMessage: 'Total value locked' },
  volume: { id: 'page.explore.stat.volume', defaultMessage: '{period} volume' },
  loading: { id: 'page.explore.loading', defaultMessage: 'Loading {tab}' },
})

const tabs = ['tokens', 'pools', 'transactions'] as const

/** /explore, /explore/:tab, /explore/:chainName, /explore/:tab/:chainName (default tokens on ethereum). */
export default function ExplorePage() {
  const intl = useIntl()
  const navigate = useNavigate()
  const params = useParams()
  const first = params.tab ?? ''
  const tab = tabs.find((t) => t === first) ?? 'tokens'
  const chainParam = tabs.some((t) => t === first) ? params.chainName : first || undefined
  const chain = chainParam && isKnownNetwork(chainParam) ? chainParam : 'ethereum'
  return (
    <Page title={intl.formatMessage(m.title)}>
      <div className={styles.grid}>
        <Card className={styles.stat}>
          <span className={styles.statLabel}>{intl.formatMessage(m.tvl)}</span>
          <span className={styles.statValue}>
            <UnknownValue testId="explore-tvl" />
          </span>
        </Card>
        <Card className={styles.stat}>
          <span className={styles.statLabel}>
            {intl.formatMessage(m.volume, {
              period: intl.formatNumber(24, { style: 'unit', unit: 'hour', unitDisplay: 'narrow' }),
            })}
          </span>
          <span className={styles.statValue}>
            <UnknownValue />
          </span>
        </Card>
      </div>
      <div className={styles.tabs}>
        {tabs.map((t) => (
          <Link
            key={t}
            to={`/explore/${t}/${chain}`}
            className={styles.tab ?? ''}
            aria-current={t === tab ? 'page' : undefined}
          >
            {intl.formatMessage(m[t])}
          </Link>
        ))}
        <select
          className={styles.select}
          aria-label={intl.formatMessage(m.network)}
          value={chain}
          onChange={(event) => navigate(`/explore/${tab}/${event.target.value}`)}
        >
          {getNetworks().map((network) => (
            <option key={network.slug} value={network.slug}>
              {network.name}
            </option>
          ))}
        </select>
      </div>
      <ComingSoon>
        <FormattedMessage
          id="page.explore.comingSoon"
          defaultMessage="Live token, pool and transaction tables arrive with the indexer's data."
        />
      </ComingSoon>
      <Card>
        <SkeletonRows count={8} label={intl.formatMessage(m.loading, { tab: intl.formatMessage(m[tab]) })} />
      </Card>
    </Page>
  )
}
