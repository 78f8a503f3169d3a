/** What the token and pool pages share above and around their content: title, crumbs, chart range. */
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { findNetwork } from '../../config/index.ts'
import { Skeleton } from '../../ui/index.ts'
import { CHART_RANGES, type ChartRange } from '../services/tokenData.ts'
import styles from './Details.module.css'
import { dm } from './detailsMessages.ts'
import { em } from './exploreMessages.ts'

/**
 * The token and pool pages' title: the loaded heading, "unavailable" when the details failed, or a
 * skeleton that says what is loading.
 */
export function detailsTitle(
  loaded: ReactNode | null,
  failed: boolean,
  tab: 'tokens' | 'pools',
  intl: ReturnType<typeof useIntl>,
): ReactNode {
  if (loaded) return loaded
  if (failed) return intl.formatMessage(em.unavailable)
  return (
    <>
      <Skeleton width="medium" />
      <span className="visually-hidden">
        {intl.formatMessage(em.loading, { tab: intl.formatMessage(em[tab]) })}
      </span>
    </>
  )
}

/** Explore › network: back to the explore table the page belongs to. */
export function DetailsCrumbs({ tab, chainName }: { tab: 'tokens' | 'pools'; chainName: string }) {
  const intl = useIntl()
  return (
    <nav className={styles.crumbs}>
      <Link to={`/explore/${tab}/${chainName}`}>{intl.formatMessage(em.title)}</Link>
      <span aria-hidden="true"> › </span>
      <span>{findNetwork(chainName)?.name ?? chainName}</span>
    </nav>
  )
}

/** The chart's time range buttons (one pressed). */
export function ChartRangePicker({
  range,
  onChange,
}: {
  range: ChartRange
  onChange: (range: ChartRange) => void
}) {
  const intl = useIntl()
  return (
    <fieldset aria-label={intl.formatMessage(dm.rangeGroup)} className={styles.segmented}>
      {CHART_RANGES.map((r) => (
        <button key={r} type="button" aria-pressed={r === range} onClick={() => onChange(r)}>
          {intl.formatMessage(dm.range, { range: r })}
        </button>
      ))}
    </fieldset>
  )
}
