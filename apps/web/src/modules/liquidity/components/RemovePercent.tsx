import { useIntl } from 'react-intl'
import { secondaryButtonClassName } from '../../ui/index.ts'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'

const QUICK_PERCENTS = [25, 50, 75, 100] as const

/** How much of a position to remove: a 1–100 % slider with 25/50/75/100 % buttons (v2 and v3/v4 positions). */
export function RemovePercent({
  id,
  percent,
  onChange,
}: {
  /** The slider's id, for its label. */
  id: string
  percent: number
  onChange: (percent: number) => void
}) {
  const intl = useIntl()
  return (
    <>
      <label htmlFor={id}>
        {intl.formatMessage(m.removeAmount)}: {intl.formatNumber(percent / 100, { style: 'percent' })}
      </label>
      <input
        id={id}
        type="range"
        min={1}
        max={100}
        step={1}
        value={percent}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <div className={styles.percentButtons}>
        {QUICK_PERCENTS.map((value) => (
          <button
            key={value}
            type="button"
            className={secondaryButtonClassName}
            onClick={() => onChange(value)}
            aria-pressed={percent === value}
          >
            {intl.formatNumber(value / 100, { style: 'percent' })}
          </button>
        ))}
      </div>
    </>
  )
}
