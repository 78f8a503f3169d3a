import { shortenAddress } from '@oxbow/core'
import { useIntl } from 'react-intl'
import {
  openAccountDrawer,
  useAccountDrawerOpen,
  useAccountLabel,
  usePendingTransactionsWatcher,
  useWalletState,
} from '../../wallet/index.ts'
import styles from './AccountDrawer.module.css'
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
