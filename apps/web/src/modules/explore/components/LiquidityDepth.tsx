import type { PoolDetails } from '../services/poolData.ts'
import styles from './Details.module.css'

/**
 * Active liquidity by tick range as bars over price (token1 per token0), the range holding the
 * pool's current tick highlighted. Plain SVG: a few hundred bars need no charting library.
 */
export function LiquidityDepth(props: {
  ranges: PoolDetails['liquidityByTick']
  tick: number | null
  label: string
}) {
  const ranges = props.ranges
  if (ranges.length < 2) return null
  const width = 640
  const height = 200
  const values = ranges.map((r) => Number(r.liquidity))
  const max = Math.max(...values) || 1
  const bar = width / ranges.length
  const current = props.tick === null ? -1 : ranges.findLastIndex((r) => r.tick <= (props.tick ?? 0))
  return (
    <svg
      className={styles.depth}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={props.label}
      data-testid="liquidity-depth"
      data-ranges={ranges.length}
    >
      {ranges.map((r, i) => {
        const h = ((values[i] ?? 0) / max) * (height - 4)
        return (
          <rect
            key={r.tick}
            x={i * bar}
            y={height - h}
            width={Math.max(1, bar - 1)}
            height={h}
            className={i === current ? styles.depthCurrent : styles.depthBar}
          >
            <title>{`${r.price0} · ${r.liquidity}`}</title>
          </rect>
        )
      })}
    </svg>
  )
}
