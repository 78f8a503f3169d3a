import { shortenAddress } from '@oxbow/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import {
  openAccountDrawer,
  useAccountDrawerOpen,
  useAccountLabel,
  usePendingTransactionsWatcher,
  useWalletState,
} from '../../wallet/index.ts'
import { portfolioQuery } from '../hooks/useAccountData.ts'
import { effectiveHideSmallBalances, useAccountSettings } from '../state/accountSettings.ts'
import styles from './AccountDrawer.module.css'
import { preloadConnectedDrawer } from './AccountDrawer.tsx'
import { accountMessages as m } from './accountMessages.ts'

/**
 * The connected account in the header: its username, else its ENS name, else the shortened address,
 * with the pending-transaction count. It opens the account drawer.
 */
export function AccountButton() {
  const intl = useIntl()
  const state = useWalletState()
  const address = state.status === 'connected' ? state.address : null
  const label = useAccountLabel(address)
  const pending = usePendingTransactionsWatcher(address)
  const open = useAccountDrawerOpen()
  const queryClient = useQueryClient()
  const settings = useAccountSettings()
  // Once connected, the drawer's code and the portfolio load ahead of the first open.
  useEffect(() => {
    if (!address) return
    preloadConnectedDrawer()
    void queryClient.prefetchQuery(
      portfolioQuery(address, effectiveHideSmallBalances(settings), settings.hideSpam),
    )
  }, [address, queryClient, settings])
  if (!address) return null
  const name = label ?? shortenAddress(address, 6)
  return (
    <button
      type="button"
      className={styles.accountButton}
      aria-expanded={open}
      aria-haspopup="dialog"
      aria-label={intl.formatMessage(m.account, { address: name })}
      onClick={openAccountDrawer}
    >
      {name}
      {pending.length > 0 ? (
        <span
          className={styles.pendingCount}
          data-testid="account-pending-count"
          title={intl.formatMessage(m.pending, { count: pending.length })}
        >
          {intl.formatNumber(pending.length)}
        </span>
      ) : null}
    </button>
  )
}
