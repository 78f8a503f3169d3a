import {
  delocalizeDecimalText,
  localizeDecimalText,
  MAX_DEADLINE_SECONDS,
  MAX_SLIPPAGE_PERCENT,
  SLIPPAGE_VERY_HIGH_PERCENT,
  validateSlippage,
} from '@oxbow/core'
import { useCallback, useId, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { defineMessages } from '../../../lib/messages.ts'
import { LineIcon, useDismiss, useFocusTrap, useKeepInViewport } from '../../ui/index.ts'
import { swapSettingsStore, useSwapSettings, validateDeadlineMinutes } from '../state/swapSettings.ts'
import styles from './SwapSettings.module.css'

const m = defineMessages({
  open: { id: 'swap.settings.open', defaultMessage: 'Transaction settings' },
  title: { id: 'swap.settings.title', defaultMessage: 'Transaction settings' },
  customBadge: { id: 'swap.settings.customBadge', defaultMessage: '{percent} slippage' },
  maxSlippage: { id: 'swap.settings.maxSlippage', defaultMessage: 'Max slippage' },
  maxSlippageHint: {
    id: 'swap.settings.maxSlippageHint',
    defaultMessage:
      'Your transaction will revert if the price changes unfavorably by more than this percentage.',
  },
  auto: { id: 'swap.settings.auto', defaultMessage: 'Auto' },
  autoWithValue: { id: 'swap.settings.autoWithValue', defaultMessage: 'Auto ({percent})' },
  custom: { id: 'swap.settings.custom', defaultMessage: 'Custom max slippage in percent' },
  tooLow: { id: 'swap.settings.slippage.tooLow', defaultMessage: 'Enter a value larger than {min}' },
  tooHigh: { id: 'swap.settings.slippage.tooHigh', defaultMessage: 'Enter a value less than {max}' },
  veryHigh: {
    id: 'swap.settings.slippage.veryHigh',
    defaultMessage: 'Very high slippage: your transaction may be frontrun.',
  },
  deadline: { id: 'swap.settings.deadline', defaultMessage: 'Transaction deadline' },
  deadlineHint: {
    id: 'swap.settings.deadlineHint',
    defaultMessage: 'Your transaction will revert if it is pending for longer than this.',
  },
  deadlineInput: { id: 'swap.settings.deadline.input', defaultMessage: 'Transaction deadline in minutes' },
  minutes: { id: 'swap.settings.deadline.minutes', defaultMessage: 'minutes' },
  deadlineNotPositive: {
    id: 'swap.settings.deadline.notPositive',
    defaultMessage: 'Enter a whole number of minutes larger than {min}',
  },
  deadlineTooHigh: { id: 'swap.settings.deadline.tooHigh', defaultMessage: 'Deadline maximum is {days}' },
})

/** Longest text the fields take; anything is accepted and validated, so a wrong value shows why. */
const MAX_INPUT_LENGTH = 12

/**
 * The swap settings: a gear button opening a popover with the max slippage (Auto, i.e. the API's
 * value, or a custom percent) and the transaction deadline in minutes. Values are validated while
 * typing (@oxbow/core's validateSlippage, at most 3 days for the deadline); only valid ones are
 * saved. `autoSlippagePercent`: the automatic slippage of the current quote, shown next to Auto.
 */
export function SwapSettings({ autoSlippagePercent }: { autoSlippagePercent?: number }) {
  const intl = useIntl()
  const settings = useSwapSettings()
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, rootRef, triggerRef)
  useKeepInViewport(panelRef, open)
  useFocusTrap(panelRef, open)
  const percent = (value: number) =>
    intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 })

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        data-testid="swap-settings"
        aria-label={intl.formatMessage(m.open)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
      >
        {settings.slippage === 'auto' ? null : (
          <span
            className={styles.badge}
            data-very-high={settings.slippage > SLIPPAGE_VERY_HIGH_PERCENT ? 'true' : undefined}
          >
            {intl.formatMessage(m.customBadge, { percent: percent(settings.slippage) })}
          </span>
        )}
        <LineIcon size={20}>
          <circle cx="12" cy="12" r="3" />
          <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
        </LineIcon>
      </button>
      {open ? (
        <div
          ref={panelRef}
          className={styles.panel}
          id={panelId}
          role="dialog"
          aria-label={intl.formatMessage(m.title)}
        >
          <SlippageSection autoSlippagePercent={autoSlippagePercent} percent={percent} />
          <DeadlineSection />
        </div>
      ) : null}
    </div>
  )
}

