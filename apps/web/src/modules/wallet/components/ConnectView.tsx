import { lazy, type ReactNode, Suspense, useState } from 'react'
import { useIntl } from 'react-intl'
import { getRuntimeConfig, siteLinks } from '../../config/index.ts'
import { dialogHeadClassName, iconButtonClassName } from '../../ui/index.ts'
import {
  mergeWalletPlatforms,
  PRIMARY_WALLET_COUNT,
  visibleWallets,
  type WalletEntry,
} from '../services/connectorList.ts'
import { loadWalletRuntime } from '../services/loadWalletRuntime.ts'
import { isTestMode } from '../state/testMode.ts'
import { getRecentConnectorId, useWalletState } from '../state/walletStore.ts'
import { walletMessages as m } from './messages.ts'
import styles from './Wallet.module.css'

/** The QR code and its encoder load only once WalletConnect has a pairing URI to show. */
const WalletConnectPairing = lazy(() => import('./WalletConnectPairing.tsx'))
/** The embedded wallet's passkey login (shown when its flag is on): its own chunk. */
const PasskeyConnect = lazy(() => import('./PasskeyConnect.tsx'))

function isMobile(): boolean {
  try {
    return window.matchMedia('(max-width: 640px) and (pointer: coarse)').matches
  } catch {
    return false
  }
}

/** The connect view: title, wallets (most recent first), other-wallets sub-view, terms line. */
export function ConnectView(props: {
  embeddedWallet: boolean
  loadFailed: boolean
  /** Shown under the terms line (the account drawer's fiat powered-by note). */
  footer?: ReactNode
  onRetryLoad: () => void
  onClose: () => void
}) {
  const intl = useIntl()
  const state = useWalletState()
  const [view, setView] = useState<'default' | 'other'>('default')
  const [passkeyIntent, setPasskeyIntent] = useState<'create' | 'unlock'>('unlock')
  const config = getRuntimeConfig()
  const recentId = getRecentConnectorId()
  const wallets = visibleWallets(mergeWalletPlatforms(state.wallets), {
    testMode: isTestMode(config.productionHostname),
    environment: config.environment,
    embeddedWallet: props.embeddedWallet,
    recentId,
    mobile: isMobile(),
  })
  const shown = view === 'other' ? wallets : wallets.slice(0, PRIMARY_WALLET_COUNT)
  const busy = state.status === 'pending'
  const choose = (entry: WalletEntry) => {
    loadWalletRuntime().then((runtime) => runtime.connectWallet(entry.id))
  }
  const showPasskey =
    props.embeddedWallet && view === 'default' && state.loaded && !isTestMode(config.productionHostname)
  return (
    <section>
      <header className={`${dialogHeadClassName} ${styles.head}`}>
        {view === 'other' ? (
          <button
            type="button"
            className={iconButtonClassName}
            aria-label={intl.formatMessage(m.back)}
            onClick={() => setView('default')}
          >
            ←
          </button>
        ) : null}
        <h2>
          {view === 'other'
            ? intl.formatMessage(m.otherWallets)
            : intl.formatMessage(props.embeddedWallet ? m.titleLogIn : m.titleConnect)}
        </h2>
        <button
          type="button"
          className={iconButtonClassName}
          aria-label={intl.formatMessage(m.close)}
          onClick={props.onClose}
        >
          ×
        </button>
      </header>
      {showPasskey ? (
        <Suspense fallback={null}>
          <PasskeyConnect
            busy={busy}
            pending={busy && state.targetId === 'oxbowPasskey' ? passkeyIntent : null}
            onChoose={(intent) => {
              setPasskeyIntent(intent)
              loadWalletRuntime().then((runtime) => runtime.connectPasskey(intent))
            }}
          />
        </Suspense>
      ) : null}
      {props.loadFailed ? (
        <button type="button" className={styles.wallet} onClick={props.onRetryLoad}>
          {intl.formatMessage(m.loadFailed)}
        </button>
      ) : !state.loaded ? (
        <p className={styles.muted} role="status">
          {intl.formatMessage(m.loading)}
        </p>
      ) : wallets.length === 0 ? (
        <p className={styles.muted}>{intl.formatMessage(m.noWallets)}</p>
      ) : (
        <ul className={styles.list} aria-label={intl.formatMessage(m.titleConnect)}>
          {shown.map((entry) => {
            const pending = busy && state.targetId === entry.id
            return (
              <li key={entry.id}>
                <button
                  type="button"
                  className={styles.wallet}
                  data-wallet-id={entry.id}
                  data-wallet-kind={entry.kind}
                  aria-busy={pending || undefined}
                  disabled={busy}
                  onClick={() => choose(entry)}
                >
                  {entry.icon ? <img className={styles.walletIcon} src={entry.icon} alt="" /> : null}
                  <span className={styles.walletName}>{entry.name}</span>
                  {entry.id === recentId ? (
                    <span className={styles.tag}>{intl.formatMessage(m.recent)}</span>
                  ) : null}
                  {pending ? (
                    <span className={styles.spinner} role="progressbar" aria-label={entry.name} />
                  ) : null}
                </button>
              </li>
            )
          })}
          {view === 'default' && wallets.length > PRIMARY_WALLET_COUNT ? (
            <li>
              <button type="button" className={styles.wallet} onClick={() => setView('other')}>
                <span className={styles.walletName}>{intl.formatMessage(m.otherWallets)}</span>
                <span aria-hidden="true">→</span>
              </button>
            </li>
          ) : null}
        </ul>
      )}
      {busy && state.targetId === 'walletConnect' && state.pairingUri ? (
        <Suspense fallback={null}>
          <WalletConnectPairing uri={state.pairingUri} />
        </Suspense>
      ) : null}
      <p className={styles.terms}>
        {intl.formatMessage(m.terms, {
          terms: (chunks) => (
            <a href={siteLinks.termsOfService} target="_blank" rel="noreferrer">
              {chunks}
            </a>
          ),
          privacy: (chunks) => (
            <a href={siteLinks.privacyPolicy} target="_blank" rel="noreferrer">
              {chunks}
            </a>
          ),
        })}
      </p>
      {props.footer}
    </section>
  )
}
