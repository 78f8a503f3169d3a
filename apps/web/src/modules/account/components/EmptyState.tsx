import { useIntl } from 'react-intl'
import { ProviderMarks, useFiatProviders } from '../../fiat/index.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m } from './accountMessages.ts'

/** How the receive modal opens: the address, or straight on the exchange list. */
export type ReceiveMode = 'default' | 'exchange'

/** An empty portfolio tab: its title, the hint and the spec's home actions (buy, receive, from an exchange). */
export function Empty(props: { title: string; onReceive?: (mode: ReceiveMode) => void }) {
  const intl = useIntl()
  const { exchanges } = useFiatProviders()
  return (
    <div className={styles.empty}>
      <strong>{props.title}</strong>
      <p className={styles.muted}>{intl.formatMessage(m.emptyHint)}</p>
      {props.onReceive ? (
        <div className={styles.actions}>
          <a className={styles.homeAction} href="/buy">
            {intl.formatMessage(m.buyCrypto)}
          </a>
          <button type="button" className={styles.homeAction} onClick={() => props.onReceive?.('default')}>
            {intl.formatMessage(m.receiveCrypto)}
          </button>
          {exchanges.length > 0 ? (
            <button
              type="button"
              className={styles.homeAction}
              data-testid="empty-from-exchange"
              onClick={() => props.onReceive?.('exchange')}
            >
              <ProviderMarks names={exchanges.map((exchange) => exchange.name)} max={3} />
              {intl.formatMessage(m.fromExchange)}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
