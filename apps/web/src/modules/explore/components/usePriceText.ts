import { useFiatFormatter } from '../../currency/index.ts'
import { priceText } from '../services/format.ts'

/** A token price in the display currency (format.ts `priceText`). */
export function usePriceText(): (usd: number | null) => string {
  const { format } = useFiatFormatter()
  return (usd) => priceText(usd, format)
}
