import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { defineMessages } from '../../../lib/messages.ts'
import { AccountButton, AccountDrawerSlot } from '../../account/index.ts'
import { LogoMark } from '../../ui/index.ts'
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
        <LogoMark className={styles.logoMark} />
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
