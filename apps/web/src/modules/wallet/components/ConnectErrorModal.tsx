import { useIntl } from 'react-intl'
import { Button, Dialog, modalClassName } from '../../ui/index.ts'
import { loadWalletRuntime } from '../services/loadWalletRuntime.ts'
import { useWalletState, walletStore } from '../state/walletStore.ts'
import { walletMessages as m } from './messages.ts'
import styles from './Wallet.module.css'

/** The spec's "error connecting" modal: Try again retries the same connector, Close gives up. */
export function ConnectErrorModal() {
  const intl = useIntl()
  const state = useWalletState()
  const failed = state.status === 'failed'
  const close = () => walletStore.set((current) => ({ ...current, status: 'idle', targetId: null }))
  const retry = () => {
    const target = state.targetId
    if (!target) return close()
    loadWalletRuntime().then((runtime) => runtime.connectWallet(target))
  }
  return (
    <Dialog
      open={failed}
      onClose={close}
      className={`${modalClassName} ${styles.modal}`}
      label={intl.formatMessage(m.errorTitle)}
      role="alertdialog"
    >
      <h2>{intl.formatMessage(m.errorTitle)}</h2>
      <p>{intl.formatMessage(m.errorBody)}</p>
      {state.errorMessage ? <p className={styles.muted}>{state.errorMessage}</p> : null}
      <div className={styles.actions}>
        <Button onClick={retry}>{intl.formatMessage(m.tryAgain)}</Button>
        <Button variant="secondary" onClick={close}>
          {intl.formatMessage(m.close)}
        </Button>
      </div>
    </Dialog>
  )
}
