import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { type MessageDescriptor, useIntl } from 'react-intl'
import { Link, NavLink, useLocation } from 'react-router'
import { EXPLORE_TABS } from '../../../lib/exploreTabs.ts'
import { defineMessages } from '../../../lib/messages.ts'
import styles from './Header.module.css'

export const navMessages = defineMessages({
  trade: { id: 'nav.trade', defaultMessage: 'Trade' },
  explore: { id: 'nav.explore', defaultMessage: 'Explore' },
  pool: { id: 'nav.pool', defaultMessage: 'Pool' },
  swap: { id: 'nav.swap', defaultMessage: 'Swap' },
  limit: { id: 'nav.limit', defaultMessage: 'Limit' },
  buy: { id: 'nav.buy', defaultMessage: 'Buy' },
  sell: { id: 'nav.sell', defaultMessage: 'Sell' },
  send: { id: 'nav.send', defaultMessage: 'Send' },
  tokens: { id: 'nav.tokens', defaultMessage: 'Tokens' },
  pools: { id: 'nav.pools', defaultMessage: 'Pools' },
  transactions: { id: 'nav.transactions', defaultMessage: 'Transactions' },
  positions: { id: 'nav.positions', defaultMessage: 'View positions' },
  createPosition: { id: 'nav.createPosition', defaultMessage: 'Create position' },
})

interface Tab {
  readonly id: string
  readonly label: MessageDescriptor
  readonly to: string
  readonly items: readonly { label: MessageDescriptor; to: string }[]
}

export const navTabs: readonly Tab[] = [
  {
    id: 'trade',
    label: navMessages.trade,
    to: '/swap',
    items: [
      { label: navMessages.swap, to: '/swap' },
      { label: navMessages.limit, to: '/limit' },
      { label: navMessages.buy, to: '/buy' },
      { label: navMessages.sell, to: '/sell' },
      { label: navMessages.send, to: '/send' },
    ],
  },
  {
    id: 'explore',
    label: navMessages.explore,
    to: '/explore',
    items: [...EXPLORE_TABS.map((tab) => ({ label: navMessages[tab], to: `/explore/${tab}` }))],
  },
  {
    id: 'pool',
    label: navMessages.pool,
    to: '/positions',
    items: [
      { label: navMessages.positions, to: '/positions' },
      { label: navMessages.createPosition, to: '/positions/create' },
    ],
  },
]

/**
 * Intent to open Explore (its tab hovered or focused): its code and the list it opens on start
 * loading, so the click finds them in flight or done. The module stays out of the initial chunk.
 */
function prefetchOnIntent(tabId: string, client: QueryClient): void {
  if (tabId !== 'explore') return
  import('../../explore/index.ts').then(
    (m) => m.prefetchExplore(client, {}, new URLSearchParams()),
    () => undefined,
  )
}

/** Navigation tabs; each opens its dropdown on hover or focus, and every dropdown closes on route change. */
export function NavTabs() {
  const intl = useIntl()
  const { pathname } = useLocation()
  const [openTab, setOpenTab] = useState<string | null>(null)
  const client = useQueryClient()
  const open = (id: string) => {
    setOpenTab(id)
    prefetchOnIntent(id, client)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every route change
  useEffect(() => {
    setOpenTab(null)
  }, [pathname])

  return (
    <nav className={styles.nav} aria-label={intl.formatMessage({ id: 'nav.label', defaultMessage: 'Main' })}>
      {navTabs.map((tab) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the dropdown; links stay keyboard reachable
        <div
          key={tab.id}
          className={styles.tab}
          onMouseEnter={() => open(tab.id)}
          onMouseLeave={() => setOpenTab(null)}
          onFocus={() => open(tab.id)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenTab(null)
          }}
        >
          <NavLink
            to={tab.to}
            className={styles.tabLink ?? ''}
            aria-haspopup="true"
            aria-expanded={openTab === tab.id}
          >
            {intl.formatMessage(tab.label)}
          </NavLink>
          {openTab === tab.id ? (
            <div className={styles.dropdown} data-testid={`nav-dropdown-${tab.id}`}>
              {tab.items.map((item) => (
                <Link key={item.to} to={item.to} className={styles.dropdownLink ?? ''}>
                  {intl.formatMessage(item.label)}
                </Link>
              ))}
            </div>
          ) : null}
        </div>
      ))}
    </nav>
  )
}
