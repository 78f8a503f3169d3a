import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useNetworks } from '../../config/index.ts'
import { applyChainSelection } from '../../urlParams/index.ts'
import {
  parseChainParam,
  parseSwapParams,
  type SwapFormState,
  swapParamsSignature,
  writeSwapParams,
} from '../state/swapForm.ts'
import { createUrlWriteTracker, type UrlWriteTracker } from '../state/swapFormUrlSync.ts'

/**
 * The swap form's state, prefilled from the query parameters and written back to them (replacing
 * the history entry). The state itself lives here so typing is never held up by navigation; a URL
 * changed from outside (the network selector, back/forward, a hand-off) is read again.
 */
export function useSwapFormState(): readonly [
  SwapFormState,
  (update: (state: SwapFormState) => SwapFormState) => void,
  (chain: string) => void,
] {
  const [params, setParams] = useSearchParams()
  const networks = useNetworks()
  const [state, setState] = useState(() => parseSwapParams(params, networks))
  const latest = useRef(state)
  latest.current = state
  const tracker = useRef<UrlWriteTracker | null>(null)
  tracker.current ??= createUrlWriteTracker(swapParamsSignature(params))

  const signature = swapParamsSignature(params)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` is what matters of `params`
  useEffect(() => {
    if (tracker.current?.delivered(signature) !== 'outside') return
    const next = parseSwapParams(params, networks)
    latest.current = next
    setState(next)
  }, [signature])

  const update = useCallback(
    (change: (state: SwapFormState) => SwapFormState) => {
      const previous = latest.current
      const next = change(previous)
      if (next === previous) return
      latest.current = next
      setState(next)
      const nextParams = writeSwapParams(new URLSearchParams(window.location.search), next)
      const written = swapParamsSignature(nextParams)
      if (!tracker.current || tracker.current.isCurrent(written)) return
      tracker.current.wrote(written)
      setParams(nextParams, { replace: true, preventScrollReset: true })
    },
    [setParams],
  )

  /** The network selector's rule on the URL (clears currencies, value, field); the form follows it. */
  const selectChain = useCallback(
    (chain: string) =>
      setParams((previous) => applyChainSelection(previous, chain), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams],
  )

  // Testnet mode switched: a network no longer listed gives way to the mode's default, at once.
  useEffect(() => {
    if (!networks.some((network) => network.slug === latest.current.chain))
      selectChain(parseChainParam(null, networks))
  }, [networks, selectChain])

  return [state, update, selectChain] as const
}
