import { rangeBar } from '../services/positionMath.ts'
import styles from './Liquidity.module.css'

/** The position's range on a bar with the current price marked (decorative: the figures say it in text). */
export function RangeBar(props: { tick: number; tickLower: number; tickUpper: number }) {
  const bar = rangeBar(props.tick, props.tickLower, props.tickUpper)
  return (
    <div className={styles.bar} aria-hidden="true" data-testid="range-bar">
      <span
        className={styles.barRange}
        style={{ insetInlineStart: `${bar.lower * 100}%`, inlineSize: `${(bar.upper - bar.lower) * 100}%` }}
      />
      <span className={styles.barCurrent} style={{ insetInlineStart: `${bar.current * 100}%` }} />
    </div>
  )
}
