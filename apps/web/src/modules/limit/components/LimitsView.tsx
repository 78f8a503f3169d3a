import { formatTokenAmount, shortenAddress } from '@oxbow/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetworkByChainId } from '../../config/index.ts'
import { tradeBoxStyles as trade, tradingNetworksQuery, useTokenList } from '../../swap/index.ts'
import { Button, Dialog } from '../../ui/index.ts'
import { type Hex, loadWalletRuntime } from '../../wallet/index.ts'
import type { CancelFlowState } from '../services/cancelFlow.ts'
import { isLimitOrder, type LimitOrder, ordersQuery } from '../services/ordersApi.ts'
import { isCancellable, type LocalCancel, type ShownOrderStatus, shownStatus } from '../state/orderStatus.ts'
import styles from './Limit.module.css'
import { limitMessages as m, orderStatusMessages } from './limitMessages.ts'

const now = () => Math.floor(Date.now() / 1000)

/**
 * The spec's limits view: the account's limit orders with their statuses, a select checkbox on each
 * (an order pending cancellation cannot be selected), and the cancel button with the selected
 * count (shown only when a selected order is cancellable; disabled while a cancel runs or nothing
 * is selected). Cancelling invalidates the orders' Permit2 nonces on chain (one transaction per
 * 256-nonce word) through the spec's cancel flow. Self-contained: give it the account; it can be
 * mounted on the Limit screen or in the account drawer.
 */
export function LimitsView({ account }: { account: Hex | null }) {
  const intl = useIntl()
  const queryClient = useQueryClient()
  const orders = useQuery(ordersQuery(account))
  const networks = useQuery(tradingNetworksQuery())
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [cancels, setCancels] = useState<ReadonlyMap<string, LocalCancel>>(new Map())
  const [flow, setFlow] = useState<CancelFlowState>({ step: 'notStarted' })
  const running = flow.step === 'pendingSignature' || flow.step === 'pendingConfirmation'

  const list = (orders.data?.orders ?? []).filter(isLimitOrder)
  const statusOf = (order: LimitOrder) => shownStatus(order, cancels.get(order.orderHash), now())
  const chosen = list.filter((order) => selected.has(order.orderHash) && isCancellable(statusOf(order)))

  const toggle = (hash: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(hash)) next.delete(hash)
      else next.add(hash)
      return next
    })

  const markCancels = (hashes: readonly string[], state: LocalCancel | undefined) =>
    setCancels((current) => {
      const next = new Map(current)
      for (const hash of hashes) {
        if (state) next.set(hash, state)
        else next.delete(hash)
      }
      return next
    })

  const startCancel = async () => {
    const targets = chosen
    if (targets.length === 0 || running) return
    const hashes = targets.map((order) => order.orderHash)
    markCancels(hashes, 'signing')
    const [wallet, { runCancel }] = await Promise.all([
      loadWalletRuntime(),
      import('../services/cancelFlow.ts'),
    ])
    let last: CancelFlowState = { step: 'reviewing' }
    // one network at a time: each network's Permit2 holds its own nonces
    for (const chainId of new Set(targets.map((order) => order.chainId))) {
      const permit2 = networks.data?.find((network) => network.chainId === chainId)?.permit2
      const ofChain = targets.filter((order) => order.chainId === chainId)
      if (!permit2) continue
      last = await runCancel(
        { chainId, permit2, nonces: ofChain.map((order) => BigInt(order.nonce)) },
        wallet,
        (state) => {
          setFlow(state)
          const ofHashes = ofChain.map((order) => order.orderHash)
          if (state.step === 'pendingConfirmation') markCancels(ofHashes, 'submitted')
          if (state.step === 'cancelled') markCancels(ofHashes, 'successful')
          if (state.step === 'reviewing') markCancels(ofHashes, undefined)
        },
      )
      if (last.step !== 'cancelled') break
    }
    setFlow(last)
    if (last.step === 'cancelled') {
      setSelected(new Set())
      void queryClient.invalidateQueries({ queryKey: ['limit-orders'] })
    }
  }

  /** Closing the confirmation view: with a hash the selection is cleared; back to not started. */
  const closeConfirmation = () => {
    if (flow.step === 'pendingSignature') return
    if (flow.step === 'pendingConfirmation' || flow.step === 'cancelled') setSelected(new Set())
    setFlow({ step: 'notStarted' })
  }

  if (!account) return null
  return (
    <section className={trade.box} aria-label={intl.formatMessage(m.openOrders)} data-testid="limits-view">
      <h2 className={styles.ordersTitle}>{intl.formatMessage(m.openOrders)}</h2>
      {orders.isError && !orders.data ? (
        <p role="alert" className={styles.error}>
          {intl.formatMessage(m.loadFailed)}
        </p>
      ) : list.length === 0 && orders.data ? (
        <p className={styles.muted}>{intl.formatMessage(m.noOrders)}</p>
      ) : (
        <ul className={styles.orderList}>
          {list.map((order) => (
            <OrderRow
              key={order.orderHash}
              order={order}
              status={statusOf(order)}
              selected={selected.has(order.orderHash)}
              disabled={running}
              onToggle={() => toggle(order.orderHash)}
            />
          ))}
        </ul>
      )}
      {chosen.length > 0 ? (
        <Button
          data-testid="limits-cancel"
          disabled={running || chosen.length === 0}
          onClick={() => setFlow({ step: 'reviewing' })}
        >
          {intl.formatMessage(m.cancelSelected, { count: chosen.length })}
        </Button>
      ) : null}
      <Dialog
        open={flow.step !== 'notStarted'}
        onClose={closeConfirmation}
        label={intl.formatMessage(m.cancelTitle)}
        className={trade.dialog}
        data-testid="limits-cancel-dialog"
        data-state={flow.step}
      >
        <div className={trade.dialogBody}>
          <h2 className={trade.dialogTitle}>{intl.formatMessage(m.cancelTitle)}</h2>
          <p>{intl.formatMessage(m.cancelExplain)}</p>
          {flow.step === 'reviewing' ? (
            <Button data-testid="limits-cancel-confirm" onClick={() => void startCancel()}>
              {intl.formatMessage(m.cancelConfirm)}
            </Button>
          ) : (
            <p role="status" data-testid="limits-cancel-status">
              {intl.formatMessage(
                flow.step === 'pendingSignature'
                  ? m.cancelPendingSignature
                  : flow.step === 'pendingConfirmation'
                    ? m.cancelPendingConfirmation
                    : m.cancelDone,
              )}
            </p>
          )}
        </div>
      </Dialog>
    </section>
  )
}

