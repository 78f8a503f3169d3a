import { ColorType, createChart, LineSeries, LineStyle, type UTCTimestamp } from 'lightweight-charts'
import { useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import type { PricePoint } from '../services/rangeHistory.ts'
import styles from './Liquidity.module.css'

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback
}

/**
 * The position page's price chart: the pool's price over time with the position's range (min and
 * max price lines, none for a full range) and the current price. lightweight-charts, in this lazily
 * loaded chunk only (the explore charts' library).
 */
export default function RangePriceChart(props: {
  points: readonly PricePoint[]
  min: number | null
  max: number | null
  current: number
  label: string
  lineTitles: { min: string; max: string; current: string }
}) {
  const { locale } = useIntl()
  const container = useRef<HTMLDivElement>(null)
  const [drawn, setDrawn] = useState(false)
  useEffect(() => {
    const element = container.current
    if (!element) return
    const format = (n: number) => new Intl.NumberFormat(locale, { maximumSignificantDigits: 6 }).format(n)
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: cssVar('--color-text-muted', '#5c6072'),
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { visible: false } },
      timeScale: { timeVisible: true, secondsVisible: false },
      localization: { locale, priceFormatter: format },
    })
    const accent = cssVar('--color-accent', '#3b5bdb')
    const series = chart.addSeries(LineSeries, { color: accent, lineWidth: 2 })
    series.setData(props.points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })))
    const bound = cssVar('--color-text-muted', '#5c6072')
    for (const [price, title] of [
      [props.min, props.lineTitles.min],
      [props.max, props.lineTitles.max],
    ] as const)
      if (price !== null)
        series.createPriceLine({ price, color: bound, lineWidth: 1, lineStyle: LineStyle.Dashed, title })
    series.createPriceLine({
      price: props.current,
      color: accent,
      lineWidth: 1,
      title: props.lineTitles.current,
    })
    // Keep the range in view with the price: the scale spans the lines too.
    series.applyOptions({
      autoscaleInfoProvider: (base: () => { priceRange: { minValue: number; maxValue: number } } | null) => {
        const r = base()
        if (!r) return r
        const values = [r.priceRange.minValue, r.priceRange.maxValue, props.current]
        if (props.min !== null) values.push(props.min)
        if (props.max !== null) values.push(props.max)
        return { ...r, priceRange: { minValue: Math.min(...values), maxValue: Math.max(...values) } }
      },
    })
    chart.timeScale().fitContent()
    const frame = requestAnimationFrame(() => setDrawn(true))
    return () => {
      cancelAnimationFrame(frame)
      chart.remove()
    }
  }, [props.points, props.min, props.max, props.current, props.lineTitles, locale])
  return (
    <div
      ref={container}
      className={styles.rangePriceChart}
      role="img"
      aria-label={props.label}
      data-testid="range-price-chart"
      data-drawn={drawn}
      data-points={props.points.length}
      data-min={props.min ?? ''}
      data-max={props.max ?? ''}
      data-current={props.current}
    />
  )
}
