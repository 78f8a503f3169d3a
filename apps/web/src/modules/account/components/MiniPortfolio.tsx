import { explorerTransactionUrl } from '@oxbow/chains/explorer'
import { formatTokenAmount, shortenAddress } from '@oxbow/core'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useRef } from 'react'
import { type MessageDescriptor, useIntl } from 'react-intl'
import { findNetwork, findNetworkByChainId, networkName } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { ProviderMarks, useFiatOrders, useFiatProviders } from '../../fiat/index.ts'
import { useNftsEnabled } from '../../flags/index.ts'
import { useAddressName } from '../../identity/index.ts'
import {
  orderStatusMessages,
  ordersQuery,
  orderTxMessage,
  type ShownOrderStatus,
  shownStatus,
} from '../../limit/index.ts'
import { useTokenList } from '../../swap/index.ts'
import { Button, SkeletonRows } from '../../ui/index.ts'
import { usePendingTransactions, useTrackedTransactions } from '../../wallet/index.ts'
import { useActivity, useNfts } from '../hooks/useAccountData.ts'
import { type ActivityRow, type LimitActivity, mergeActivity } from '../services/mergeActivity.ts'
import type { Portfolio } from '../services/portfolioData.ts'
import { type PortfolioTab, portfolioTab, usePortfolioTab } from '../state/drawerState.ts'
import { markActivitySeen, useSeenActivity } from '../state/seenActivity.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m } from './accountMessages.ts'
import { PendingTxActions } from './PendingTxActions.tsx'
import { PoolsList } from './PoolsList.tsx'
import { pendingTxMessages as pm } from './pendingTxMessages.ts'

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

/** How the receive modal opens: the address, or straight on the exchange list. */
export type ReceiveMode = 'default' | 'exchange'

