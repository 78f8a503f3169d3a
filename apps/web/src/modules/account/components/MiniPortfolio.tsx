export type { ReceiveMode } from './EmptyState.tsx'

import { formatTokenAmount } from '@oxbow/core'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetworkByChainId, NetworksUnavailable, networkName } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { useFiatOrders } from '../../fiat/index.ts'
import { useNftsEnabled } from '../../flags/index.ts'
import { ordersQuery, shownStatus } from '../../limit/index.ts'
import { Button, SkeletonRows } from '../../ui/index.ts'
import { usePendingTransactions, useTrackedTransactions } from '../../wallet/index.ts'
import { useActivity, useNfts } from '../hooks/useAccountData.ts'
import { type LimitActivity, mergeActivity } from '../services/mergeActivity.ts'
import type { Portfolio } from '../services/portfolioData.ts'
import type { ActivitySummary } from '../services/transactionDetails.ts'
import { type PortfolioTab, portfolioTab, usePortfolioTab } from '../state/drawerState.ts'
import { markActivitySeen, useSeenActivity } from '../state/seenActivity.ts'
import styles from './AccountDrawer.module.css'
import { AppRow, ConfirmedRow, FiatRow, LimitRow } from './ActivityRows.tsx'
import { accountMessages as m } from './accountMessages.ts'
import { Empty, type ReceiveMode } from './EmptyState.tsx'
import { PoolsList } from './PoolsList.tsx'

/** A row's transaction details: its own chunk (viem's public client), loaded on the first click. */
const TransactionDetails = lazy(() => import('./TransactionDetails.tsx'))

function LoadError(props: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <span>{props.message}</span>
      <Button variant="secondary" onClick={props.onRetry}>
        <RetryLabel />
      </Button>
    </div>
  )
}

function RetryLabel() {
  return <>{useIntl().formatMessage(m.retry)}</>
}

