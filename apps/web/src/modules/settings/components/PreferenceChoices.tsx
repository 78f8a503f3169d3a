import { useIntl } from 'react-intl'
import { displayCurrencies, useChooseCurrency, useFiatFormatter } from '../../currency/index.ts'
import { locales } from '../../i18n/index.ts'
import { setPreference, usePreferences } from '../../preferences/index.ts'

/** The class names of a choice list's buttons and of their second, muted line. */
export interface ChoiceClassNames {
  readonly button: string | undefined
  readonly detail: string | undefined
}

/**
 * The language choices of a radiogroup (the header's preferences menu and the drawer's settings):
 * one radio a locale, its own name then its English name; choosing one sets the preference.
 */
export function LocaleChoices({ classNames }: { classNames: ChoiceClassNames }) {
  const intl = useIntl()
  return locales.map((locale) => (
    // biome-ignore lint/a11y/useSemanticElements: a styled option list; role=radio + aria-checked is the ARIA radio pattern
    <button
      key={locale.tag}
      type="button"
      role="radio"
      lang={locale.tag}
      aria-checked={intl.locale === locale.tag}
      className={classNames.button}
      onClick={() => setPreference('locale', locale.tag)}
    >
      <span>{locale.nativeName}</span>
      <span className={classNames.detail}>{locale.name}</span>
    </button>
  ))
}

/**
 * The display-currency choices of a radiogroup: one radio a currency, the chosen one showing 1 in
 * it as a sample.
 */
export function CurrencyChoices({ classNames }: { classNames: ChoiceClassNames }) {
  const prefs = usePreferences()
  const { format } = useFiatFormatter()
  const chooseCurrency = useChooseCurrency()
  return displayCurrencies.map((code) => (
    // biome-ignore lint/a11y/useSemanticElements: a styled option list; role=radio + aria-checked is the ARIA radio pattern
    <button
      key={code}
      type="button"
      role="radio"
      aria-checked={prefs.currency === code}
      className={classNames.button}
      onClick={() => chooseCurrency(code)}
    >
      <span>{code}</span>
      <span className={classNames.detail}>{prefs.currency === code ? format(1) : null}</span>
    </button>
  ))
}
