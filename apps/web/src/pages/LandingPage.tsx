import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { SwapForm } from '../modules/swap/index.ts'
import styles from './Pages.module.css'

export default function LandingPage() {
  return (
    <main className={styles.hero}>
      <h1 className={styles.heroTitle}>
        <FormattedMessage id="landing.title" defaultMessage="Swap anytime, anywhere." />
      </h1>
      <p className={styles.heroSubtitle}>
        <FormattedMessage
          id="landing.subtitle"
          defaultMessage="Buy, sell and explore tokens on {count, plural, one {# network} other {# networks}}."
          values={{ count: 14 }}
        />
      </p>
      <SwapForm showModes={false} hero />
      <Link to="/swap">
        <FormattedMessage id="landing.toSwap" defaultMessage="Open the full swap screen" />
      </Link>
    </main>
  )
}
