import { APP_VERSION, BUILD_HASH_DISPLAY_CHARS } from '@oxbow/core'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { BUILD_HASH } from '../../config/index.ts'
import { locales } from '../../i18n/index.ts'
import { usePreferences } from '../../preferences/index.ts'
import { CurrencyOptions, LanguageOptions } from '../../settings/index.ts'
import { Button, Dialog, modalClassName } from '../../ui/index.ts'
import { CopyButton, useAccountNames, useWalletState } from '../../wallet/index.ts'
import { setAccountSetting, useAccountSettings } from '../state/accountSettings.ts'
import { showDrawerView } from '../state/drawerState.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m } from './accountMessages.ts'
import { smartWalletMessages } from './smartWalletMessages.ts'
import { usernameMessages } from './usernameMessages.ts'

function Toggle(props: {
  label: string
  hint?: string
  checked: boolean
  disabled?: boolean
  onChange: (next: boolean) => void
}) {
  return (
    <label className={styles.toggleRow}>
      <span className={styles.rowMain}>
        <span>{props.label}</span>
        {props.hint ? <span className={styles.muted}>{props.hint}</span> : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        className={styles.switch}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
    </label>
  )
}

// The commit's first 6 hex digits (the spec's); a build without git shows 'unknown' whole.
const shownBuildHash = /^[0-9a-f]+$/.test(BUILD_HASH)
  ? BUILD_HASH.slice(0, BUILD_HASH_DISPLAY_CHARS)
  : BUILD_HASH

/** Settings: local currency, language, small balances, testnet mode, analytics; footer with version and build. */
export function SettingsView() {
  const intl = useIntl()
  const prefs = usePreferences()
  const settings = useAccountSettings()
  const [testnetModal, setTestnetModal] = useState(false)
  const wallet = useWalletState()
  const embedded = wallet.status === 'connected' && wallet.embedded
  const language = locales.find((l) => l.tag === intl.locale)?.nativeName ?? intl.locale
  return (
    <div className={styles.settings}>
      <button type="button" className={styles.navRow} onClick={() => showDrawerView('currency')}>
        <span>{intl.formatMessage(m.localCurrency)}</span>
        <span className={styles.muted}>{prefs.currency}</span>
      </button>
      <button type="button" className={styles.navRow} onClick={() => showDrawerView('language')}>
        <span>{intl.formatMessage(m.language)}</span>
        <span className={styles.muted}>{language}</span>
      </button>
      <button type="button" className={styles.navRow} onClick={() => showDrawerView('portfolioBalance')}>
        <span>{intl.formatMessage(m.smallBalances)}</span>
        <span aria-hidden="true">→</span>
      </button>
      {wallet.status === 'connected' && wallet.address ? <UsernameRow address={wallet.address} /> : null}
      {wallet.status === 'connected' ? (
        <button
          type="button"
          className={styles.navRow}
          onClick={() => showDrawerView('smartWallet')}
          data-testid="settings-smart-wallet"
        >
          <span>{intl.formatMessage(smartWalletMessages.title)}</span>
          <span aria-hidden="true">→</span>
        </button>
      ) : null}
      {embedded ? (
        <button type="button" className={styles.navRow} onClick={() => showDrawerView('passkeys')}>
          <span>{intl.formatMessage(m.passkeys)}</span>
          <span aria-hidden="true">→</span>
        </button>
      ) : null}
      <Toggle
        label={intl.formatMessage(m.testnetMode)}
        hint={intl.formatMessage(m.testnetModeHint)}
        checked={settings.testnetMode}
        onChange={(next) => (next ? setTestnetModal(true) : setAccountSetting('testnetMode', false))}
      />
      <Toggle
        label={intl.formatMessage(m.analytics)}
        hint={intl.formatMessage(m.analyticsHint)}
        checked={settings.analytics}
        onChange={(next) => setAccountSetting('analytics', next)}
      />
      <footer className={styles.footer}>
        <CopyButton
          text={APP_VERSION}
          className={styles.footerButton}
          label={intl.formatMessage(m.version, { version: APP_VERSION })}
          ariaLabel={intl.formatMessage(m.copyVersion, { version: APP_VERSION })}
          testId="settings-version"
        />
        <CopyButton
          text={BUILD_HASH}
          className={styles.footerButton}
          label={shownBuildHash}
          ariaLabel={intl.formatMessage(m.copyBuild, { hash: shownBuildHash })}
          testId="settings-build"
        />
      </footer>
      <Dialog
        open={testnetModal}
        onClose={() => setTestnetModal(false)}
        label={intl.formatMessage(m.testnetModalTitle)}
        className={modalClassName}
      >
        <h2>{intl.formatMessage(m.testnetModalTitle)}</h2>
        <p>{intl.formatMessage(m.testnetModalBody)}</p>
        <div className={styles.modalActions}>
          <Button
            onClick={() => {
              setAccountSetting('testnetMode', true)
              setTestnetModal(false)
            }}
          >
            {intl.formatMessage(m.testnetModalConfirm)}
          </Button>
          <Button variant="secondary" onClick={() => setTestnetModal(false)}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </div>
      </Dialog>
    </div>
  )
}

/** The Username row: the claimed name (the account names' store), else 'Not claimed'. */
function UsernameRow(props: { address: `0x${string}` }) {
  const intl = useIntl()
  const names = useAccountNames(props.address)
  return (
    <button
      type="button"
      className={styles.navRow}
      onClick={() => showDrawerView('username')}
      data-testid="settings-username"
    >
      <span>{intl.formatMessage(usernameMessages.title)}</span>
      <span className={styles.muted}>{names?.username ?? intl.formatMessage(usernameMessages.none)}</span>
    </button>
  )
}

/** Small balances and spam: hiding small balances is disabled (and off) in testnet mode. */
export function PortfolioBalanceView() {
  const intl = useIntl()
  const settings = useAccountSettings()
  return (
    <div className={styles.settings}>
      <Toggle
        label={intl.formatMessage(m.hideSmallBalances)}
        hint={intl.formatMessage(m.hideSmallBalancesHint)}
        checked={settings.hideSmallBalances && !settings.testnetMode}
        disabled={settings.testnetMode}
        onChange={(next) => setAccountSetting('hideSmallBalances', next)}
      />
      <Toggle
        label={intl.formatMessage(m.hideSpam)}
        checked={settings.hideSpam}
        onChange={(next) => setAccountSetting('hideSpam', next)}
      />
    </div>
  )
}

const optionClasses = { row: styles.navRow, hint: styles.muted }

export function LanguageView() {
  const intl = useIntl()
  return (
    <div role="radiogroup" aria-label={intl.formatMessage(m.language)} className={styles.options}>
      <LanguageOptions classes={optionClasses} />
    </div>
  )
}

export function CurrencyView() {
  const intl = useIntl()
  return (
    <div role="radiogroup" aria-label={intl.formatMessage(m.localCurrency)} className={styles.options}>
      <CurrencyOptions classes={optionClasses} />
    </div>
  )
}
