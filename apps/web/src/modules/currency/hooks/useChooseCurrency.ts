import { useSearchParams } from 'react-router'
import { setPreference } from '../../preferences/index.ts'
import { applyCurrencyParam } from '../../urlParams/index.ts'

/**
 * Choosing the display currency (preferences menu, company menu, the drawer's settings): the
 * preference, and the URL's currency parameter kept in step (replacing the entry, not pushing one).
 */
export function useChooseCurrency(): (code: string) => void {
  const [, setSearchParams] = useSearchParams()
  return (code) => {
    setPreference('currency', code)
    setSearchParams((previous) => applyCurrencyParam(previous, code), { replace: true })
  }
}
