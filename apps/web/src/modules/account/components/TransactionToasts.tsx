import { explorerTransactionUrl } from '@oxbow/chains/explorer'
import { useEffect, useRef, useState } from 'react'
import { type MessageDescriptor, useIntl } from 'react-intl'
import { findNetworkByChainId } from '../../config/index.ts'
import { openAccountDrawer, type PendingTransactionKind, setPendingToastSink } from '../../wallet/index.ts'
import { portfolioTab } from '../state/drawerState.ts'
import {
  dismissTransactionToast,
  pushTransactionToast,
  retargetTransactionToast,
  type TransactionToast,
  type TransactionToastStatus,
  useTransactionToasts,
} from '../state/transactionToasts.ts'
import { accountMessages as m, pendingTitles } from './accountMessages.ts'
import { pendingTxMessages as pm } from './pendingTxMessages.ts'
import styles from './TransactionToasts.module.css'
import { toastMessages as t } from './toastMessages.ts'

// The pending list tells the toasts from the moment this chunk loads (a wallet connected).
setPendingToastSink({ show: pushTransactionToast, retarget: retargetTransactionToast })

/** At most this many toasts show at once, newest on top; older ones wait until those go. */
export const VISIBLE_TOASTS = 3
/**
 * How long an outcome stays (the spec gives no durations): a pending toast stays until its outcome
 * replaces it; a failure stays longer than a success, so it can be read. Hover or focus pauses it.
 */
export const TOAST_DURATION_MS: Record<TransactionToastStatus, number | null> = {
  pending: null,
  success: 6000,
  canceled: 6000,
  failed: 12000,
}

type Descriptor = MessageDescriptor
const successTitles: Record<PendingTransactionKind, Descriptor> = {
  approve: m.typeAPPROVE,
  swap: m.typeSWAP,
  wrap: m.typeWRAP,
  unwrap: m.typeUNWRAP,
  send: m.typeSEND,
  mint: m.typeMINT,
  liquidityIncrease: m.typeLIQUIDITY_INCREASE,
  liquidityDecrease: m.typeLIQUIDITY_DECREASE,
  collectFees: m.typeCOLLECT_FEES,
  createPool: m.typeCREATE_POOL,
  migrateLiquidity: m.typeMIGRATE_LIQUIDITY,
  delegate: m.typeDELEGATE,
  removeDelegation: m.typeREMOVE_DELEGATION,
  lpRewardsClaim: m.typeLP_REWARDS_CLAIM,
}
const failedTitles: Record<PendingTransactionKind, Descriptor> = {
  approve: t.failedApprove,
  swap: t.failedSwap,
  wrap: t.failedWrap,
  unwrap: t.failedUnwrap,
  send: t.failedSend,
  mint: t.failedMint,
  liquidityIncrease: t.failedLiquidityIncrease,
  liquidityDecrease: t.failedLiquidityDecrease,
  collectFees: t.failedCollectFees,
  createPool: t.failedCreatePool,
  migrateLiquidity: t.failedMigrateLiquidity,
  delegate: t.failedDelegate,
  removeDelegation: t.failedRemoveDelegation,
  lpRewardsClaim: t.failedLpRewardsClaim,
}

function Toast(props: { toast: TransactionToast }) {
  const intl = useIntl()
  const { toast } = props
  const [paused, setPaused] = useState(false)
  const duration = TOAST_DURATION_MS[toast.status]
  useEffect(() => {
    if (duration === null || paused) return
    const timer = setTimeout(() => dismissTransactionToast(toast.id), duration)
    return () => clearTimeout(timer)
  }, [duration, paused, toast.id])
  const network = findNetworkByChainId(toast.chainId)
  const title =
    toast.status === 'pending'
      ? intl.formatMessage(pendingTitles[toast.kind])
      : toast.status === 'success'
        ? intl.formatMessage(successTitles[toast.kind])
        : toast.status === 'failed'
          ? intl.formatMessage(failedTitles[toast.kind])
          : intl.formatMessage(pm.canceledTitle)
  const status =
    toast.status === 'pending'
      ? m.statusPending
      : toast.status === 'success'
        ? t.confirmed
        : toast.status === 'failed'
          ? m.statusFailed
          : pm.statusCanceled
  return (
    <li
      className={styles.toast}
      data-status={toast.status}
      data-tx={toast.hash}
      data-testid="transaction-toast"
      role={toast.status === 'failed' ? 'alert' : 'status'}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className={styles.icon} data-status={toast.status} aria-hidden="true">
        {toast.status === 'pending'
          ? null
          : toast.status === 'success'
            ? '✓'
            : toast.status === 'failed'
              ? '!'
              : '–'}
      </span>
      <span className={styles.body}>
        <strong>{title}</strong>
        <span className={styles.muted}>
          {network?.name ?? toast.chainId} · {intl.formatMessage(status)}
        </span>
        {network?.explorer ? (
          <a
            className={styles.link}
            href={explorerTransactionUrl(network.explorer, toast.hash)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {intl.formatMessage(t.viewOnExplorer, { explorer: network.explorer.name })}
          </a>
        ) : (
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              portfolioTab.set('activity')
              openAccountDrawer()
              dismissTransactionToast(toast.id)
            }}
          >
            {intl.formatMessage(t.viewActivity)}
          </button>
        )}
      </span>
      <button
        type="button"
        className={styles.close}
        aria-label={intl.formatMessage(t.dismiss)}
        onClick={() => dismissTransactionToast(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  )
}

/**
 * The toast stack: top right under the header on wide screens, across the top on narrow ones. A
 * manual popover, so it shows above an open dialog (the drawer, a swap review); raised again on
 * each change so a dialog opened later does not cover a new toast.
 */
export function TransactionToasts() {
  const intl = useIntl()
  const toasts = useTransactionToasts()
  const ref = useRef<HTMLOListElement>(null)
  const shown = toasts.slice(0, VISIBLE_TOASTS)
  const signature = shown.map((toast) => `${toast.id}:${toast.status}`).join()
  useEffect(() => {
    const element = ref.current
    if (!element || signature === '' || typeof element.showPopover !== 'function') return
    try {
      if (element.matches(':popover-open')) element.hidePopover()
      element.showPopover()
    } catch {}
  }, [signature])
  if (shown.length === 0) return null
  return (
    <ol ref={ref} className={styles.stack} popover="manual" aria-label={intl.formatMessage(t.region)}>
      {shown.map((toast) => (
        <Toast key={toast.id} toast={toast} />
      ))}
    </ol>
  )
}
