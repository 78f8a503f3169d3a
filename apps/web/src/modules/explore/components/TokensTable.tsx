import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { useFiatFormatter } from '../../currency/index.ts'
import { TokenMark } from '../../tokens/index.ts'
import { prefetchToken, useIntentPrefetch } from '../hooks/prefetch.ts'
import { useExploreTokens } from '../hooks/useExploreData.ts'
import { TOKENS_DEFAULT_SORT, type TokenSort } from '../services/exploreData.ts'
import { changeText, num, usdText } from '../services/format.ts'
import styles from './Explore.module.css'
import { em } from './exploreMessages.ts'
import { type Column, ExploreTable, Sparkline, useSort } from './TableParts.tsx'
import { usePriceText } from './usePriceText.ts'

export function Change({ value }: { value: string | null }) {
  const { locale } = useIntl()
  const n = num(value)
  return (
    <span className={n !== null && n > 0 ? styles.up : n !== null && n < 0 ? styles.down : undefined}>
      {changeText(value, locale)}
    </span>
  )
}

/** Explore's tokens: rank, token, price, 1 h and 1 d change, FDV, 1 d volume, sparkline. */
export function TokensTable({ networks, filter }: { networks: readonly string[] | null; filter: string }) {
  const intl = useIntl()
  const { format } = useFiatFormatter()
  const price = usePriceText()
  const { sort, onSort } = useSort(TOKENS_DEFAULT_SORT)
  const query = useExploreTokens(networks, sort.key, sort.direction, filter)
  const intent = useIntentPrefetch()
  const columns: Column<TokenSort>[] = [
    { label: '#', numeric: true },
    { label: intl.formatMessage(em.colToken) },
    { label: intl.formatMessage(em.colPrice), sortKey: 'PRICE', numeric: true },
    { label: intl.formatMessage(em.colChange1h), sortKey: 'PRICE_CHANGE_1H', numeric: true },
    { label: intl.formatMessage(em.colChange1d), sortKey: 'PRICE_CHANGE_24H', numeric: true },
    { label: intl.formatMessage(em.colFdv), sortKey: 'MARKET_CAP', numeric: true },
    { label: intl.formatMessage(em.colVolume1d), sortKey: 'VOLUME_24H', numeric: true },
    { label: <span className="visually-hidden">{intl.formatMessage(em.sparkline)}</span> },
  ]
  return (
    <ExploreTable
      label={intl.formatMessage(em.tokens)}
      columns={columns}
      sort={sort}
      onSort={onSort}
      query={query}
    >
      {(rows) =>
        rows.map((t, index) => (
          <tr key={`${t.network}:${t.address}`} data-testid="explore-token-row">
            <td className={styles.numeric}>{index + 1}</td>
            <td>
              <Link
                className={styles.entity}
                to={`/explore/tokens/${t.network}/${t.address}`}
                {...intent((client) => prefetchToken(client, t.network, t.address))}
              >
                <TokenMark address={t.address} symbol={t.symbol} logoUrl={t.logoUrl} />
                <span className={styles.name}>{t.name}</span>
                <span className={styles.symbol}>{t.symbol}</span>
              </Link>
            </td>
            <td className={styles.numeric} data-testid="explore-token-price">
              {price(num(t.priceUsd))}
            </td>
            <td className={styles.numeric} data-testid="explore-token-change1h">
              <Change value={t.priceChange1h} />
            </td>
            <td className={styles.numeric} data-testid="explore-token-change1d">
              <Change value={t.priceChange24h} />
            </td>
            <td className={styles.numeric} data-testid="explore-token-fdv">
              {usdText(t.fdvUsd, format)}
            </td>
            <td className={styles.numeric} data-testid="explore-token-volume">
              {usdText(t.volume24hUsd, format)}
            </td>
            <td data-testid="explore-token-sparkline">
              <Sparkline points={t.sparkline.map(Number)} />
            </td>
          </tr>
        ))
      }
    </ExploreTable>
  )
}
