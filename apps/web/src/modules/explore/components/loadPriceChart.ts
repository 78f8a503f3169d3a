import { useEffect, useState } from 'react'

type ChartModule = typeof import('./PriceChart.tsx')
let loaded: ChartModule | undefined

/**
 * The price chart's code (lightweight-charts has its own chunk, only for the pages that draw charts).
 * Started with the page's data, not after it arrived: by the pages, their route loaders and links.
 */
export function loadPriceChart(): Promise<ChartModule> {
  return import('./PriceChart.tsx').then((m) => {
    loaded = m
    return m
  })
}

/**
 * The chart component once its chunk is in (at once when it already is), else undefined while it
 * loads. Not React.lazy: a suspended chart is revealed no sooner than React's 300 ms fallback
 * throttle, after the data and the code were both there. A chunk that fails to load reaches the
 * route's error screen, as a lazy component's would.
 */
export function usePriceChart(enabled: boolean): ChartModule['PriceChart'] | undefined {
  const [module, setModule] = useState<ChartModule | undefined>(loaded)
  const [failure, setFailure] = useState<unknown>(null)
  useEffect(() => {
    if (enabled && !module) loadPriceChart().then(setModule, setFailure)
  }, [enabled, module])
  if (failure) throw failure
  return module?.PriceChart
}
