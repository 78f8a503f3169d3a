import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import styles from './Page.module.css'

/** The common page frame: a heading, optional subtitle, then the page's own layout. */
export function Page(props: {
  title: ReactNode
  subtitle?: ReactNode
  narrow?: boolean
  children?: ReactNode
}) {
  return (
    <main className={props.narrow ? `${styles.page} ${styles.narrow}` : styles.page}>
      <h1 className={styles.heading}>{props.title}</h1>
      {props.subtitle ? <p className={styles.subtitle}>{props.subtitle}</p> : null}
      {props.children}
    </main>
  )
}

/** A clear "coming soon" state for a capability whose screen is laid out but not wired yet. */
/**
 * A value that is not known (not loaded, or not available yet): a dash, read out as such, so a
 * placeholder never passes for a real '$0.00'.
 */
export function UnknownValue({ testId }: { testId?: string }) {
  return (
    <span data-testid={testId} data-unknown="true">
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">
        <FormattedMessage id="ui.value.unknown" defaultMessage="Not available yet" />
      </span>
    </span>
  )
}

export function ComingSoon({ children }: { children?: ReactNode }) {
  return (
    <section className={styles.comingSoon} aria-live="polite">
      <span className={styles.badge}>
        <FormattedMessage id="ui.comingSoon.badge" defaultMessage="Coming soon" />
      </span>
      <span>
        {children ?? (
          <FormattedMessage
            id="ui.comingSoon.body"
            defaultMessage="This screen is laid out; its data and actions arrive in a later release."
          />
        )}
      </span>
    </section>
  )
}

export function Card(props: ComponentPropsWithoutRef<'section'>) {
  return (
    <section {...props} className={props.className ? `${styles.card} ${props.className}` : styles.card} />
  )
}

export function Skeleton({ width }: { width?: 'short' | 'medium' | 'long' }) {
  return <span className={styles.skeleton} data-width={width ?? 'long'} aria-hidden="true" />
}

/** Placeholder rows (avatar, text, value) for lists whose data is loading or not built yet. */
export function SkeletonRows({ count, label }: { count: number; label: string }) {
  return (
    <div className={styles.rows} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <div className={styles.row} key={index}>
          <span className={styles.circle} />
          <Skeleton />
          <Skeleton width="short" />
        </div>
      ))}
    </div>
  )
}

export function Button({
  variant,
  ...props
}: ComponentPropsWithoutRef<'button'> & { variant?: 'primary' | 'secondary' }) {
  const className = variant === 'secondary' ? `${styles.button} ${styles.secondary}` : styles.button
  return (
    <button
      type="button"
      {...props}
      className={props.className ? `${className} ${props.className}` : className}
    />
  )
}

export const buttonClassName: string = styles.button ?? ''
/** The secondary button's classes, for elements that look like a {@link Button} but are not one. */
export const secondaryButtonClassName = `${styles.button} ${styles.secondary}`
