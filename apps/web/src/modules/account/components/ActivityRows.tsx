import { explorerTransactionUrl } from '@oxbow/chains/explorer'
import { formatTokenAmount, shortenAddress } from '@oxbow/core'
import type { ReactNode } from 'react'
import { type MessageDescriptor, useIntl } from 'react-intl'
import { findNetwork, networkName } from '../../config/index.ts'
import { useFiatProviders } from '../../fiat/index.ts'
import { useAddressName } from '../../identity/index.ts'
import { orderStatusMessages, orderTxMessage, type ShownOrderStatus } from '../../limit/index.ts'
import { useTokenList } from '../../swap/index.ts'
import type { ActivityRow } from '../services/mergeActivity.ts'
import type { ActivitySummary } from '../services/transactionDetails.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m, pendingTitles } from './accountMessages.ts'
import { detailsMessages as dm } from './detailsMessages.ts'
import { PendingTxActions } from './PendingTxActions.tsx'
import { pendingTxMessages as pm } from './pendingTxMessages.ts'

/**
 * The button of an activity row, which opens its details: the title over a muted detail line (and
 * any extra line), and what the row ends with (its status or date).
 */
function RowButton(props: {
  onOpen: () => void
  title: string
  detail: ReactNode
  extra?: ReactNode
  end: ReactNode
}) {
  return (
    <button
      type="button"
      className={`${styles.row} ${styles.rowButton}`}
      onClick={props.onOpen}
      aria-haspopup="dialog"
      data-testid="activity-open"
    >
      <span className={styles.rowMain}>
        <strong>{props.title}</strong>
        <span className={styles.muted}>{props.detail}</span>
        {props.extra}
      </span>
      <span className={styles.rowEnd}>{props.end}</span>
    </button>
  )
}

/** A row's date, short (month and day), muted. */
function RowDate(props: { ms: number }) {
  const intl = useIntl()
  return <span className={styles.muted}>{intl.formatDate(props.ms, { month: 'short', day: 'numeric' })}</span>
}

/** A still-pending row's status, with a spinner. */
function PendingBadge(props: { label: string }) {
  return (
    <span className={styles.pendingBadge} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {props.label}
    </span>
  )
}

/**
 * An indexed transaction: its type, its asset changes (or network) and date; a send or receive also
 * names its counterparty (username, else ENS name, else the shortened address; text only).
 */
export function ConfirmedRow(props: {
  row: Extract<ActivityRow, { status: 'confirmed' }>
  onOpen: (summary: ActivitySummary) => void
}) {
  const intl = useIntl()
  const { row } = props
  const counterparty =
    row.entry.type === 'SEND' || row.entry.type === 'RECEIVE' ? row.entry.counterparty : null
  const name = useAddressName(counterparty)
  const title = intl.formatMessage(m[`type${row.entry.type}`])
  const changes = row.entry.assetChanges.map((change) => {
    const what = change.token
      ? `${formatTokenAmount(BigInt(change.amount), change.token.decimals, { locale: intl.locale })} ${change.token.symbol}`
      : `${change.nftCollection?.name ?? ''} #${change.tokenId ?? ''}`
    return `${change.direction === 'IN' ? '+' : '−'}${what}`
  })
  const open = () =>
    props.onOpen({
      hash: row.hash,
      network: row.network,
      type: title,
      status: intl.formatMessage(m.statusConfirmed),
      failed: false,
      changes,
      at: row.entry.timestamp,
      providerFee: null,
    })
  return (
    <li data-tx={row.hash} data-status={row.status}>
      <RowButton
        onOpen={open}
        title={title}
        detail={changes.join(' ') || networkName(row.network)}
        extra={
          counterparty ? (
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
          ) : null
        }
        end={<RowDate ms={row.entry.timestamp * 1000} />}
      />
    </li>
  )
}

/**
 * One of the app's own transactions: pending (with Speed up and Cancel), canceling (the cancel
 * sent, waiting to be mined; Speed up sends a faster cancel), canceled, or failed (mined, reverted:
 * 'Approval failed', 'Swap failed'…).
 */
