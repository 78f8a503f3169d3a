import { useEffect, useRef, useState } from 'react'
import styles from './AccountDrawer.module.css'

/**
 * The animated fiat total: on a change the digits flash green on a rise and gray on a fall; a
 * shimmer stands in while loading. Row height 40 (spec: digit ticker). `data-usd` carries the USD
 * figure shown (before display-currency conversion), for tests and the benchmark.
 */
export function FiatTotal(props: {
  usd: number | undefined
  loading: boolean
  label: string
  format: (usd: number) => string
}) {
  const previous = useRef(props.usd)
  const [trend, setTrend] = useState<'up' | 'down' | 'none'>('none')
  useEffect(() => {
    const before = previous.current
    previous.current = props.usd
    if (before === undefined || props.usd === undefined || before === props.usd) return
    setTrend(props.usd > before ? 'up' : 'down')
    const timer = setTimeout(() => setTrend('none'), 800)
    return () => clearTimeout(timer)
  }, [props.usd])
  if (props.usd === undefined) {
    return (
      <div className={styles.total} aria-busy={props.loading || undefined}>
        <span className={styles.totalShimmer} role="status" aria-label={props.label} />
      </div>
    )
  }
  return (
    <div className={styles.total}>
      <span className="visually-hidden">{props.label}</span>
      <output
        className={styles.totalValue}
        data-testid="portfolio-total"
        data-usd={props.usd}
        data-trend={trend}
      >
        {props.format(props.usd)}
      </output>
    </div>
  )
}