function Empty(props: { title: string; onReceive?: (mode: ReceiveMode) => void }) {
  const intl = useIntl()
  const { exchanges } = useFiatProviders()
  return (
    <div className={styles.empty}>
      <strong>{props.title}</strong>
      <p className={styles.muted}>{intl.formatMessage(m.emptyHint)}</p>
      {props.onReceive ? (
        <div className={styles.actions}>
          <a className={styles.homeAction} href="/buy">
            {intl.formatMessage(m.buyCrypto)}
          </a>
          <button type="button" className={styles.homeAction} onClick={() => props.onReceive?.('default')}>
            {intl.formatMessage(m.receiveCrypto)}
          </button>
          {exchanges.length > 0 ? (
            <button
              type="button"
              className={styles.homeAction}
              data-testid="empty-from-exchange"
              onClick={() => props.onReceive?.('exchange')}
            >
              <ProviderMarks names={exchanges.map((exchange) => exchange.name)} max={3} />
              {intl.formatMessage(m.fromExchange)}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

/** Testnet mode where no test network is served: said plainly, never another network's data. */
export function NetworksUnavailable(props: { networks: readonly string[] }) {
  const intl = useIntl()
  return (
    <div className={styles.empty} data-testid="networks-unavailable">
      <strong>{intl.formatMessage(m.networksUnavailable)}</strong>
      <p className={styles.muted}>
        {intl.formatMessage(m.networksUnavailableBody, {
          networks: intl.formatList(props.networks.map(networkName), { type: 'conjunction' }),
        })}
      </p>
    </div>
  )
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

function ActivityTab(props: { address: `0x${string}` }) {
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
  if (rows.length === 0) return <Empty title={intl.formatMessage(m.emptyActivity)} />
  return (
    <ul className={styles.rows} data-testid="portfolio-activity">
      {rows.map((row) => {
        if (row.status === 'fiat') return <FiatRow key={row.key} row={row} />
        if (row.status === 'limit') return <LimitRow key={row.key} row={row} />
        if (row.status !== 'confirmed') return <AppRow key={row.key} row={row} address={props.address} />
        return <ConfirmedRow key={row.key} row={row} />
      })}
    </ul>
  )
}

/**
 * An indexed transaction: its type, its asset changes (or network) and date; a send or receive also
 * names its counterparty (username, else ENS name, else the shortened address; text only).
 */
function ConfirmedRow(props: { row: Extract<ActivityRow, { status: 'confirmed' }> }) {
  const intl = useIntl()
  const { row } = props
  const counterparty =
    row.entry.type === 'SEND' || row.entry.type === 'RECEIVE' ? row.entry.counterparty : null
  const name = useAddressName(counterparty)
  const title = intl.formatMessage(m[`type${row.entry.type}`])
  const changes = row.entry.assetChanges
    .map((change) => {
      const what = change.token
        ? `${formatTokenAmount(BigInt(change.amount), change.token.decimals, { locale: intl.locale })} ${change.token.symbol}`
        : `${change.nftCollection?.name ?? ''} #${change.tokenId ?? ''}`
      return `${change.direction === 'IN' ? '+' : '−'}${what}`
    })
    .join(' ')
  return (
    <li className={styles.row} data-tx={row.hash} data-status={row.status}>
      <span className={styles.rowMain}>
        <strong>{title}</strong>
        <span className={styles.muted}>{changes || networkName(row.network)}</span>
        {counterparty ? (
          <span
            className={styles.muted}
            title={counterparty}
            data-testid="activity-counterparty"
            data-address={counterparty}
          >
            {intl.formatMessage(row.entry.type === 'SEND' ? m.activityTo : m.activityFrom, {
              name: name ?? shortenAddress(counterparty, 4),
            })}
          </span>
        ) : null}
      </span>
      <span className={styles.rowEnd}>
        <span className={styles.muted}>
          {intl.formatDate(row.entry.timestamp * 1000, { month: 'short', day: 'numeric' })}
        </span>
      </span>
    </li>
  )
}

/**
 * One of the app's own transactions: pending (with Speed up and Cancel), canceling (the cancel
 * sent, waiting to be mined; Speed up sends a faster cancel) or canceled.
 */
function AppRow(props: {
  row: Extract<ActivityRow, { status: 'pending' | 'canceling' | 'canceled' }>
  address: `0x${string}`
}) {
  const intl = useIntl()
  const { row } = props
  const title =
    row.status === 'canceled'
      ? intl.formatMessage(pm.canceledTitle)
      : intl.formatMessage(
          {
            approve: m.pendingApprove,
            swap: m.pendingSwap,
            wrap: m.pendingWrap,
            unwrap: m.pendingUnwrap,
            send: m.pendingSend,
            mint: m.pendingMint,
            liquidityIncrease: m.pendingLiquidityIncrease,
            liquidityDecrease: m.pendingLiquidityDecrease,
            collectFees: m.pendingCollectFees,
            createPool: m.pendingCreatePool,
            migrateLiquidity: m.pendingMigrateLiquidity,
            delegate: m.pendingDelegate,
            removeDelegation: m.pendingRemoveDelegation,
          }[row.kind],
        )
  const detail = row.tx.spedUp
    ? `${networkName(row.network)} · ${intl.formatMessage(pm.spedUp)}`
    : networkName(row.network)
  return (
    <li
      className={styles.appRow}
      data-tx={row.hash}
      data-status={row.status}
      data-original={row.tx.replaced?.[0] ?? row.hash}
    >
      <div className={styles.row}>
        <span className={styles.rowMain}>
          <strong>{title}</strong>
          <span className={styles.muted}>{detail}</span>
        </span>
        <span className={styles.rowEnd}>
          {row.status === 'canceled' ? (
            <span className={styles.muted}>{intl.formatMessage(pm.statusCanceled)}</span>
          ) : (
            <span className={styles.pendingBadge} role="status">
              <span className={styles.spinner} aria-hidden="true" />
              {intl.formatMessage(row.status === 'canceling' ? pm.statusCanceling : m.statusPending)}
            </span>
          )}
        </span>
      </div>
      {row.status === 'pending' || row.status === 'canceling' ? (
        <PendingTxActions
          key={row.hash}
          account={props.address}
          tx={row.tx}
          canceling={row.status === 'canceling'}
        />
      ) : null}
    </li>
  )
}

/** An onramp, offramp or exchange-transfer order of the API's fiat module. */
function FiatRow(props: { row: Extract<ActivityRow, { status: 'fiat' }> }) {
  const intl = useIntl()
  const { order } = props.row
  const { ramps, exchanges } = useFiatProviders()
  // The API's display name of the provider (its id until the list has loaded).
  const provider =
    [...ramps, ...exchanges].find((entry) => entry.id === order.provider)?.name ?? order.provider
  const values = { token: order.crypto ?? '', provider }
  const title = intl.formatMessage(
    order.side === 'buy' ? m.fiatBuy : order.side === 'sell' ? m.fiatSell : m.fiatTransfer,
    values,
  )
  return (
    <li
      className={styles.row}
      data-tx={props.row.hash ?? undefined}
      data-status="fiat"
      data-fiat-order={order.id}
    >
      <span className={styles.rowMain}>
        <strong>{title}</strong>
        <span className={styles.muted}>{networkName(order.network)}</span>
      </span>
      <span className={styles.rowEnd}>
        {order.status === 'completed' ? (
          <span className={styles.muted}>
            {intl.formatDate(Date.parse(order.createdAt), { month: 'short', day: 'numeric' })}
          </span>
        ) : order.status === 'failed' ? (
          <span className={styles.muted}>{intl.formatMessage(m.statusFailed)}</span>
        ) : (
          <span className={styles.pendingBadge} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            {intl.formatMessage(m.statusPending)}
          </span>
        )}
      </span>
    </li>
  )
}

/**
 * A gasless swap's order is a swap: its row says so in the spec's swap states (pending, confirmed,
 * failed, expired, canceled) where a limit order's says the limit-order states.
 */
const gaslessStatusMessages: Record<ShownOrderStatus, MessageDescriptor> = {
  ...orderStatusMessages,
  opened: m.statusPending,
  pending: m.statusPending,
  executed: m.statusConfirmed,
  failed: m.statusFailed,
}

/**
 * An order of the API's order service, a limit order or a gasless swap's: what it sells for what,
 * its status (a limit order's as the limits view shows it, a gasless swap's as a swap's), and its
 * fill (or cancel) transaction, linked to the network's explorer when it has one. Like the limits
 * view, an order whose network or tokens are unknown is not rendered.
 */
function LimitRow(props: { row: Extract<ActivityRow, { status: 'limit' }> }) {
  const intl = useIntl()
  const { order, hash } = props.row
  const network = findNetwork(props.row.network)
  const { tokens } = useTokenList(network?.slug ?? '')
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const tokenIn = tokens.find((token) => same(token.address, order.input.token))
  const tokenOut = tokens.find((token) => same(token.address, order.output.token))
  if (!network || !tokenIn || !tokenOut) return null
  // token symbols are the list's (untrusted): they only ever go into text
  const gasless = order.kind === 'gasless'
  const title = intl.formatMessage(gasless ? m.gaslessSwap : m.limitOrder, {
    amount: formatTokenAmount(BigInt(order.input.amount), tokenIn.decimals, { locale: intl.locale }),
    tokenIn: tokenIn.symbol,
    tokenOut: tokenOut.symbol,
  })
  const short = hash ? shortenAddress(hash, 4) : null
  return (
    <li
      className={styles.row}
      data-tx={hash ?? undefined}
      data-status="limit"
      data-limit-order={order.orderHash}
      data-order-kind={gasless ? 'gasless' : 'limit'}
      data-order-status={order.shown}
    >
      <span className={styles.rowMain}>
        <strong>{title}</strong>
        <span className={styles.muted}>
          {networkName(network.slug)}
          {hash && short ? (
            <>
              {' · '}
              {network.explorer ? (
                <a
                  href={explorerTransactionUrl(network.explorer, hash)}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="activity-limit-tx"
                  title={hash}
                >
                  {intl.formatMessage(orderTxMessage, { hash: short })}
                </a>
              ) : (
                <span data-testid="activity-limit-tx" title={hash}>
                  {intl.formatMessage(orderTxMessage, { hash: short })}
                </span>
              )}
            </>
          ) : null}
        </span>
      </span>
      <span className={styles.rowEnd}>
        <span data-testid="activity-limit-status" data-status={order.shown}>
          {intl.formatMessage((gasless ? gaslessStatusMessages : orderStatusMessages)[order.shown])}
        </span>
        <span className={styles.muted}>
          {intl.formatDate(props.row.at * 1000, { month: 'short', day: 'numeric' })}
        </span>
      </span>
    </li>
  )
}

function NftsTab(props: { owner: string }) {
  const intl = useIntl()
  const nfts = useNfts(props.owner, true)
  if (nfts.isError && !nfts.data)
    return <LoadError message={intl.formatMessage(m.loadTokensFailed)} onRetry={() => void nfts.refetch()} />
  if (nfts.isPending) return <SkeletonRows count={3} label={intl.formatMessage(m.loading)} />
  if (nfts.data.length === 0) return <Empty title={intl.formatMessage(m.emptyNfts)} />
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
        {unavailable ? <NetworksUnavailable networks={unavailable} /> : null}
        {!unavailable && tab === 'tokens' ? (
          <TokensTab portfolio={props.portfolio} onReceive={props.onReceive} />
        ) : null}
        {!unavailable && tab === 'nfts' ? <NftsTab owner={props.address} /> : null}
        {!unavailable && tab === 'pools' ? <PoolsList owner={props.address} /> : null}
        {!unavailable && tab === 'activity' ? <ActivityTab address={props.address} /> : null}
      </div>
    </div>
  )
}
