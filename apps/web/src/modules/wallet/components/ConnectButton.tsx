import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { getWalletIntent } from '../state/walletIntent.ts'
import styles from './ConnectButton.module.css'

/** Placeholder connect button: issue #6 mounts the account drawer and connectors here. */
export function ConnectButton() {
  const [open, setOpen] = useState(false)
  const intent = getWalletIntent()
  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={styles.connect}
        aria-expanded={open}
        data-eagerly-connect={intent.eagerlyConnect ? 'true' : undefined}
        data-eagerly-connect-address={intent.eagerlyConnectAddress ?? undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <FormattedMessage id="wallet.connect.button" defaultMessage="Connect" />
      </button>
      {open ? (
        <div className={styles.popover} role="status">
          <FormattedMessage
            id="wallet.connect.comingSoon"
            defaultMessage="Wallet connection is coming soon."
          />
        </div>
      ) : null}
    </div>
  )
}

/** Slot for the connected-account button (name, ENS or short address, pending count): empty until #6. */
export function AccountButton() {
  return null
}
