import type { InfiniteData } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useIntl } from 'react-intl'
import { rowsOf } from '../hooks/useExploreData.ts'
import type { Direction, Page } from '../services/exploreData.ts'
import styles from './Explore.module.css'
import { em } from './exploreMessages.ts'

/** A column header; sortable ones are buttons and carry aria-sort when active. */
export function Th<K extends string>(props: {
  label: ReactNode
  sortKey?: K
  sort?: { key: K; direction: Direction }
  onSort?: (key: K) => void
  numeric?: boolean
}) {
  const active = props.sortKey !== undefined && props.sort?.key === props.sortKey
  const ariaSort = active ? (props.sort?.direction === 'ASC' ? 'ascending' : 'descending') : undefined
  return (
    <th scope="col" aria-sort={ariaSort} className={props.numeric ? styles.numeric : undefined}>
      {props.sortKey !== undefined && props.onSort ? (
        <button
          type="button"
          className={styles.sortButton}
          onClick={() => props.onSort?.(props.sortKey as K)}
        >
          {props.label}
          {active ? <span aria-hidden="true">{props.sort?.direction === 'ASC' ? ' ↑' : ' ↓'}</span> : null}
        </button>
      ) : (
        props.label
      )}
    </th>
  )
}

/** Placeholder rows in the table's own grid while a page loads. */
export function SkeletonTableRows({ columns, count = 8 }: { columns: number; count?: number }) {
  return Array.from({ length: count }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
    <tr key={row} className={styles.skeletonRow} data-testid="explore-skeleton-row">
      {Array.from({ length: columns }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
        <td key={cell}>
          <span className={styles.skeleton} />
        </td>
      ))}
    </tr>
  ))
}

/** The list's state under the rows: the spec's data message, an empty note, or "load more". */
export function ListFooter(props: {
  isError: boolean
  isEmpty: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  onMore: () => void
  onRetry: () => void
}) {
  const intl = useIntl()
  if (props.isError) {
    return (
      <p className={styles.message} role="alert">
        {intl.formatMessage(em.unavailable)}{' '}
        <button type="button" className={styles.more} onClick={props.onRetry}>
          {intl.formatMessage(em.retry)}
        </button>
      </p>
    )
  }
  if (props.isEmpty) return <p className={styles.message}>{intl.formatMessage(em.empty)}</p>
  if (!props.hasNextPage) return null
  return (
    <button type="button" className={styles.more} onClick={props.onMore} disabled={props.isFetchingNextPage}>
      {intl.formatMessage(em.loadMore)}
    </button>
  )
}

/** 24 hourly closes as a small line; green when the day ended up, red when down. */
export function Sparkline({ points }: { points: readonly number[] }) {
  const intl = useIntl()
  if (points.length < 2) return null
  const min = Math.min(...points)
  const max = Math.max(...points)
  const span = max - min || 1
  const width = 96
  const height = 28
  const path = points
    .map(
      (p, i) =>
        `${((i / (points.length - 1)) * width).toFixed(1)},${(height - ((p - min) / span) * height).toFixed(1)}`,
    )
    .join(' ')
  const up = (points.at(-1) ?? 0) >= (points[0] ?? 0)
  return (
    <svg
      className={up ? styles.sparkUp : styles.sparkDown}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={intl.formatMessage(em.sparkline)}
    >
      <polyline points={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  )
}

export interface Column<K extends string> {
  readonly label: ReactNode
  /** Set on the columns the indexer can sort by. */
  readonly sortKey?: K
  readonly numeric?: boolean
}

/** A list's sort: the first click on a column sorts it descending, the next ascending. */
export function useSort<K extends string>(initial: K) {
  const [sort, setSort] = useState<{ key: K; direction: Direction }>({ key: initial, direction: 'DESC' })
  const onSort = (key: K) =>
    setSort((s) => ({ key, direction: s.key === key && s.direction === 'DESC' ? 'ASC' : 'DESC' }))
  return { sort, onSort }
}

/** What a sortable table needs of its infinite query. */
interface ListQuery<T> {
  readonly data: InfiniteData<Page<T>, unknown> | undefined
  readonly isPending: boolean
  readonly isFetching: boolean
  readonly isError: boolean
  readonly isSuccess: boolean
  readonly hasNextPage: boolean
  readonly isFetchingNextPage: boolean
  fetchNextPage(): Promise<unknown>
  refetch(): Promise<unknown>
}

/**
 * An explore table: headers (sortable where a column has a sort key), skeleton rows while the first
 * page loads, the rows of every page loaded so far (drawn by `children`), and
 * the list footer (data message, empty, load more).
 */
export function ExploreTable<K extends string, T>(props: {
  label: string
  columns: readonly Column<K>[]
  sort?: { key: K; direction: Direction }
  onSort?: (key: K) => void
  query: ListQuery<T>
  children: (rows: readonly T[]) => ReactNode
}) {
  const { query } = props
  const rows = rowsOf(query.data)
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table} aria-label={props.label} aria-busy={query.isFetching}>
          <thead>
            <tr>
              {props.columns.map((column, index) => (
                <Th
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
                  key={index}
                  label={column.label}
                  numeric={column.numeric === true}
                  {...(column.sortKey
                    ? { sortKey: column.sortKey, sort: props.sort, onSort: props.onSort }
                    : {})}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {query.isPending ? <SkeletonTableRows columns={props.columns.length} /> : null}
            {props.children(rows)}
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
