import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, type PointerEvent, useMemo, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { getRuntimeConfig } from '../../config/index.ts'
import { fetchPoolDepth } from '../services/positionsQuery.ts'
import {
  type ChartDomain,
  chartDomain,
  depthBars,
  fractionOfTick,
  keepApart,
  stepTick,
  tickAtFraction,
} from '../services/rangeChart.ts'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'

type Bound = 'min' | 'max'
const BOUNDS: readonly Bound[] = ['min', 'max']
const VIEW_WIDTH = 1000
const VIEW_HEIGHT = 160

/**
 * The pool's liquidity by price with the chosen range on it: the min and max handles drag (pointer)
 * or step (arrow keys one tick spacing, Page Up/Down ten) and write the price inputs, which move the
 * handles back. Prices read as B per A, lowest on the left. The depth is the indexer's
 * `liquidityByTick`, loaded when the chart first shows (none for a pool not created yet).
 */
export function RangeChart(props: {
  network: string
  /** v3 pool address or v4 pool id; null for a pool that does not exist yet. */
  poolId: string | null
  tick: number
  tickSpacing: number
  /** A is the pool's token1: the price read falls as the tick rises. */
  reversed: boolean
  /** The chosen range's ticks; null while the inputs hold no valid range. */
  ticks: { tickLower: number; tickUpper: number } | null
  /** A tick's price as the inputs show it. */
  priceText: (tick: number) => string
  per: string
  onChange: (minTick: number, maxTick: number) => void
}) {
  const intl = useIntl()
  const { tick, tickSpacing, reversed, ticks } = props
  const url = getRuntimeConfig().graphqlUrl
  const depth = useQuery({
    queryKey: ['liquidity', 'pool-depth', url, props.network, props.poolId],
    queryFn: ({ signal }) => fetchPoolDepth(url, props.network, props.poolId ?? '', signal),
    enabled: props.poolId !== null,
    staleTime: 30_000,
  })
  const chartRef = useRef<HTMLDivElement>(null)
  const [dragging, setDragging] = useState<Bound | null>(null)
  // The chart's window stays put while a handle is dragged (it would otherwise run away from the pointer).
  const frozen = useRef<ChartDomain | null>(null)
  const computed = useMemo(
    () => chartDomain(tick, ticks, tickSpacing, reversed),
    [tick, ticks, tickSpacing, reversed],
  )
  const domain = dragging && frozen.current ? frozen.current : computed
  const bars = useMemo(() => depthBars(domain, depth.data ?? [], tick), [domain, depth.data, tick])

  // Each bound's tick as the user reads it (min is the lower price); at the chart's ends without a range.
  const lowEnd = reversed ? domain.to : domain.from
  const highEnd = reversed ? domain.from : domain.to
  const boundTick: Record<Bound, number> = ticks
    ? {
        min: reversed ? ticks.tickUpper : ticks.tickLower,
        max: reversed ? ticks.tickLower : ticks.tickUpper,
      }
    : { min: lowEnd, max: highEnd }
  const clampedFraction = (t: number) => Math.min(1, Math.max(0, fractionOfTick(domain, t)))

  const move = (bound: Bound, to: number) => {
    const other = bound === 'min' ? boundTick.max : boundTick.min
    const next = keepApart(bound, to, other, tickSpacing, reversed)
    if (bound === 'min') props.onChange(next, other)
    else props.onChange(other, next)
  }
  const fractionAt = (clientX: number) => {
    const box = chartRef.current?.getBoundingClientRect()
    return box && box.width > 0 ? (clientX - box.left) / box.width : 0
  }
  const onPointerDown = (bound: Bound) => (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault()
    e.currentTarget.setPointerCapture(e.pointerId)
    e.currentTarget.focus()
    frozen.current = domain
    setDragging(bound)
  }
  const onPointerMove = (bound: Bound) => (e: PointerEvent<HTMLDivElement>) => {
    if (dragging !== bound || !frozen.current) return
    move(bound, tickAtFraction(frozen.current, fractionAt(e.clientX), tickSpacing))
  }
  const endDrag = () => {
    frozen.current = null
    setDragging(null)
  }
  const onKeyDown = (bound: Bound) => (e: KeyboardEvent<HTMLDivElement>) => {
    const steps =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? -1
          : e.key === 'PageUp'
            ? 10
            : e.key === 'PageDown'
              ? -10
              : 0
    if (steps === 0) return
    e.preventDefault()
    move(bound, stepTick(boundTick[bound], steps, tickSpacing, reversed))
  }

  const current = fractionOfTick(domain, tick)
  const left = clampedFraction(boundTick.min)
  const right = clampedFraction(boundTick.max)
  return (
    <div className={styles.rangeChart} data-testid="range-chart" data-ranges={bars.length} dir="ltr">
      <div ref={chartRef} className={styles.rangeChartPlot}>
        <svg
          viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={intl.formatMessage(m.depthChart)}
        >
          <rect
            className={styles.rangeChartSelected}
            x={left * VIEW_WIDTH}
            y={0}
            width={Math.max(0, (right - left) * VIEW_WIDTH)}
            height={VIEW_HEIGHT}
          />
          {bars.map((b) => (
            <rect
              key={b.x}
              className={b.current ? styles.depthCurrent : styles.depthBar}
              x={b.x * VIEW_WIDTH}
              y={VIEW_HEIGHT - b.height * (VIEW_HEIGHT - 8)}
              width={Math.max(1, b.width * VIEW_WIDTH)}
              height={b.height * (VIEW_HEIGHT - 8)}
            />
          ))}
          {current >= 0 && current <= 1 ? (
            <line
              className={styles.rangeChartPrice}
              x1={current * VIEW_WIDTH}
              x2={current * VIEW_WIDTH}
              y1={0}
              y2={VIEW_HEIGHT}
            />
          ) : null}
        </svg>
        {BOUNDS.map((bound) => {
          const label = intl.formatMessage(bound === 'min' ? m.minPrice : m.maxPrice)
          const at = bound === 'min' ? left : right
          return (
            <div
              key={bound}
              role="slider"
              tabIndex={0}
              aria-label={label}
              aria-orientation="horizontal"
              aria-valuemin={0}
              aria-valuemax={1000}
              aria-valuenow={Math.round(at * 1000)}
              aria-valuetext={`${props.priceText(boundTick[bound])} ${props.per}`}
              data-testid={`range-handle-${bound}`}
              data-tick={boundTick[bound]}
              className={styles.rangeHandle}
              data-dragging={dragging === bound ? 'true' : undefined}
              style={{ left: `${at * 100}%` }}
              onPointerDown={onPointerDown(bound)}
              onPointerMove={onPointerMove(bound)}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              onKeyDown={onKeyDown(bound)}
            />
          )
        })}
      </div>
      <p className={styles.rangeChartAxis}>
        <span>{props.priceText(reversed ? domain.to : domain.from)}</span>
        <span>{props.per}</span>
        <span>{props.priceText(reversed ? domain.from : domain.to)}</span>
      </p>
    </div>
  )
}