function OrderRow(props: {
  order: LimitOrder
  status: ShownOrderStatus
  selected: boolean
  disabled: boolean
  onToggle: () => void
}) {
  const intl = useIntl()
  const { order, status } = props
  const network = useMemo(() => findNetworkByChainId(order.chainId), [order.chainId])
  const { tokens } = useTokenList(network?.slug ?? '')
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const tokenIn = tokens.find((t) => same(t.address, order.input.token))
  const tokenOut = tokens.find((t) => same(t.address, order.output.token))
  // the spec: orders lacking details or currencies are not rendered
  if (!network || !tokenIn || !tokenOut) return null
  const summary = intl.formatMessage(m.orderSummary, {
    amountIn: formatTokenAmount(BigInt(order.input.amount), tokenIn.decimals, { locale: intl.locale }),
    symbolIn: tokenIn.symbol,
    amountOut: formatTokenAmount(BigInt(order.output.amount), tokenOut.decimals, { locale: intl.locale }),
    symbolOut: tokenOut.symbol,
  })
  const expiry = intl.formatDate(order.deadline * 1000, { year: 'numeric', month: 'short', day: 'numeric' })
  return (
    <li
      className={styles.order}
      data-testid="limit-order"
      data-order-hash={order.orderHash}
      data-status={status}
    >
      <input
        type="checkbox"
        className={styles.check}
        aria-label={intl.formatMessage(m.select, { summary })}
        checked={props.selected && isCancellable(status)}
        disabled={props.disabled || !isCancellable(status)}
        onChange={props.onToggle}
      />
      <div className={styles.orderMain}>
        <span className={styles.orderSummary}>{summary}</span>
        <span className={styles.muted}>{intl.formatMessage(m.expires, { date: expiry })}</span>
        {order.txHash ? (
          <span className={styles.muted} data-testid="limit-order-tx" title={order.txHash}>
            {intl.formatMessage(m.fillTx, { hash: shortenAddress(order.txHash) })}
          </span>
        ) : null}
      </div>
      <span className={styles.status} data-testid="limit-order-status" data-status={status}>
        {intl.formatMessage(orderStatusMessages[status])}
      </span>
    </li>
  )
}
