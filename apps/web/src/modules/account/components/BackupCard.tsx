import { useState } from 'react'
import { useIntl } from 'react-intl'
import { Button, iconButtonClassName } from '../../ui/index.ts'
import { loadPasskeyBackup, useWalletState } from '../../wallet/index.ts'
import {
  backupStateOf,
  dismissBackupCard,
  setBackupState,
  showBackupCard,
  useWalletBackup,
} from '../state/walletBackup.ts'
import styles from './AccountDrawer.module.css'
import { backupMessages as m } from './backupMessages.ts'

/**
 * The download-wallet card (embedded wallet only; the rule in `state/walletBackup.ts`). Download
 * moves the address's backup to 'in progress' while the passkey confirms and the file is saved,
 * then to 'complete' (the card confirms it once; Done hides it for good), or back on a refusal.
 */
export function BackupCard(props: { address: `0x${string}` }) {
  const intl = useIntl()
  const wallet = useWalletState()
  const backup = useWalletBackup()
  const [finished, setFinished] = useState(false)
  const [failed, setFailed] = useState(false)
  const embedded = wallet.status === 'connected' && wallet.embedded
  const state = backupStateOf(backup, props.address)
  const visible = showBackupCard({ embedded, address: props.address, backup, now: Date.now() })
  if (!visible && !(finished && embedded)) return null

  const download = async () => {
    setFailed(false)
    setBackupState(props.address, 'inProgress')
    try {
      await (await loadPasskeyBackup()).downloadPasskeyBackup()
      setBackupState(props.address, 'complete')
      setFinished(true)
    } catch (error) {
      console.warn('wallet backup failed', error)
      setBackupState(props.address, 'notBackedUp')
      setFailed(true)
    }
  }

  return (
    <section
      className={styles.backupCard}
      aria-labelledby="backup-card-title"
      data-testid="backup-card"
      data-state={state}
    >
      <div className={styles.backupHead}>
        <h3 id="backup-card-title">{intl.formatMessage(state === 'complete' ? m.complete : m.title)}</h3>
        {state === 'complete' ? null : (
          <button
            type="button"
            className={iconButtonClassName}
            aria-label={intl.formatMessage(m.dismiss)}
            disabled={state === 'inProgress'}
            onClick={() => dismissBackupCard(props.address)}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      {state === 'complete' ? (
        <Button variant="secondary" onClick={() => setFinished(false)}>
          {intl.formatMessage(m.done)}
        </Button>
      ) : (
        <>
          <p className={styles.muted}>{intl.formatMessage(m.body)}</p>
          {failed ? (
            <p className={styles.muted} role="alert">
              {intl.formatMessage(m.failed)}
            </p>
          ) : null}
          <Button disabled={state === 'inProgress'} onClick={() => void download()}>
            {intl.formatMessage(state === 'inProgress' ? m.inProgress : m.download)}
          </Button>
        </>
      )}
    </section>
  )
}
