import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useSearchParams } from 'react-router'
import { defineMessages } from '../../../lib/messages.ts'
import { AccountButton, AccountDrawerSlot } from '../../account/index.ts'
import { findNetwork, getRuntimeConfig } from '../../config/index.ts'
import { usePreferences } from '../../preferences/index.ts'
import { openSearch } from '../../search/index.ts'
import { PreferencesMenu } from '../../settings/index.ts'
import { LineIcon, LogoMark } from '../../ui/index.ts'
import { ConnectButton } from '../../wallet/index.ts'
import { isHolidaySeason } from '../services/holiday.ts'
import { CompanyDrawer, CompanyDropdown } from './CompanyMenu.tsx'
import styles from './Header.module.css'
import { NavTabs } from './NavTabs.tsx'

const m = defineMessages({
  home: { id: 'header.logo.home', defaultMessage: 'Oxbow home' },
  search: { id: 'header.search', defaultMessage: 'Search tokens and pools' },
  testnet: { id: 'header.testnet', defaultMessage: 'Testnet' },
  local: { id: 'header.local', defaultMessage: 'Local devnet' },
})

function Logo() {
  const intl = useIntl()
  const holiday = isHolidaySeason(new Date())
  return (
    <Link
      to="/?intro=true"
      className={styles.logo}
      aria-label={intl.formatMessage(m.home)}
      data-holiday={holiday}
    >
      <LogoMark className={styles.logoMark}>
        {holiday ? (
          // The holiday hat: December and 1-7 January.
          <path d="M9 9l7-7 7 7z" fill="var(--color-critical)" data-testid="holiday-logo" />
        ) : null}
      </LogoMark>
      <span className={styles.logoText}>Oxbow</span>
    </Link>
  )
}

function SearchEntry() {
  const intl = useIntl()
  return (
    <button
      type="button"
      className={styles.searchEntry}
      onClick={openSearch}
      aria-label={intl.formatMessage(m.search)}
    >
      <LineIcon size={18}>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </LineIcon>
      <span className={styles.searchLabel}>{intl.formatMessage(m.search)}</span>
      <kbd className={styles.kbd}>/</kbd>
    </button>
  )
}

/**
 * Shown in testnet mode or when the selected network (chain parameter) is a testnet, else when
 * running on the local devnet.
 */
function TestnetIndicator() {
  const [params] = useSearchParams()
  const chain = params.get('chain')
  const { testnetMode } = usePreferences()
  const testnet = testnetMode || findNetwork(chain)?.testnet === true
  if (testnet) {
    return (
      <span
        className={`${styles.testnet} ${styles.environment}`}
        role="status"
        data-testid="testnet-indicator"
      >
        <FormattedMessage {...m.testnet} />
      </span>
    )
  }
  if (getRuntimeConfig().environment === 'local') {
    return (
      // Shown at every width (compact on narrow screens): people must always see which environment they are in.
      <span className={`${styles.testnet} ${styles.environment}`} data-testid="environment-badge">
        <FormattedMessage {...m.local} />
      </span>
    )
  }
  return null
}

/** The app header: logo, nav tabs, search entry, company menu, testnet indicator, preferences, wallet. */
export function Header() {
  return (
    <header className={styles.header}>
      <div className={styles.start}>
        <Logo />
        <NavTabs />
        <SearchEntry />
      </div>
      <div className={styles.end}>
        <TestnetIndicator />
        <CompanyDropdown />
        <PreferencesMenu />
        <AccountButton />
        <ConnectButton />
        <AccountDrawerSlot />
        <CompanyDrawer />
      </div>
    </header>
  )
}
