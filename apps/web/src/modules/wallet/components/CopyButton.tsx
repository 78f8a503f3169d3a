import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { useCopyToClipboard } from '../hooks/useCopyToClipboard.ts'
import { walletMessages as m } from './messages.ts'
import styles from './Wallet.module.css'

/**
 * A button that copies `text`: its label turns into 'Copied' for the spec's 400 ms, and a refused
 * copy says 'Failed to copy to clipboard' (announced, next to the button) instead of doing nothing.
 */
export function CopyButton(props: {
  text: string
  label: ReactNode
  /** Accessible name when the label is an icon or abbreviated. */
  ariaLabel?: string
  className?: string | undefined
  testId?: string
}) {
  const intl = useIntl()
  const { status, copy } = useCopyToClipboard()
  return (
    <span className={styles.copy}>
      <button
        type="button"
        className={props.className}
        aria-label={props.ariaLabel}
        data-testid={props.testId}
        onClick={() => copy(props.text)}
      >
        {status === 'copied' ? intl.formatMessage(m.copied) : props.label}
      </button>
      {status === 'failed' ? (
        <span className={styles.copyFailed} role="alert">
          {intl.formatMessage(m.copyFailed)}
        </span>
      ) : null}
    </span>
  )
}
