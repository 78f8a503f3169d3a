import { feeTierPercent } from '@oxbow/core'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { networkName } from '../../config/index.ts'
import { Button, SkeletonRows } from '../../ui/index.ts'
import { usePositions } from '../hooks/useAccountData.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m } from './accountMessages.ts'
import { Empty, type ReceiveMode } from './EmptyState.tsx'

/**
 * The account's open positions, loaded when this list is first shown; empty, the spec's home
 * actions when `onReceive` is given (the mini portfolio's tab).
 */
export function PoolsList(props: { owner: string; onReceive?: (mode: ReceiveMode) => void }) {
  const intl = useIntl()
  const positions = usePositions(props.owner, true)
  if (positions.isError && !positions.data)
    return (
      <div className={styles.error} role="alert">
        <span>{intl.formatMessage(m.loadTokensFailed)}</span>
        <Button variant="secondary" onClick={() => void positions.refetch()}>
          {intl.formatMessage(m.retry)}
        </Button>
      </div>
    )
  if (positions.isPending) return <SkeletonRows count={3} label={intl.formatMessage(m.loading)} />
  if (positions.data.length === 0)
    return (
      <Empty
        title={intl.formatMessage(m.emptyPools)}
        {...(props.onReceive && { onReceive: props.onReceive })}
      />
    )
  return (
    <ul className={styles.rows}>
      {positions.data.map((position) => (
        <li key={position.id} className={styles.row}>
          <Link
            className={styles.rowMain}
            to={`/positions/${position.version.toLowerCase()}/${position.network}/${position.tokenId}`}
          >
            <strong>
              {position.pool
                ? `${position.pool.token0.symbol}/${position.pool.token1.symbol}`
                : `#${position.tokenId}`}
            </strong>
            <span className={styles.muted}>
              {position.version}
              {position.pool
                ? ` · ${intl.formatNumber(feeTierPercent(position.pool.feeTier) / 100, { style: 'percent', maximumFractionDigits: 4 })}`
                : ''}{' '}
              · {networkName(position.network)}
            </span>
          </Link>
          <span className={styles.rowEnd}>
            {intl.formatMessage(position.status === 'IN_RANGE' ? m.inRange : m.outOfRange)}
          </span>
        </li>
      ))}
    </ul>
  )
}