function SlippageSection({
  autoSlippagePercent,
  percent,
}: {
  autoSlippagePercent: number | undefined
  percent: (value: number) => string
}) {
  const intl = useIntl()
  const { slippage } = useSwapSettings()
  const [text, setText] = useState(slippage === 'auto' ? '' : String(slippage))
  const labelId = useId()
  const messageId = useId()
  const check = text.trim() === '' ? null : validateSlippage(text)
  const message = !check
    ? null
    : !check.ok
      ? {
          kind: 'error',
          text:
            check.code === 'SLIPPAGE_NOT_POSITIVE'
              ? intl.formatMessage(m.tooLow, { min: intl.formatNumber(0) })
              : intl.formatMessage(m.tooHigh, { max: percent(MAX_SLIPPAGE_PERCENT) }),
        }
      : check.veryHigh
        ? { kind: 'warning', text: intl.formatMessage(m.veryHigh) }
        : null

  const onChange = (value: string) => {
    setText(value)
    if (value.trim() === '') {
      swapSettingsStore.set((previous) => ({ ...previous, slippage: 'auto' }))
      return
    }
    const result = validateSlippage(value)
    // An invalid value is shown with its message but never saved.
    if (result.ok) swapSettingsStore.set((previous) => ({ ...previous, slippage: result.percent }))
  }

  return (
    <section className={styles.section} aria-labelledby={labelId}>
      <div className={styles.heading}>
        <span id={labelId} className={styles.label}>
          {intl.formatMessage(m.maxSlippage)}
        </span>
        <span className={styles.hint}>{intl.formatMessage(m.maxSlippageHint)}</span>
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.auto}
          data-testid="slippage-auto"
          aria-pressed={slippage === 'auto'}
          onClick={() => {
            setText('')
            swapSettingsStore.set((previous) => ({ ...previous, slippage: 'auto' }))
          }}
        >
          {autoSlippagePercent !== undefined && Number.isFinite(autoSlippagePercent)
            ? intl.formatMessage(m.autoWithValue, { percent: percent(autoSlippagePercent) })
            : intl.formatMessage(m.auto)}
        </button>
        <span className={styles.field} data-invalid={message?.kind === 'error' ? 'true' : undefined}>
          <input
            className={styles.input}
            data-testid="slippage-input"
            inputMode="decimal"
            autoComplete="off"
            aria-label={intl.formatMessage(m.custom)}
            aria-invalid={message?.kind === 'error'}
            aria-describedby={message ? messageId : undefined}
            placeholder={localizeDecimalText(
              autoSlippagePercent !== undefined && Number.isFinite(autoSlippagePercent)
                ? String(autoSlippagePercent)
                : '0.5',
              intl.locale,
            )}
            maxLength={MAX_INPUT_LENGTH}
            value={localizeDecimalText(text, intl.locale)}
            onChange={(event) => onChange(delocalizeDecimalText(event.target.value, intl.locale))}
          />
          <span className={styles.unit} aria-hidden="true">
            %
          </span>
        </span>
      </div>
      {message ? (
        <p
          id={messageId}
          className={styles.message}
          data-testid="slippage-message"
          data-kind={message.kind}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  )
}

function DeadlineSection() {
  const intl = useIntl()
  const { deadlineMinutes } = useSwapSettings()
  const [text, setText] = useState(String(deadlineMinutes))
  const labelId = useId()
  const messageId = useId()
  const check = text.trim() === '' ? null : validateDeadlineMinutes(text)
  const message =
    check && !check.ok
      ? intl.formatMessage(check.code === 'DEADLINE_TOO_HIGH' ? m.deadlineTooHigh : m.deadlineNotPositive, {
          min: intl.formatNumber(0),
          days: intl.formatNumber(MAX_DEADLINE_SECONDS / 86_400, {
            style: 'unit',
            unit: 'day',
            unitDisplay: 'long',
          }),
        })
      : null

  return (
    <section className={styles.section} aria-labelledby={labelId}>
      <div className={styles.heading}>
        <span id={labelId} className={styles.label}>
          {intl.formatMessage(m.deadline)}
        </span>
        <span className={styles.hint}>{intl.formatMessage(m.deadlineHint)}</span>
      </div>
      <div className={styles.controls}>
        <span className={styles.field} data-invalid={message ? 'true' : undefined}>
          <input
            className={styles.input}
            data-testid="deadline-input"
            inputMode="numeric"
            autoComplete="off"
            aria-label={intl.formatMessage(m.deadlineInput)}
            aria-invalid={message !== null}
            aria-describedby={message ? messageId : undefined}
            placeholder={localizeDecimalText(String(deadlineMinutes), intl.locale)}
            maxLength={MAX_INPUT_LENGTH}
            value={localizeDecimalText(text, intl.locale)}
            onChange={(event) => {
              const value = delocalizeDecimalText(event.target.value, intl.locale)
              setText(value)
              const result = validateDeadlineMinutes(value)
              if (result.ok) {
                swapSettingsStore.set((previous) => ({ ...previous, deadlineMinutes: result.minutes }))
              }
            }}
            // Leaving the field empty keeps the saved deadline.
            onBlur={() => {
              if (text.trim() === '') setText(String(swapSettingsStore.get().deadlineMinutes))
            }}
          />
          <span className={styles.unit}>{intl.formatMessage(m.minutes)}</span>
        </span>
      </div>
      {message ? (
        <p
          id={messageId}
          className={styles.message}
          data-testid="deadline-message"
          data-kind="error"
          role="alert"
        >
          {message}
        </p>
      ) : null}
    </section>
  )
}
