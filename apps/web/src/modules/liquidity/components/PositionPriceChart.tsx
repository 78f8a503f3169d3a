import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo } from 'react'
import { useIntl } from 'react-intl'
import { fetchPoolChart } from '../../../lib/tokenChart.ts'
import { getRuntimeConfig } from '../../config/index.ts'
import { isFullRange, priceAtSqrtPrice, priceAtTick } from '../services/positionMath.ts'
import { poolPriceHistory } from '../services/rangeHistory.ts'
import type { OnchainPosition } from '../services/readPosition.ts'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'

const RangePriceChart = lazy(() => import('./RangePriceChart.tsx'))

/**
 * The position's range (min and max price) and the current price over the pool's price history (a
 * week of its indexed hourly price candles), drawn once its chunk is in.
 */
export function PositionPriceChart({ p }: { p: OnchainPosition }) {
  const intl = useIntl()
  const url = getRuntimeConfig().graphqlUrl
  const history = useQuery({
    queryKey: ['liquidity', 'range-history', url, p.network, p.poolId.toLowerCase()],
    queryFn: ({ signal }) => fetchPoolChart(url, p.network, p.poolId, 'WEEK', signal),
    staleTime: 60_000,
  })
  const current = priceAtSqrtPrice(p.sqrtPriceX96, p.token0.decimals, p.token1.decimals)
  const full = isFullRange(p.tickLower, p.tickUpper, p.tickSpacing)
  const min = full ? null : priceAtTick(p.tickLower, p.token0.decimals, p.token1.decimals)
  const max = full ? null : priceAtTick(p.tickUpper, p.token0.decimals, p.token1.decimals)
  const points = useMemo(
    () => (history.data ? poolPriceHistory(history.data, current, Math.floor(Date.now() / 1000)) : null),
    [history.data, current],
  )
  const lineTitles = useMemo(
    () => ({
      min: intl.formatMessage(m.minPrice),
      max: intl.formatMessage(m.maxPrice),
      current: intl.formatMessage(m.currentPrice),
    }),
    [intl],
  )
  // Without an indexed history the chart still shows the range around the current price.
  const shown =
    points ?? (history.isError ? poolPriceHistory([], current, Math.floor(Date.now() / 1000)) : null)
  const placeholder = <div className={styles.rangePriceChart} />
  if (!shown) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <RangePriceChart
        points={shown}
        min={min}
        max={max}
        current={current}
        label={intl.formatMessage(m.rangePriceChart, {
          quote: p.token1.symbol,
          base: p.token0.symbol,
        })}
        lineTitles={lineTitles}
      />
    </Suspense>
  )
}
