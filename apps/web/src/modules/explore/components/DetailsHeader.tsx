import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { findNetwork } from '../../config/index.ts'
import { Skeleton } from '../../ui/index.ts'
import styles from './Details.module.css'
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
