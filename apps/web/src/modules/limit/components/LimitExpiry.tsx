import { useIntl } from 'react-intl'
import { type ExpiryId, expiryOptions } from '../state/limitPrice.ts'
import styles from './Limit.module.css'
import { limitMessages as m } from './limitMessages.ts'

const expiryMessages: Record<ExpiryId, (typeof m)[keyof typeof m]> = {
  day: m.expiryDay,
  week: m.expiryWeek,
  month: m.expiryMonth,
  year: m.expiryYear,
}

/** The limit order's expiry choices (LimitForm). */
export function LimitExpiry({
  expiry,
  setExpiry,
}: {
  readonly expiry: ExpiryId
  readonly setExpiry: (id: ExpiryId) => void
}) {
  const intl = useIntl()
  return (
    <fieldset className={styles.expiry}>
      <legend className={styles.muted}>{intl.formatMessage(m.expiry)}</legend>
      {expiryOptions.map((option) => (
        <button
          key={option.id}
          type="button"
          className={styles.chip}
          data-testid={`limit-expiry-${option.id}`}
          aria-pressed={expiry === option.id}
          onClick={() => setExpiry(option.id)}
        >
          {intl.formatMessage(expiryMessages[option.id])}
        </button>
      ))}
    </fieldset>
  )
}
