import { useState } from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { useFiatFormatter } from '../../currency/index.ts'
import { rowsOf, useExploreTokens } from '../hooks/useExploreData.ts'
import type { Direction, TokenSort } from '../services/exploreData.ts'
import { num, percentText } from '../services/format.ts'
import styles from './Explore.module.css'
import { em } from './exploreMessages.ts'
import { ListFooter, SkeletonTableRows, Sparkline, Th, TokenMark } from './TableParts.tsx'
import { usePriceText } from './usePriceText.ts'

export function Change({ value }: { value: string | null }) {
  const { locale } = useIntl()
  const n = num(value)
  if (n === null) return <span>–</span>
  return <span className={n > 0 ? styles.up : n < 0 ? styles.down : undefined}>{percentText(n, locale)}</span>
}

/** Explore's tokens: rank, token, price, 1 h and 1 d change, FDV, 1 d volume, sparkline. */
export function TokensTable({ networks, filter }: { networks: readonly string[] | null; filter: string }) {
  const intl = useIntl()
  const { format } = useFiatFormatter()
  const price = usePriceText()
  const [sort, setSort] = useState<{ key: TokenSort; direction: Direction }>({
    key: 'VOLUME_24H',
    direction: 'DESC',
  })
  const query = useExploreTokens(networks, sort.key, sort.direction, filter)
  const rows = rowsOf(query.data)
  const onSort = (key: TokenSort) =>
    setSort((s) => ({ key, direction: s.key === key && s.direction === 'DESC' ? 'ASC' : 'DESC' }))
  const usd = (v: string | null) => {
    const n = num(v)
    return n === null ? '–' : format(n)
  }
  return (
    <>
      <div className={styles.scroll}>
        <table
          className={styles.table}
          aria-label={intl.formatMessage(em.tokens)}
          aria-busy={query.isFetching}
        >
          <thead>
            <tr>
              <Th label="#" numeric />
              <Th label={intl.formatMessage(em.colToken)} />
              <Th
                label={intl.formatMessage(em.colPrice)}
                sortKey="PRICE"
                sort={sort}
                onSort={onSort}
                numeric
              />
              <Th
                label={intl.formatMessage(em.colChange1h)}
                sortKey="PRICE_CHANGE_1H"
                sort={sort}
                onSort={onSort}
                numeric
              />
              <Th
                label={intl.formatMessage(em.colChange1d)}
                sortKey="PRICE_CHANGE_24H"
                sort={sort}
                onSort={onSort}
                numeric
              />
              <Th
                label={intl.formatMessage(em.colFdv)}
                sortKey="MARKET_CAP"
                sort={sort}
                onSort={onSort}
                numeric
              />
              <Th
                label={intl.formatMessage(em.colVolume1d)}
                sortKey="VOLUME_24H"
                sort={sort}
                onSort={onSort}
                numeric
              />
              <Th label={<span className="visually-hidden">{intl.formatMessage(em.sparkline)}</span>} />
            </tr>
          </thead>
          <tbody>
            {query.isPending ? <SkeletonTableRows columns={8} /> : null}
            {rows.map((t, index) => (
              <tr key={`${t.network}:${t.address}`} data-testid="explore-token-row">
                <td className={styles.numeric}>{index + 1}</td>
                <td>
                  <Link className={styles.entity} to={`/explore/tokens/${t.network}/${t.address}`}>
                    <TokenMark address={t.address} symbol={t.symbol} />
                    <span className={styles.name}>{t.name}</span>
                    <span className={styles.symbol}>{t.symbol}</span>
                  </Link>
                </td>
                <td className={styles.numeric} data-testid="explore-token-price">
                  {price(num(t.priceUsd))}
                </td>
                <td className={styles.numeric}>
                  <Change value={t.priceChange1h} />
                </td>
                <td className={styles.numeric}>
                  <Change value={t.priceChange24h} />
                </td>
                <td className={styles.numeric}>{usd(t.fdvUsd)}</td>
                <td className={styles.numeric}>{usd(t.volume24hUsd)}</td>
                <td>
                  <Sparkline points={t.sparkline.map(Number)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListFooter
        isError={query.isError}
        isEmpty={query.isSuccess && rows.length === 0}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
        onRetry={() => void query.refetch()}
      />
    </>
  )
}
