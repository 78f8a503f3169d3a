import { lazy, type ReactNode, Suspense } from 'react'
import { useIntl } from 'react-intl'
import { siteLinks } from '../../config/index.ts'
import { dialogHeadClassName, iconButtonClassName, SkeletonRows } from '../../ui/index.ts'
import { ManagePasskeys, ManagePasskeysLink, useAccountNames } from '../../wallet/index.ts'
import { type DrawerView, showDrawerView, useDrawerNavigation } from '../state/drawerState.ts'
import styles from './AccountDrawer.module.css'
import { AccountSummary } from './AccountSummary.tsx'
import { accountMessages as m } from './accountMessages.ts'
import { CloseButton } from './CloseButton.tsx'
import { PoolsList } from './PoolsList.tsx'
import { CurrencyView, LanguageView, PortfolioBalanceView, SettingsView } from './SettingsView.tsx'
import { smartWalletMessages } from './smartWalletMessages.ts'
import { usernameMessages } from './usernameMessages.ts'

/** The open limit orders (the limit module's view): loaded when the limits view opens. */
const LimitsView = lazy(() =>
  import('../../limit/index.ts').then((module) => ({ default: module.LimitsView })),
)

/** The username profile (claim, edit, delete): loaded when its view opens. */
const UsernameView = lazy(() => import('./UsernameView.tsx'))

/** The smart-wallet setting (delegation per network): loaded when its view opens. */
const SmartWalletView = lazy(() => import('./SmartWalletView.tsx'))

/** Where a view's back arrow leads. */
const parentOf: Record<DrawerView, DrawerView> = {
  default: 'default',
  settings: 'default',
  otherWallets: 'default',
  pools: 'default',
  limits: 'default',
  language: 'settings',
  currency: 'settings',
  portfolioBalance: 'settings',
  passkeys: 'settings',
  username: 'settings',
  smartWallet: 'settings',
}

/** The drawer's views once a wallet is connected (own chunk: loaded when the drawer first opens connected). */
export default function ConnectedDrawer(props: { address: `0x${string}`; onClose: () => void }) {
  const intl = useIntl()
  const { view } = useDrawerNavigation()
  // The username the header knows (looked up on connection, updated by a claim).
  const username = useAccountNames(props.address)?.username
  let content: ReactNode
  if (view === 'default') content = <AccountSummary address={props.address} onClose={props.onClose} />
  else {
    const heading = {
      settings: m.settings,
      otherWallets: m.settings,
      language: m.language,
      currency: m.localCurrency,
      portfolioBalance: m.smallBalances,
      limits: m.limits,
      pools: m.pools,
      passkeys: m.passkeys,
      username: usernameMessages.title,
      smartWallet: smartWalletMessages.title,
    }[view]
    content = (
      <section className={styles.view} aria-labelledby="account-view-title">
        <header className={dialogHeadClassName}>
          <button
            type="button"
            className={iconButtonClassName}
            aria-label={intl.formatMessage(m.back)}
            onClick={() => showDrawerView(parentOf[view])}
          >
            <span aria-hidden="true">←</span>
          </button>
          <h2 id="account-view-title">{intl.formatMessage(heading)}</h2>
          <CloseButton onClose={props.onClose} />
        </header>
        {view === 'settings' ? <SettingsView /> : null}
        {view === 'language' ? <LanguageView /> : null}
        {view === 'currency' ? <CurrencyView /> : null}
        {view === 'portfolioBalance' ? <PortfolioBalanceView /> : null}
        {view === 'pools' ? <PoolsList owner={props.address} /> : null}
        {view === 'limits' ? (
          <Suspense fallback={null}>
            <LimitsView account={props.address} />
          </Suspense>
        ) : null}
        {view === 'passkeys' ? (
          <div className={styles.passkeys}>
            <Suspense fallback={<SkeletonRows count={3} label={intl.formatMessage(m.passkeys)} />}>
              <ManagePasskeys
                walletAddress={props.address}
                helpUrl={siteLinks.passkeyHelp}
                inDrawer
                username={username}
                // The last passkey deleted: signed out and disconnected; the drawer closes, back on
                // its default view (the next wallet's drawer must not open on these passkeys).
                onLastDeleted={() => {
                  showDrawerView('default')
                  props.onClose()
                }}
              />
            </Suspense>
            <ManagePasskeysLink address={props.address} onNavigate={props.onClose} />
          </div>
        ) : null}
        {view === 'username' ? (
          <Suspense fallback={null}>
            <UsernameView address={props.address} />
          </Suspense>
        ) : null}
        {view === 'smartWallet' ? (
          <Suspense fallback={null}>
            <SmartWalletView address={props.address} />
          </Suspense>
        ) : null}
        {view === 'otherWallets' ? <p className={styles.muted}>{intl.formatMessage(m.comingSoon)}</p> : null}
      </section>
    )
  }

  return content
}
