import { useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { defineMessages } from '../../../lib/messages.ts'
import { locales } from '../../i18n/index.ts'
import { setPreference, type ThemeChoice, themeChoices, usePreferences } from '../../preferences/index.ts'
import { LineIcon, useDismiss, useKeepInViewport } from '../../ui/index.ts'
import { CurrencyOptions, LanguageOptions } from './PreferenceOptions.tsx'
import styles from './PreferencesMenu.module.css'
import { themeChoiceMessages } from './themeChoiceMessages.ts'

const m = defineMessages({
  open: { id: 'preferences.open', defaultMessage: 'Preferences' },
  title: { id: 'preferences.title', defaultMessage: 'Preferences' },
  theme: { id: 'preferences.theme', defaultMessage: 'Theme' },
  language: { id: 'preferences.language', defaultMessage: 'Language' },
  currency: { id: 'preferences.currency', defaultMessage: 'Currency' },
  back: { id: 'preferences.back', defaultMessage: 'Back' },
})

type View = 'main' | 'language' | 'currency'

const optionClasses = { row: `${styles.row} ${styles.option}`, hint: styles.value }

/**
 * The global preferences menu: theme, then language and currency as sub-views with a back control.
 * Closing it (toggle, Escape, outside click, route change) resets to the first view. The panel stays
 * inside the viewport at any width and in either writing direction.
 */
export function PreferencesMenu() {
  const intl = useIntl()
  const [open, setOpen] = useState(false)
  const [view, setView] = useState<View>('main')
  const prefs = usePreferences()
  const wrapRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)

  const close = () => {
    setOpen(false)
    setView('main')
  }
  useDismiss(open, close, wrapRef, triggerRef)
  useKeepInViewport(panelRef, open)

  const currentLanguage = locales.find((l) => l.tag === intl.locale)?.nativeName ?? intl.locale

  return (
    <div className={styles.wrap} ref={wrapRef}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-label={intl.formatMessage(m.open)}
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <LineIcon size={20}>
          <circle cx="12" cy="12" r="3" />
          <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
        </LineIcon>
      </button>
      {open ? (
        <div ref={panelRef} className={styles.panel} role="dialog" aria-label={intl.formatMessage(m.title)}>
          {view === 'main' ? (
            <>
              <h2 className={styles.title}>
                <FormattedMessage {...m.title} />
              </h2>
              <span id="pref-theme">
                <FormattedMessage {...m.theme} />
              </span>
              <div className={styles.segments} role="radiogroup" aria-labelledby="pref-theme">
                {themeChoices.map((choice: ThemeChoice) => (
                  // biome-ignore lint/a11y/useSemanticElements: a styled option list; role=radio + aria-checked is the ARIA radio pattern
                  <button
                    key={choice}
                    type="button"
                    role="radio"
                    aria-checked={prefs.theme === choice}
                    className={styles.segment}
                    onClick={() => setPreference('theme', choice)}
                  >
                    {intl.formatMessage(themeChoiceMessages[choice])}
                  </button>
                ))}
              </div>
              <button type="button" className={styles.row} onClick={() => setView('language')}>
                <FormattedMessage {...m.language} />
                <span className={styles.value}>{currentLanguage}</span>
              </button>
              <button type="button" className={styles.row} onClick={() => setView('currency')}>
                <FormattedMessage {...m.currency} />
                <span className={styles.value}>{prefs.currency}</span>
              </button>
            </>
          ) : (
            <>
              <h2 className={styles.title}>
                <button
                  type="button"
                  className={styles.back}
                  onClick={() => setView('main')}
                  aria-label={intl.formatMessage(m.back)}
                >
                  <span aria-hidden="true">←</span>
                </button>
                {intl.formatMessage(view === 'language' ? m.language : m.currency)}
              </h2>
              <div
                role="radiogroup"
                aria-label={intl.formatMessage(view === 'language' ? m.language : m.currency)}
              >
                {view === 'language' ? (
                  <LanguageOptions classes={optionClasses} />
                ) : (
                  <CurrencyOptions classes={optionClasses} />
                )}
              </div>
            </>
          )}
        </div>
      ) : null}
    </div>
  )
}
