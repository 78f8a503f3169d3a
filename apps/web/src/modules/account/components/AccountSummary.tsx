import { shortenAddress } from '@oxbow/core'
import { Suspense, useState } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useFiatFormatter } from '../../currency/index.ts'
import { ClaimRewards } from '../../rewards/index.ts'
import { Button, CopyIcon, iconButtonClassName, PowerIcon } from '../../ui/index.ts'
import {
  CopyButton,
  loadWalletRuntime,
  openAccountDrawer,
  useAccountAvatar,
  useAccountLabel,
} from '../../wallet/index.ts'
import { usePortfolio } from '../hooks/useAccountData.ts'
import { useAccountSettings } from '../state/accountSettings.ts'
import { showDrawerView, showSignOutNotice } from '../state/drawerState.ts'
import styles from './AccountDrawer.module.css'
import { AvatarImage } from './AvatarImage.tsx'
import { accountMessages as m } from './accountMessages.ts'
import { BackupCard } from './BackupCard.tsx'
import { CloseButton } from './CloseButton.tsx'
import { FiatTotal } from './FiatTotal.tsx'
import { MiniPortfolio, type ReceiveMode } from './MiniPortfolio.tsx'
import { ReceiveModal } from './ReceiveModal.tsx'
import { SendModal } from './SendModal.tsx'

/** A colour pair derived from the address: the same account always gets the same avatar. */
function avatarHue(address: string): number {
  return Number.parseInt(address.slice(2, 8), 16) % 360
}

/** The connected account's header (avatar, settings, disconnect, address, total, actions) and its portfolio. */
export function AccountSummary(props: { address: `0x${string}`; onClose: () => void }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const accountLabel = useAccountLabel(props.address)
  const avatar = useAccountAvatar(props.address)
  // The label falls back to the shortened address: only a username or ENS name replaces the address.
  const label = accountLabel && accountLabel !== shortenAddress(props.address, 6) ? accountLabel : null
  const settings = useAccountSettings()
  const portfolio = usePortfolio(props.address, true)
  const { format } = useFiatFormatter()
  const [confirming, setConfirming] = useState(false)
  const [receiving, setReceiving] = useState<ReceiveMode | null>(null)
  const [sending, setSending] = useState(false)
  const total = portfolio.data?.totalValueUsd
  const change = portfolio.data?.change24hUsd ?? 0
  const changePercent = portfolio.data?.change24hPercent ?? null
  const showBuy = total === 0 && !settings.testnetMode
  const hue = avatarHue(props.address)

  return (
    <section className={styles.view}>
      <header className={styles.summaryHead}>
        {avatar ? (
          <AvatarImage
            className={styles.avatar}
            src={avatar}
            size={40}
            testId="drawer-avatar"
            fallback={<span className={styles.avatar} data-hue={Math.round(hue / 30)} aria-hidden="true" />}
          />
        ) : (
          <span className={styles.avatar} data-hue={Math.round(hue / 30)} aria-hidden="true" />
        )}
        <span className={styles.spacer} />
        <button
          type="button"
          className={iconButtonClassName}
          aria-label={intl.formatMessage(m.settings)}
          onClick={() => showDrawerView('settings')}
        >
          <span aria-hidden="true">⚙</span>
        </button>
        {confirming ? null : (
          <button
            type="button"
            className={iconButtonClassName}
            aria-label={intl.formatMessage(m.disconnect)}
            onClick={() => setConfirming(true)}
          >
            <PowerIcon />
          </button>
        )}
        <CloseButton onClose={props.onClose} />
      </header>
      {confirming ? (
        <div className={styles.confirm}>
          <strong>{intl.formatMessage(m.disconnectConfirm)}</strong>
          <Button
            onClick={() => {
              setConfirming(false)
              props.onClose()
              // The embedded wallet signs out too: one the server did not confirm reopens the
              // drawer (now the connect view) with a notice, the wallet locked and disconnected.
              void loadWalletRuntime().then((runtime) =>
                runtime.disconnectWallet({
                  onSignOutError: () => {
                    showSignOutNotice()
                    openAccountDrawer()
                  },
                }),
              )
            }}
          >
            {intl.formatMessage(m.disconnect)}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </div>
      ) : null}
      <div className={styles.identity}>
        {label ? <strong data-testid="account-label">{label}</strong> : null}
        <span className={styles.address} data-testid="wallet-address" title={props.address}>
          {label ? shortenAddress(props.address, 6) : props.address}
        </span>
        <CopyButton
          text={props.address}
          className={styles.copy}
          label={<CopyIcon />}
          ariaLabel={intl.formatMessage(m.copy)}
        />
      </div>
      {settings.testnetMode ? (
        <p className={styles.testnetBanner} role="status" data-testid="testnet-banner">
          {intl.formatMessage(m.testnetBanner)}
        </p>
      ) : null}
      {portfolio.data?.unavailable ? null : (
        <FiatTotal
          usd={total}
          loading={portfolio.isPending}
          label={intl.formatMessage(m.totalBalance)}
          format={format}
        />
      )}
      {portfolio.data && !portfolio.data.unavailable ? (
        <p className={styles.change} data-trend={change > 0 ? 'up' : change < 0 ? 'down' : 'flat'}>
          <span aria-hidden="true">{change > 0 ? '↑' : change < 0 ? '↓' : '→'}</span>{' '}
          {intl.formatMessage(m.change1d, {
            amount: format(Math.abs(change)),
            percent: intl.formatNumber(Math.abs(changePercent ?? 0) / 100, {
              style: 'percent',
              maximumFractionDigits: 2,
            }),
          })}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setSending(true)}>
          {intl.formatMessage(m.send)}
        </Button>
        <Button variant="secondary" onClick={() => setReceiving('default')}>
          {intl.formatMessage(m.receive)}
        </Button>
        {showBuy ? (
          <Button
            variant="secondary"
            onClick={() => {
              props.onClose()
              navigate('/buy', { replace: true })
            }}
          >
            {intl.formatMessage(m.buy)}
          </Button>
        ) : null}
        <Suspense fallback={null}>
          <ClaimRewards address={props.address} />
        </Suspense>
      </div>
      <BackupCard address={props.address} />
      <button type="button" className={styles.navRow} onClick={() => showDrawerView('limits')}>
        <span>{intl.formatMessage(m.limits)}</span>
        <span aria-hidden="true">→</span>
      </button>
      <MiniPortfolio address={props.address} portfolio={portfolio} onReceive={setReceiving} />
      <SendModal open={sending} onClose={() => setSending(false)} />
      <ReceiveModal
        address={props.address}
        open={receiving !== null}
        initialMode={receiving ?? 'default'}
        onClose={() => setReceiving(null)}
      />
    </section>
  )
}
