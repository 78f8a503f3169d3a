/**
 * The connect view's embedded passkey login (own chunk): create a wallet with a passkey, or log in
 * with one; a browser that unlocked a wallet before offers the log-in first.
 */
import { useIntl } from 'react-intl'
import styles from './Passkeys.module.css'
import { passkeyMessages as m } from './passkeyMessages.ts'

/** Set by the embedded wallet when it unlocks (state/embeddedWallet.ts); read here without its store. */
const ADDRESS_KEY = 'oxbow.wallet.embeddedAddress'
function rememberedWallet(): boolean {
  try {
    return /^0x[0-9a-fA-F]{40}$/.test(window.localStorage.getItem(ADDRESS_KEY) ?? '')
  } catch {
    return false
  }
}

export default function PasskeyConnect(props: {
  busy: boolean
  /** The intent being connected, while the passkey wallet connects. */
  pending: 'create' | 'unlock' | null
  onChoose: (intent: 'create' | 'unlock') => void
}) {
  const intl = useIntl()
  const order: ('unlock' | 'create')[] = rememberedWallet() ? ['unlock', 'create'] : ['create', 'unlock']
  const choose = props.onChoose
  return (
    <div className={styles.passkey} data-testid="passkey-login">
      {order.map((intent, index) => {
        const label = intl.formatMessage(intent === 'unlock' ? m.passkeyLogIn : m.passkeyCreate)
        const spinning = props.pending === intent
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
