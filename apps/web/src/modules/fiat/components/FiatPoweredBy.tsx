import { useIntl } from 'react-intl'
import { useFiatProviders } from '../hooks/useFiatProviders.ts'
import styles from './Fiat.module.css'
import { fiatMessages as m } from './fiatMessages.ts'

/** The connect view's note naming the fiat on-ramp providers (nothing when none is configured). */
export function FiatPoweredBy() {
  const intl = useIntl()
  const { ramps } = useFiatProviders()
  if (ramps.length === 0) return null
  return (
    <p className={styles.poweredBy} data-testid="fiat-powered-by">
      {intl.formatMessage(m.poweredBy, {
        providers: intl.formatList(
          ramps.map((ramp) => ramp.name),
          { type: 'conjunction' },
        ),
      })}
    </p>
  )
}

/** Up to `max` provider monograms (the providers carry no logo files), drawn as decoration. */
export function ProviderMarks(props: { names: readonly string[]; max: number }) {
  return (
    <span className={styles.marks} aria-hidden="true">
      {props.names.slice(0, props.max).map((name) => (
        <span key={name} className={styles.mark}>
          {name.slice(0, 1).toUpperCase()}
        </span>
      ))}
    </span>
  )
}
