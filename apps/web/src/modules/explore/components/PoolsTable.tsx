import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { useFiatFormatter } from '../../currency/index.ts'
import { AprWithReward } from '../../rewards/index.ts'
import { TokenMark } from '../../tokens/index.ts'
import { prefetchPool, useIntentPrefetch } from '../hooks/prefetch.ts'
import { useExplorePools } from '../hooks/useExploreData.ts'
import { POOLS_DEFAULT_SORT, type PoolRow, type PoolSort } from '../services/exploreData.ts'
import { feeTierText, num, rateText } from '../services/format.ts'
import styles from './Explore.module.css'
import { em } from './exploreMessages.ts'
import { type Column, ExploreTable, useSort } from './TableParts.tsx'

/** Version, fee tier (the spec's display; dynamic as such) and hook badges of a pool. */
export function PoolBadges({ pool }: { pool: Pick<PoolRow, 'version' | 'feeTier' | 'hooks'> }) {
  const intl = useIntl()
  const fee = feeTierText(pool.version, pool.feeTier, intl.locale)
  return (
    <>
      <span className={styles.badge}>{pool.version.toLowerCase()}</span>
      <span className={styles.badge}>{fee ?? intl.formatMessage(em.dynamicFee)}</span>
      {pool.hooks && !/^0x0{40}$/.test(pool.hooks) ? (
        <span className={styles.badge} title={pool.hooks}>
          {intl.formatMessage(em.hook)}
        </span>
      ) : null}
    </>
  )
}

/** Explore's pools: pair with version, fee tier and hook, TVL, APR, 1 d and 30 d volume, 1 d volume / TVL. */
export function PoolsTable({ networks, filter }: { networks: readonly string[] | null; filter: string }) {
  const intl = useIntl()
  const { format } = useFiatFormatter()
  const { sort, onSort } = useSort(POOLS_DEFAULT_SORT)
  const query = useExplorePools(networks, sort.key, sort.direction, filter)
  const intent = useIntentPrefetch()
  const pct = (value: number | null) => rateText(value, intl.locale)
  const columns: Column<PoolSort>[] = [
    { label: '#', numeric: true },
    { label: intl.formatMessage(em.colPool) },
    { label: intl.formatMessage(em.colTvl), sortKey: 'TVL', numeric: true },
    { label: intl.formatMessage(em.colApr), sortKey: 'APR', numeric: true },
    { label: intl.formatMessage(em.colVolume1d), sortKey: 'VOLUME_24H', numeric: true },
    { label: intl.formatMessage(em.colVolume30d), sortKey: 'VOLUME_30D', numeric: true },
    { label: intl.formatMessage(em.colVolumeTvl), numeric: true },
  ]
  return (
    <ExploreTable
      label={intl.formatMessage(em.pools)}
      columns={columns}
      sort={sort}
      onSort={onSort}
      query={query}
    >
      {(rows) =>
        rows.map((p, index) => {
          const tvl = num(p.tvlUsd) ?? 0
          const volume = num(p.volume24hUsd) ?? 0
          return (
            <tr key={`${p.network}:${p.id}`} data-testid="explore-pool-row">
              <td className={styles.numeric}>{index + 1}</td>
              <td>
                <Link
                  className={styles.entity}
                  to={`/explore/pools/${p.network}/${p.id}`}
                  {...intent((client) => prefetchPool(client, p.network, p.id))}
                >
                  <span className={styles.pair} aria-hidden="true">
                    <TokenMark
                      address={p.token0.address}
                      symbol={p.token0.symbol}
                      logoUrl={p.token0.logoUrl}
                    />
                    <TokenMark
                      address={p.token1.address}
                      symbol={p.token1.symbol}
                      logoUrl={p.token1.logoUrl}
                    />
                  </span>
                  <span className={styles.name}>
                    {p.token0.symbol}/{p.token1.symbol}
                  </span>
                  <PoolBadges pool={p} />
                </Link>
              </td>
              <td className={styles.numeric}>{format(tvl)}</td>
              <td className={styles.numeric}>
                <AprWithReward apr={num(p.apr)} rewardApr={num(p.rewardApr)} />
              </td>
              <td className={styles.numeric}>{format(volume)}</td>
              <td className={styles.numeric}>{format(num(p.volume30dUsd) ?? 0)}</td>
              <td className={styles.numeric}>{tvl > 0 ? pct((volume / tvl) * 100) : '–'}</td>
            </tr>
          )
        })
      }
    </ExploreTable>
  )
}
