import { shortenAddress } from '@oxbow/core'
import { useIntl } from 'react-intl'
import { findNetwork } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { rowsOf, useExploreTransactions } from '../hooks/useExploreData.ts'
import { amountText, num, relativeTime } from '../services/format.ts'
import styles from './Explore.module.css'
import { em } from './exploreMessages.ts'
import { ListFooter, SkeletonTableRows, Th } from './TableParts.tsx'

/**
 * Pool transactions, newest first, refreshed as blocks are indexed: time, type, USD value, both
 * token amounts, wallet. `filter` narrows the loaded rows by either token's symbol.
 */
export function TransactionsTable(props: {
  networks: readonly string[] | null
  filter?: string
  token?: string
  pool?: string
}) {
  const intl = useIntl()
  const { format } = useFiatFormatter()
  const narrow = {
    ...(props.token ? { token: props.token } : {}),
    ...(props.pool ? { pool: props.pool } : {}),
  }
  const query = useExploreTransactions(props.networks, narrow)
  const needle = (props.filter ?? '').trim().toLowerCase()
  const all = rowsOf(query.data)
  const rows = needle
    ? all.filter((t) =>
        [t.pool.token0.symbol, t.pool.token1.symbol, t.account, t.txHash].some((x) =>
          x.toLowerCase().includes(needle),
        ),
      )
    : all
  const now = Math.floor(query.dataUpdatedAt / 1000) || Math.floor(Date.now() / 1000)
  return (
    <>
      <div className={styles.scroll}>
        <table
          className={styles.table}
          aria-label={intl.formatMessage(em.transactions)}
          aria-busy={query.isFetching}
        >
          <thead>
            <tr>
              <Th label={intl.formatMessage(em.colTime)} />
              <Th label={intl.formatMessage(em.colType)} />
              <Th label={intl.formatMessage(em.colValue)} numeric />
              <Th label={intl.formatMessage(em.colToken)} numeric />
              <Th label={intl.formatMessage(em.colToken)} numeric />
              <Th label={intl.formatMessage(em.colWallet)} />
            </tr>
          </thead>
          <tbody>
            {query.isPending ? <SkeletonTableRows columns={6} /> : null}
            {rows.map((t) => {
              const explorer = findNetwork(t.network)?.explorer
              const value = num(t.valueUsd)
              return (
                <tr key={t.id} data-testid="explore-transaction-row" data-tx={t.txHash}>
                  <td>
                    {explorer ? (
                      <a href={`${explorer.url}/tx/${t.txHash}`} target="_blank" rel="noreferrer">
                        {relativeTime(t.timestamp, now, intl.locale)}
                      </a>
                    ) : (
                      <time dateTime={new Date(t.timestamp * 1000).toISOString()}>
                        {relativeTime(t.timestamp, now, intl.locale)}
                      </time>
                    )}
                  </td>
                  <td>{intl.formatMessage(em.txType, { type: t.type })}</td>
                  <td className={styles.numeric}>{value === null ? '–' : format(value)}</td>
                  <td className={styles.numeric}>
                    {amountText(t.amount0, t.pool.token0.decimals, intl.locale)} {t.pool.token0.symbol}
                  </td>
                  <td className={styles.numeric}>
                    {amountText(t.amount1, t.pool.token1.decimals, intl.locale)} {t.pool.token1.symbol}
                  </td>
                  <td title={t.account}>{shortenAddress(t.account)}</td>
                </tr>
              )
            })}
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
