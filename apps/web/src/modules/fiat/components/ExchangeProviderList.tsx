import { useState } from 'react'
import { useIntl } from 'react-intl'
import { Button } from '../../ui/index.ts'
import { useFiatProviders } from '../hooks/useFiatProviders.ts'
import { createExchangeTransfer } from '../services/fiatApi.ts'
import styles from './Fiat.module.css'
import { fiatMessages as m } from './fiatMessages.ts'

/**
 * "Receive from an exchange": the exchanges the API offers; choosing one opens its withdrawal page,
 * signed by the API for this wallet. Renders nothing when no exchange is configured, so the receive
 * modal and the empty state can host it unconditionally. `max` caps the list (the empty state shows 3).
 */
export function ExchangeProviderList({
  walletAddress,
  network,
  max,
}: {
  walletAddress: string
  network: string
  max?: number
}) {
  const intl = useIntl()
  const [error, setError] = useState<string | null>(null)
  const exchanges = useFiatProviders().exchanges.slice(0, max ?? Number.POSITIVE_INFINITY)
  if (exchanges.length === 0) return null
  async function open(provider: string) {
    try {
      const { widgetUrl } = await createExchangeTransfer({
        provider,
        network,
        walletAddress,
        redirectUrl: window.location.href,
      })
      window.location.assign(widgetUrl)
    } catch {
      setError(intl.formatMessage(m.connectionFailed))
    }
  }
  return (
    <section aria-label={intl.formatMessage(m.fromExchange)} className={styles.form}>
      <ul className={styles.quotes}>
        {exchanges.map((exchange) => (
          <li key={exchange.id}>
            <Button type="button" variant="secondary" onClick={() => void open(exchange.id)}>
              {exchange.name}
            </Button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  )
}
