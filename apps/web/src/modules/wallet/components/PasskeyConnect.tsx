/**
 * The connect view's embedded passkey login (own chunk): create a wallet with a passkey, or log in
 * with one; a browser that unlocked a wallet before offers the log-in first.
 */
import { useIntl } from 'react-intl'
import { loadWalletRuntime } from '../services/loadWalletRuntime.ts'
import { PASSKEY_WALLET_ID, setEmbeddedIntent, useEmbeddedWallet } from '../state/embeddedWallet.ts'
import styles from './Passkeys.module.css'
import { passkeyMessages as m } from './passkeyMessages.ts'

export default function PasskeyConnect(props: { busy: boolean; pendingId: string | null }) {
  const intl = useIntl()
  const embedded = useEmbeddedWallet()
  const pending = props.pendingId === PASSKEY_WALLET_ID
  const order: ('unlock' | 'create')[] = embedded.address ? ['unlock', 'create'] : ['create', 'unlock']
  const choose = (intent: 'create' | 'unlock') => {
    setEmbeddedIntent(intent)
    loadWalletRuntime().then((runtime) => runtime.connectWallet(PASSKEY_WALLET_ID))
  }
  return (
    <div className={styles.passkey} data-testid="passkey-login">
      {order.map((intent, index) => {
        const label = intl.formatMessage(intent === 'unlock' ? m.passkeyLogIn : m.passkeyCreate)
        const spinning = pending && embedded.intent === intent
        return (
          <button
            key={intent}
            type="button"
            className={index === 0 ? `${styles.option} ${styles.primary}` : styles.option}
            data-passkey={intent}
            disabled={props.busy}
            aria-busy={spinning || undefined}
            onClick={() => choose(intent)}
          >
            <span className={styles.optionName}>{label}</span>
            {spinning ? <span className={styles.spinner} role="progressbar" aria-label={label} /> : null}
          </button>
        )
      })}
      <p className={styles.note}>{intl.formatMessage(m.passkeyNote)}</p>
      <p className={styles.or}>{intl.formatMessage(m.passkeyOr)}</p>
    </div>
  )
}
