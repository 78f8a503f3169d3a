import { explorerTransactionUrl } from '@oxbow/chains/explorer'
import { formatTokenAmount, shortenAddress } from '@oxbow/core'
import { type MessageDescriptor, useIntl } from 'react-intl'
import { findNetwork, networkName } from '../../config/index.ts'
import { useFiatProviders } from '../../fiat/index.ts'
import { useAddressName } from '../../identity/index.ts'
import { orderStatusMessages, orderTxMessage, type ShownOrderStatus } from '../../limit/index.ts'
import { useTokenList } from '../../swap/index.ts'
import type { ActivityRow } from '../services/mergeActivity.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m, pendingTitles } from './accountMessages.ts'
import { PendingTxActions } from './PendingTxActions.tsx'
import { pendingTxMessages as pm } from './pendingTxMessages.ts'

/**
 * An indexed transaction: its type, its asset changes (or network) and date; a send or receive also
 * names its counterparty (username, else ENS name, else the shortened address; text only).
 */
export function ConfirmedRow(props: { row: Extract<ActivityRow, { status: 'confirmed' }> }) {
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
export function AppRow(props: {
  row: Extract<ActivityRow, { status: 'pending' | 'canceling' | 'canceled' }>
  address: `0x${string}`
}) {
  const intl = useIntl()
  const { row } = props
  const title =
    row.status === 'canceled'
      ? intl.formatMessage(pm.canceledTitle)
      : intl.formatMessage(pendingTitles[row.kind])
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
export function FiatRow(props: { row: Extract<ActivityRow, { status: 'fiat' }> }) {
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
export function LimitRow(props: { row: Extract<ActivityRow, { status: 'limit' }> }) {
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
