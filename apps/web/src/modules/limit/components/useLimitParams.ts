import { useSearchParams } from 'react-router'

/**
 * The Limit screen's URL parameters (chain, inputCurrency, outputCurrency) and a setter of some of
 * them (null removes one), replacing the history entry.
 */
export function useLimitParams() {
  const [params, setParams] = useSearchParams()
  const setParam = (updates: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(updates)) {
          if (value === null) next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true },
    )
  return [params, setParam] as const
}
