import { useCallback, useState } from 'react'
import { useNetworks } from '../../config/index.ts'
import { selectChain as chainSelected, parseSwapParams, type SwapFormState } from '../state/swapForm.ts'

/**
 * The swap form's state kept by the component itself (a box embedded in another page), not in the
 * URL: the same rules as `useSwapFormState`, starting from `initial` read as the query parameters
 * would be (without currencies the input is the native currency; choosing a network clears the
 * currencies, value and field).
 */
export function useLocalSwapFormState(
  initial: Readonly<Record<string, string>>,
): readonly [
  SwapFormState,
  (update: (state: SwapFormState) => SwapFormState) => void,
  (chain: string) => void,
] {
  const networks = useNetworks()
  const [state, setState] = useState(() => parseSwapParams(new URLSearchParams(initial), networks))
  const update = useCallback(
    (change: (state: SwapFormState) => SwapFormState) => setState((previous) => change(previous)),
    [],
  )
  const selectChain = useCallback((chain: string) => setState(chainSelected(chain, networks)), [networks])
  return [state, update, selectChain] as const
}
