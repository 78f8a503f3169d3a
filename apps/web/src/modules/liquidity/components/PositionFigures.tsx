import { formatTokenAmount } from '@oxbow/core'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { networkName } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { Card, SkeletonRows, secondaryButtonClassName, UnknownValue } from '../../ui/index.ts'
import type { PositionStatus } from '../services/positionMath.ts'
import type { IndexedPosition } from '../services/positionsQuery.ts'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'

/** What a row needs of the chain's reading of a position (v2, v3 or v4). */
interface ReadAmounts {
  readonly token0: { readonly symbol: string; readonly decimals: number }
  readonly token1: { readonly symbol: string; readonly decimals: number }
  readonly amount0: bigint
  readonly amount1: bigint
}

/** The pair's symbols: the chain's reading, else the indexer's pool, else '?'. */
export function pairSymbols(
  read: ReadAmounts | undefined,
  position: IndexedPosition,
): { symbol0: string; symbol1: string } {
  return {
    symbol0: read?.token0.symbol ?? position.pool?.token0.symbol ?? '?',
    symbol1: read?.token1.symbol ?? position.pool?.token1.symbol ?? '?',
  }
}

/** A row's first figure: 'A / B' and, under it, the version, network and whatever else the row adds. */
export function PairFigure(props: { symbol0: string; symbol1: string; children: ReactNode }) {
  return (
    <div className={styles.figure}>
      <span className={styles.pair}>
        {props.symbol0} / {props.symbol1}
      </span>
      <span className={styles.meta}>{props.children}</span>
    </div>
  )
}

/** A row's labelled figure: its label over its value. */
export function LabelledFigure(props: { label: string; children: ReactNode }) {
  return (
    <div className={styles.figure}>
      <span>{props.label}</span>
      {props.children}
    </div>
  )
}

/** A position's status (in range, out of range, closed) as a badge. */
export function StatusBadge({ status }: { status: PositionStatus }) {
  const intl = useIntl()
  return (
    <span className={styles.badge} data-status={status}>
      {intl.formatMessage(m[status])}
    </span>
  )
}

/** A row's value figure: the USD value (a dash when unknown), the token amounts in its tooltip. */
export function ValueFigure(props: {
  read: ReadAmounts | undefined
  symbol0: string
  symbol1: string
  value: number | null
}) {
  const intl = useIntl()
  const fiat = useFiatFormatter()
  const { read } = props
  const amount = (value: bigint, decimals: number) =>
    formatTokenAmount(value, decimals, { locale: intl.locale })
  return (
    <LabelledFigure label={intl.formatMessage(m.value)}>
      <span
        title={
          read
            ? `${amount(read.amount0, read.token0.decimals)} ${props.symbol0} + ${amount(read.amount1, read.token1.decimals)} ${props.symbol1}`
            : undefined
        }
      >
        {props.value === null ? <UnknownValue /> : fiat.format(props.value)}
      </span>
    </LabelledFigure>
  )
}

/** A position's or pair's heading line: 'A / B' in bold, then what the screen adds (network, fee, id). */
export function PairLine(props: { symbol0: string; symbol1: string; children?: ReactNode }) {
  return (
    <p className={styles.meta}>
      <span className={styles.pair}>
        {props.symbol0} / {props.symbol1}
      </span>
      {props.children}
    </p>
  )
}

/**
 * A position read without data yet: the error when the first read failed (a failed re-read keeps the
 * last figures on screen instead), else the loading rows.
 */
export function PositionNotLoaded({ failed, rows = 4 }: { failed: boolean; rows?: number }) {
  const intl = useIntl()
  if (failed) return <Card role="alert">{intl.formatMessage(m.unavailable)}</Card>
  return (
    <SkeletonRows
      count={rows}
      label={intl.formatMessage({ id: 'page.position.loading', defaultMessage: 'Loading position' })}
    />
  )
}

/** A form's problem (bad input, a failed step), announced; nothing when there is none. */
export function Problem({ problem, testId }: { problem: string | null; testId: string }) {
  return problem ? (
    <p role="alert" data-testid={testId}>
      {problem}
    </p>
  ) : null
}

/** After a create or migrate is confirmed: the link to the new position. */
export function CreatedPositionLink({ to }: { to: string }) {
  const intl = useIntl()
  return (
    <Link to={to} data-testid="created-position" className={secondaryButtonClassName}>
      {intl.formatMessage(m.viewPosition)}
    </Link>
  )
}

/** The positions lists' loading rows (/positions, /migrate/v2). */
export function PositionsLoading() {
  const intl = useIntl()
  return (
    <SkeletonRows
      count={3}
      label={intl.formatMessage({ id: 'page.positions.loading', defaultMessage: 'Loading positions' })}
    />
  )
}

/**
 * The spec's "v2 and v4 unsupported on some chains": a screen that needs a version the network
 * lacks (v4 on ZKsync) says so, naming both, instead of a form that cannot work.
 */
export function VersionUnavailable({ version, network }: { version: string; network: string }) {
  const intl = useIntl()
  return (
    <Card role="alert" data-testid="version-unavailable">
      {intl.formatMessage(m.versionUnavailable, { version, network: networkName(network) })}
    </Card>
  )
}
