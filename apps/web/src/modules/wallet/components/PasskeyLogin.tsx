/**
 * The embedded wallet's passkey login on a page of its own (/auth/passkey/extension, the popup the
 * browser extension opens): log in or create, then the connected address.
 */
import { useIntl } from 'react-intl'
import { Button, Card } from '../../ui/index.ts'
import { loadWalletRuntime } from '../services/loadWalletRuntime.ts'
import { PASSKEY_WALLET_ID, useEmbeddedWallet } from '../state/embeddedWallet.ts'
import { useWalletState } from '../state/walletStore.ts'
import styles from './Passkeys.module.css'
import { passkeyMessages as pm } from './passkeyMessages.ts'

export default function PasskeyLogin() {
  const intl = useIntl()
  const wallet = useWalletState()
  const embedded = useEmbeddedWallet()
  const pending = wallet.status === 'pending' && wallet.targetId === PASSKEY_WALLET_ID
  const go = (intent: 'create' | 'unlock') => {
    loadWalletRuntime().then((runtime) => runtime.connectPasskey(intent))
  }
  if (embedded.unlocked && wallet.status === 'connected')
    return (
      <Card className={styles.card}>
        <p data-testid="passkey-connected">{wallet.address}</p>
      </Card>
    )
  return (
    <Card className={styles.card}>
      <Button disabled={pending} onClick={() => go('unlock')}>
        {intl.formatMessage(pm.passkeyLogIn)}
      </Button>
      <Button variant="secondary" disabled={pending} onClick={() => go('create')}>
        {intl.formatMessage(pm.passkeyCreate)}
      </Button>
      <p>{intl.formatMessage(pm.passkeyNote)}</p>
    </Card>
  )
}
