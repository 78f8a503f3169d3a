import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  LineSeries,
  type MouseEventParams,
  type UTCTimestamp,
} from 'lightweight-charts'
import { useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import type { Candle } from '../services/tokenData.ts'
import styles from './Details.module.css'

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback
}

/**
 * Price chart (line or candlestick) with volume bars and a hover crosshair whose price and time
 * also show above the chart. lightweight-charts is imported only here, so only the pages that
 * draw a chart download it.
 */
export function PriceChart(props: {
  candles: readonly Candle[]
  kind: 'line' | 'candles'
  label: string
  formatPrice: (usd: number) => string
}) {
  const { locale } = useIntl()
  const container = useRef<HTMLDivElement>(null)
  const [hover, setHover] = useState<{ price: number; time: number } | null>(null)
  const [drawn, setDrawn] = useState(false)
  const format = useRef(props.formatPrice)
  format.current = props.formatPrice

  useEffect(() => {
    const element = container.current
    if (!element) return
    setDrawn(false)
    const text = cssVar('--color-text-muted', '#5c6072')
    const up = cssVar('--color-success', '#127a3a')
    const down = cssVar('--color-critical', '#c92a2a')
    const chart: IChartApi = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: text,
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { visible: false } },
      timeScale: { timeVisible: true, secondsVisible: false },
      localization: { locale, priceFormatter: (p: number) => format.current(p) },
    })
    const time = (c: Candle) => c.time as UTCTimestamp
    if (props.kind === 'line') {
      const series = chart.addSeries(LineSeries, { color: cssVar('--color-accent', '#3b5bdb'), lineWidth: 2 })
      series.setData(props.candles.map((c) => ({ time: time(c), value: c.close })))
    } else {
      const series = chart.addSeries(CandlestickSeries, {
        upColor: up,
        downColor: down,
        borderVisible: false,
        wickUpColor: up,
        wickDownColor: down,
      })
      series.setData(
        props.candles.map((c) => ({ time: time(c), open: c.open, high: c.high, low: c.low, close: c.close })),
      )
    }
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
    })
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } })
    volume.setData(
      props.candles.map((c) => ({ time: time(c), value: c.volumeUsd, color: c.close >= c.open ? up : down })),
    )
    chart.timeScale().fitContent()
    const byTime = new Map(props.candles.map((c) => [c.time, c]))
    const onMove = (param: MouseEventParams) => {
      const candle = typeof param.time === 'number' ? byTime.get(param.time) : undefined
      setHover(candle ? { price: candle.close, time: candle.time } : null)
    }
    chart.subscribeCrosshairMove(onMove)
    const frame = requestAnimationFrame(() => setDrawn(true))
    return () => {
      cancelAnimationFrame(frame)
      chart.unsubscribeCrosshairMove(onMove)
      chart.remove()
    }
  }, [props.candles, props.kind, locale])

  return (
    <figure className={styles.chartFigure}>
      <figcaption className={styles.crosshair} aria-live="off" data-testid="chart-crosshair">
        {hover ? (
          <>
            <span>{props.formatPrice(hover.price)}</span>{' '}
            <time dateTime={new Date(hover.time * 1000).toISOString()}>
              {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                hover.time * 1000,
              )}
            </time>
          </>
        ) : (
          props.label
        )}
      </figcaption>
      <div
        ref={container}
        className={styles.chart}
        role="img"
        aria-label={props.label}
        data-testid="price-chart"
        data-drawn={drawn ? 'true' : 'false'}
        data-points={props.candles.length}
      />
    </figure>
  )
}
