import { shortenAddress } from '@oxbow/core'
import { useIntl } from 'react-intl'
import { findNetwork } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { useExploreTransactions } from '../hooks/useExploreData.ts'
import type { TransactionRow } from '../services/exploreData.ts'
import { amountText, num, relativeTime } from '../services/format.ts'
import styles from './Explore.module.css'
import { em } from './exploreMessages.ts'
import { type Column, ExploreTable } from './TableParts.tsx'

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
  const select = (all: readonly TransactionRow[]) =>
    needle
      ? all.filter((t) =>
          [t.pool.token0.symbol, t.pool.token1.symbol, t.account, t.txHash].some((x) =>
            x.toLowerCase().includes(needle),
          ),
        )
      : all
  const now = Math.floor(query.dataUpdatedAt / 1000) || Math.floor(Date.now() / 1000)
  const columns: Column<never>[] = [
    { label: intl.formatMessage(em.colTime) },
    { label: intl.formatMessage(em.colType) },
    { label: intl.formatMessage(em.colValue), numeric: true },
    { label: intl.formatMessage(em.colToken), numeric: true },
    { label: intl.formatMessage(em.colToken), numeric: true },
    { label: intl.formatMessage(em.colWallet) },
  ]
  return (
    <ExploreTable label={intl.formatMessage(em.transactions)} columns={columns} query={query} select={select}>
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
