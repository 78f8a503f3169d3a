import { useFiatFormatter } from '../../currency/index.ts'

/** A token price in the display currency; below one cent (which would read 0.00) it shows '<0.01'. */
export function usePriceText(): (usd: number | null) => string {
  const { format } = useFiatFormatter()
  return (usd) => {
    if (usd === null) return '–'
    if (usd > 0 && usd < 0.01) return `<${format(0.01)}`
    return format(usd)
  }
}
