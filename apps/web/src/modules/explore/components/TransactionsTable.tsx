import { shortenAddress } from '@oxbow/core'
import { useIntl } from 'react-intl'
import { findNetwork } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { useExploreTransactions } from '../hooks/useExploreData.ts'
import { TRANSACTIONS_DEFAULT_ORDER, type TransactionSort } from '../services/exploreData.ts'
import { amountText, num, relativeTime } from '../services/format.ts'
import styles from './Explore.module.css'
import { em } from './exploreMessages.ts'
import { type Column, ExploreTable, useSort } from './TableParts.tsx'

/**
 * Pool transactions: time, type, USD value, both token amounts, wallet. Sorted by time (newest
 * first, refreshed as blocks are indexed) or by value on the indexer, which also applies `filter`
 * (a token symbol or name, a pair, or the start of a wallet address or tx hash).
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
  const { sort, onSort } = useSort<TransactionSort>(TRANSACTIONS_DEFAULT_ORDER.orderBy)
  const query = useExploreTransactions(
    props.networks,
    narrow,
    { orderBy: sort.key, direction: sort.direction },
    props.filter ?? '',
  )
  const now = Math.floor(query.dataUpdatedAt / 1000) || Math.floor(Date.now() / 1000)
  const columns: Column<TransactionSort>[] = [
    { label: intl.formatMessage(em.colTime), sortKey: 'TIMESTAMP' },
    { label: intl.formatMessage(em.colType) },
    { label: intl.formatMessage(em.colValue), sortKey: 'VALUE_USD', numeric: true },
    { label: intl.formatMessage(em.colToken), numeric: true },
    { label: intl.formatMessage(em.colToken), numeric: true },
    { label: intl.formatMessage(em.colWallet) },
  ]
  return (
    <ExploreTable
      label={intl.formatMessage(em.transactions)}
      columns={columns}
      sort={sort}
      onSort={onSort}
      query={query}
    >
      {(rows) =>
        rows.map((t) => {
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
        })
      }
    </ExploreTable>
  )
}