export function AppRow(props: {
  row: Extract<ActivityRow, { status: 'pending' | 'canceling' | 'canceled' | 'failed' }>
  address: `0x${string}`
  onOpen: (summary: ActivitySummary) => void
}) {
  const intl = useIntl()
  const { row } = props
  const title =
    row.status === 'canceled'
      ? intl.formatMessage(pm.canceledTitle)
      : row.status === 'failed'
        ? intl.formatMessage(dm.failedTitle, { kind: row.kind })
        : intl.formatMessage(pendingTitles[row.kind])
  const statusLabel =
    row.status === 'canceled'
      ? intl.formatMessage(pm.statusCanceled)
      : row.status === 'failed'
        ? intl.formatMessage(m.statusFailed)
        : intl.formatMessage(row.status === 'canceling' ? pm.statusCanceling : m.statusPending)
  const open = () =>
    props.onOpen({
      hash: row.hash,
      network: row.network,
      type: title,
      status: statusLabel,
      failed: row.status === 'failed',
      changes: [],
      at: Math.floor((row.tx.finishedAt ?? row.addedAt) / 1000),
      providerFee: null,
    })
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
      <RowButton
        onOpen={open}
        title={title}
        detail={detail}
        end={
          row.status === 'canceled' || row.status === 'failed' ? (
            <span
              className={row.status === 'failed' ? styles.failedLabel : styles.muted}
              data-testid="activity-status"
            >
              {statusLabel}
            </span>
          ) : (
            <PendingBadge label={statusLabel} />
          )
        }
      />
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

/**
 * An onramp, offramp or exchange-transfer order of the API's fiat module; it opens its details (its
 * transaction's, once the provider or the user has sent one).
 */
export function FiatRow(props: {
  row: Extract<ActivityRow, { status: 'fiat' }>
  onOpen: (summary: ActivitySummary) => void
}) {
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
  const statusLabel = intl.formatMessage(
    order.status === 'completed'
      ? m.statusConfirmed
      : order.status === 'failed'
        ? m.statusFailed
        : m.statusPending,
  )
  // The provider's fee from its quote, in the order's currency (none for an exchange transfer).
  const providerFee =
    order.feeAmount !== null && order.fiatCurrency !== null
      ? intl.formatNumber(Number(order.feeAmount), { style: 'currency', currency: order.fiatCurrency })
      : null
  const open = () =>
    props.onOpen({
      hash: props.row.hash,
      network: order.network,
      type: title,
      status: statusLabel,
      failed: order.status === 'failed',
      changes: [],
      at: Math.floor(Date.parse(order.createdAt) / 1000),
      providerFee,
    })
  return (
    <li data-tx={props.row.hash ?? undefined} data-status="fiat" data-fiat-order={order.id}>
      <RowButton
        onOpen={open}
        title={title}
        detail={networkName(order.network)}
        end={
          order.status === 'completed' ? (
            <RowDate ms={Date.parse(order.createdAt)} />
          ) : order.status === 'failed' ? (
            <span className={styles.muted}>{statusLabel}</span>
          ) : (
            <PendingBadge label={statusLabel} />
          )
        }
      />
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
export function LimitRow(props: {
  row: Extract<ActivityRow, { status: 'limit' }>
  onOpen: (summary: ActivitySummary) => void
}) {
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
  const amountIn = formatTokenAmount(BigInt(order.input.amount), tokenIn.decimals, { locale: intl.locale })
  const title = intl.formatMessage(gasless ? m.gaslessSwap : m.limitOrder, {
    amount: amountIn,
    tokenIn: tokenIn.symbol,
    tokenOut: tokenOut.symbol,
  })
  const statusLabel = intl.formatMessage((gasless ? gaslessStatusMessages : orderStatusMessages)[order.shown])
  const short = hash ? shortenAddress(hash, 4) : null
  // A filler sends the fill, so the details show its cost only for a transaction the account sent.
  const open = () =>
    props.onOpen({
      hash,
      network: network.slug,
      type: title,
      status: statusLabel,
      failed: order.shown === 'failed',
      changes: [`−${amountIn} ${tokenIn.symbol}`],
      at: props.row.at,
      providerFee: null,
    })
  return (
    <li
      className={styles.appRow}
      data-tx={hash ?? undefined}
      data-status="limit"
      data-limit-order={order.orderHash}
      data-order-kind={gasless ? 'gasless' : 'limit'}
      data-order-status={order.shown}
    >
      <RowButton
        onOpen={open}
        title={title}
        detail={networkName(network.slug)}
        end={
          <>
            <span data-testid="activity-limit-status" data-status={order.shown}>
              {statusLabel}
            </span>
            <RowDate ms={props.row.at * 1000} />
          </>
        }
      />
      {/* the fill (or cancel) transaction: a link out, so beside the row's button, not in it */}
      {hash && short ? (
        <span className={styles.muted}>
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
        </span>
      ) : null}
    </li>
  )
}