function TokensTab(props: { portfolio: UseQueryResult<Portfolio>; onReceive: (mode: ReceiveMode) => void }) {
  const intl = useIntl()
  const { format } = useFiatFormatter()
  const { data, isPending, isError, refetch } = props.portfolio
  if (isError && !data)
    return <LoadError message={intl.formatMessage(m.loadBalancesFailed)} onRetry={() => void refetch()} />
  if (isPending) return <SkeletonRows count={3} label={intl.formatMessage(m.loading)} />
  if (!data || data.balances.length === 0)
    return <Empty title={intl.formatMessage(m.emptyTokens)} onReceive={props.onReceive} />
  return (
    <ul className={styles.rows} data-testid="portfolio-tokens">
      {data.balances.map((balance) => {
        const value = balance.valueUsd === null ? null : Number(balance.valueUsd)
        const change = balance.change24hPercent === null ? null : Number(balance.change24hPercent)
        return (
          <li
            key={balance.id}
            className={styles.row}
            data-network={balance.network}
            data-token={balance.token.address}
          >
            <span className={styles.rowMain}>
              <strong>{balance.token.symbol}</strong>
              <span className={styles.muted}>
                {formatTokenAmount(BigInt(balance.amount), balance.token.decimals, { locale: intl.locale })}{' '}
                {balance.token.symbol} · {networkName(balance.network)}
              </span>
            </span>
            <span className={styles.rowEnd}>
              <span>{value === null ? '–' : format(value)}</span>
              {change === null ? null : (
                <span className={styles.muted} data-trend={change > 0 ? 'up' : change < 0 ? 'down' : 'flat'}>
                  {intl.formatNumber(change / 100, {
                    style: 'percent',
                    maximumFractionDigits: 2,
                    signDisplay: 'exceptZero',
                  })}
                </span>
              )}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

const networkOfChain = (chainId: number): string => findNetworkByChainId(chainId)?.slug ?? String(chainId)

function ActivityTab(props: { address: `0x${string}`; onReceive: (mode: ReceiveMode) => void }) {
  const intl = useIntl()
  const activity = useActivity(props.address, true)
  const tracked = useTrackedTransactions(props.address)
  const pending = usePendingTransactions(props.address)
  const fiat = useFiatOrders(props.address)
  // the limits view's own query (one cache entry), the statuses as the limits view shows them
  const limitOrders = useQuery(ordersQuery(props.address))
  const nowSeconds = Math.floor(Date.now() / 1000)
  const limit: LimitActivity[] = (limitOrders.data?.orders ?? []).map((order) => ({
    ...order,
    shown: shownStatus(order, undefined, nowSeconds),
  }))
  const [details, setDetails] = useState<ActivitySummary | null>(null)
  const latest = activity.data?.[0]?.timestamp ?? 0
  useEffect(() => {
    if (latest > 0) markActivitySeen(props.address, latest)
  }, [latest, props.address])
  if (activity.isError && !activity.data)
    return (
      <LoadError message={intl.formatMessage(m.loadActivityFailed)} onRetry={() => void activity.refetch()} />
    )
  if (activity.isPending && pending.length === 0)
    return <SkeletonRows count={3} label={intl.formatMessage(m.loading)} />
  const rows = mergeActivity(tracked, activity.data ?? [], networkOfChain, fiat.data ?? [], limit)
  if (rows.length === 0)
    return <Empty title={intl.formatMessage(m.emptyActivity)} onReceive={props.onReceive} />
  return (
    <>
      <ul className={styles.rows} data-testid="portfolio-activity">
        {rows.map((row) => {
          if (row.status === 'fiat') return <FiatRow key={row.key} row={row} onOpen={setDetails} />
          if (row.status === 'limit') return <LimitRow key={row.key} row={row} onOpen={setDetails} />
          if (row.status !== 'confirmed')
            return <AppRow key={row.key} row={row} address={props.address} onOpen={setDetails} />
          return <ConfirmedRow key={row.key} row={row} onOpen={setDetails} />
        })}
      </ul>
      {details ? (
        <Suspense fallback={null}>
          <TransactionDetails summary={details} account={props.address} onClose={() => setDetails(null)} />
        </Suspense>
      ) : null}
    </>
  )
}

function NftsTab(props: { owner: string; onReceive: (mode: ReceiveMode) => void }) {
  const intl = useIntl()
  const nfts = useNfts(props.owner, true)
  if (nfts.isError && !nfts.data)
    return <LoadError message={intl.formatMessage(m.loadTokensFailed)} onRetry={() => void nfts.refetch()} />
  if (nfts.isPending) return <SkeletonRows count={3} label={intl.formatMessage(m.loading)} />
  if (nfts.data.length === 0)
    return <Empty title={intl.formatMessage(m.emptyNfts)} onReceive={props.onReceive} />
  return (
    <ul className={styles.rows}>
      {nfts.data.map((nft) => (
        <li key={nft.id} className={styles.row}>
          <span className={styles.rowMain}>
            <strong>
              {nft.collection.name} #{nft.tokenId}
            </strong>
            <span className={styles.muted}>{networkName(nft.network)}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}

/**
 * The mini portfolio: Tokens, NFTs (hidden when NFTs are off), Pools and Activity tabs; the selected
 * tab is remembered. Activity shows a pending indicator while transactions are pending and a dot
 * for unseen activity while another tab is open.
 */
export function MiniPortfolio(props: {
  address: `0x${string}`
  portfolio: UseQueryResult<Portfolio>
  onReceive: (mode: ReceiveMode) => void
}) {
  const intl = useIntl()
  const nftsEnabled = useNftsEnabled()
  const stored = usePortfolioTab()
  const tab: PortfolioTab = stored === 'nfts' && !nftsEnabled ? 'tokens' : stored
  const tabs: PortfolioTab[] = nftsEnabled
    ? ['tokens', 'nfts', 'pools', 'activity']
    : ['tokens', 'pools', 'activity']
  const pending = usePendingTransactions(props.address)
  // Activity is watched from every tab, so the unseen dot appears while another one is open.
  const activity = useActivity(props.address, true)
  const seen = useSeenActivity(props.address)
  const latest = activity.data?.[0]?.timestamp ?? 0
  const unseen = tab !== 'activity' && latest > seen && seen > 0
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({})
  const unavailable = props.portfolio.data?.unavailable
  const labels: Record<PortfolioTab, string> = {
    tokens: intl.formatMessage(m.tabTokens),
    nfts: intl.formatMessage(m.tabNfts),
    pools: intl.formatMessage(m.tabPools),
    activity: intl.formatMessage(m.tabActivity),
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab)
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const rtl = document.documentElement.dir === 'rtl' ? -1 : 1
    const next = tabs[(index + step * rtl + tabs.length) % tabs.length] ?? 'tokens'
    portfolioTab.set(next)
    tabRefs.current[next]?.focus()
  }
  return (
    <div className={styles.portfolio}>
      <div
        className={styles.tabs}
        role="tablist"
        aria-label={intl.formatMessage(m.portfolio)}
        onKeyDown={onKeyDown}
      >
        {tabs.map((id) => (
          <button
            key={id}
            ref={(element) => {
              tabRefs.current[id] = element
            }}
            type="button"
            role="tab"
            id={`account-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="account-tabpanel"
            tabIndex={tab === id ? 0 : -1}
            className={styles.tab}
            onClick={() => portfolioTab.set(id)}
          >
            {labels[id]}
            {id === 'activity' && pending.length > 0 ? (
              <span
                className={styles.spinner}
                role="img"
                aria-label={intl.formatMessage(m.activityPending)}
              />
            ) : null}
            {id === 'activity' && unseen && pending.length === 0 ? (
              <span
                className={styles.dot}
                role="img"
                aria-label={intl.formatMessage(m.unseen)}
                data-testid="activity-unseen"
              />
            ) : null}
          </button>
        ))}
      </div>
      <div
        id="account-tabpanel"
        role="tabpanel"
        aria-labelledby={`account-tab-${tab}`}
        className={styles.panel}
      >
        {unavailable ? (
          <NetworksUnavailable
            networks={unavailable}
            body={m.networksUnavailableBody}
            className={styles.empty}
          />
        ) : null}
        {!unavailable && tab === 'tokens' ? (
          <TokensTab portfolio={props.portfolio} onReceive={props.onReceive} />
        ) : null}
        {!unavailable && tab === 'nfts' ? (
          <NftsTab owner={props.address} onReceive={props.onReceive} />
        ) : null}
        {!unavailable && tab === 'pools' ? (
          <PoolsList owner={props.address} onReceive={props.onReceive} />
        ) : null}
        {!unavailable && tab === 'activity' ? (
          <ActivityTab address={props.address} onReceive={props.onReceive} />
        ) : null}
      </div>
    </div>
  )
}
