import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { defineMessages } from '../../../lib/messages.ts'
import { AccountButton, AccountDrawerSlot } from '../../account/index.ts'
import { ConnectButton } from '../../wallet/index.ts'
import styles from './Landing.module.css'

const m = defineMessages({
  home: { id: 'landing.logo.home', defaultMessage: 'Oxbow home' },
  bar: { id: 'landing.topBar', defaultMessage: 'Oxbow' },
})

/** The landing's own slim top bar (it has no app header): the logo and the wallet's Connect button. */
export function LandingTopBar() {
  const intl = useIntl()
  return (
    <nav className={styles.topBar} aria-label={intl.formatMessage(m.bar)}>
      <Link to="/" className={styles.homeLink} aria-label={intl.formatMessage(m.home)}>
        <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true">
          <circle cx="16" cy="16" r="15" fill="var(--color-accent)" />
          <path
            d="M8 18c3-6 13-6 16 0"
            stroke="var(--color-accent-text)"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
          />
        </svg>
        <span className={styles.logoText}>Oxbow</span>
      </Link>
      <div className={styles.topBarEnd}>
        <AccountButton />
        <ConnectButton />
        <AccountDrawerSlot />
      </div>
    </nav>
  )
}
