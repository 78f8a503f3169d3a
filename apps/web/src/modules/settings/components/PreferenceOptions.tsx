import { useIntl } from 'react-intl'
import { displayCurrencies, useChooseCurrency, useFiatFormatter } from '../../currency/index.ts'
import { locales } from '../../i18n/index.ts'
import { setPreference, usePreferences } from '../../preferences/index.ts'

/** The class names of an option row and of its second, muted column. */
export interface OptionClasses {
  readonly row: string | undefined
  readonly hint: string | undefined
}

/**
 * The language choices as ARIA radios (native name, then English name): the preferences menu and
 * the account drawer's language view. The caller gives the radiogroup around them.
 */
export function LanguageOptions({ classes }: { readonly classes: OptionClasses }) {
  const intl = useIntl()
  return locales.map((locale) => (
    // biome-ignore lint/a11y/useSemanticElements: a styled option list; role=radio + aria-checked is the ARIA radio pattern
    <button
      key={locale.tag}
      type="button"
      role="radio"
      lang={locale.tag}
      aria-checked={intl.locale === locale.tag}
      className={classes.row}
      onClick={() => setPreference('locale', locale.tag)}
    >
      <span>{locale.nativeName}</span>
      <span className={classes.hint}>{locale.name}</span>
    </button>
  ))
}

/** The display currencies as ARIA radios, the chosen one showing what 1 of it reads as. */
export function CurrencyOptions({ classes }: { readonly classes: OptionClasses }) {
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
      className={classes.row}
      onClick={() => chooseCurrency(code)}
    >
      <span>{code}</span>
      <span className={classes.hint}>{prefs.currency === code ? format(1) : null}</span>
    </button>
  ))
}
