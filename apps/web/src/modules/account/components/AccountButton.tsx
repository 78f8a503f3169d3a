import { shortenAddress } from '@oxbow/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { defineMessages } from '../../../lib/messages.ts'
import {
  headerWalletButtonClassName,
  openAccountDrawer,
  useAccountAvatar,
  useAccountDrawerOpen,
  useAccountLabel,
  usePendingTransactionsWatcher,
  useWalletState,
} from '../../wallet/index.ts'
import { useAccountSettings } from '../state/accountSettings.ts'
import styles from './AccountButton.module.css'
import { loadAccountDrawer } from './AccountDrawerSlot.tsx'
import { AvatarImage } from './AvatarImage.tsx'

// The header's only messages of this module (the drawer's are in its own chunk).
const m = defineMessages({
  account: { id: 'wallet.account.label', defaultMessage: 'Account {address}' },
  pending: {
    id: 'wallet.account.pending',
    defaultMessage: '{count, plural, one {# pending transaction} other {# pending transactions}}',
  },
})

/**
 * The connected account in the header: its avatar when its name has one, its username, else its ENS
 * name, else the shortened address, with the pending-transaction count. It opens the account drawer. It imports nothing of the drawer
 * itself: the drawer's chunk and the portfolio load once a wallet connects, ahead of the first open.
 */
export function AccountButton() {
  const intl = useIntl()
  const state = useWalletState()
  const address = state.status === 'connected' ? state.address : null
  const label = useAccountLabel(address)
  const avatar = useAccountAvatar(address)
  const pending = usePendingTransactionsWatcher(address)
  const open = useAccountDrawerOpen()
  const queryClient = useQueryClient()
  const settings = useAccountSettings()
  useEffect(() => {
    if (!address) return
    void loadAccountDrawer()
      .then((drawer) => drawer.prefetchPortfolio(queryClient, address, settings))
      .catch(() => undefined)
  }, [address, queryClient, settings])
  if (!address) return null
  const name = label ?? shortenAddress(address, 6)
  return (
    <button
      type="button"
      className={`${headerWalletButtonClassName} ${styles.accountButton}`}
      aria-expanded={open}
      aria-haspopup="dialog"
      aria-label={intl.formatMessage(m.account, { address: name })}
      onClick={openAccountDrawer}
    >
      {avatar ? (
        <AvatarImage src={avatar} size={20} className={styles.avatar} testId="account-avatar" />
      ) : null}
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
