import { type MessageDescriptor, useIntl } from 'react-intl'
import { secondaryButtonClassName } from '../../ui/index.ts'
import type { RangePreset } from '../services/createPosition.ts'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'

/** A price range as typed: full range, or a min and max price in the quote-per-base unit. */
export type PriceRange =
  | { readonly full: true }
  | { readonly full: false; readonly min: string; readonly max: string }

/** A range button: a preset around the current price, or (v3 migration) the position's own range. */
export type RangeChoice = RangePreset | 'same'

const BOUNDS = ['min', 'max'] as const

/** What the inputs show at full range (typing then starts from an empty other bound). */
const FULL_RANGE_SHOWN = { min: '0', max: '∞' } as const

const DEFAULT_PRESETS = ['full', 'common', 'narrow'] as const

const presetLabel: Readonly<Record<RangeChoice, MessageDescriptor>> = {
  same: m.sameRange,
  full: m.fullRange,
  common: m.presetCommon,
  narrow: m.presetNarrow,
}

/**
 * The range fieldset of new positions and migrations: preset buttons and min/max price inputs.
 * Typing into either input leaves full range and keeps the other bound as it was.
 */
export function RangeFields<P extends RangeChoice>({
  range,
  onRangeChange,
  presets = DEFAULT_PRESETS as readonly RangeChoice[] as readonly P[],
  onPreset,
  per,
  presetsDisabled = false,
}: {
  range: PriceRange
  onRangeChange: (range: { full: false; min: string; max: string }) => void
  /** The buttons in order; full, common and narrow unless given. */
  presets?: readonly P[]
  onPreset: (preset: P) => void
  /** The price unit shown under each input, e.g. "USDC per WETH". */
  per: string
  /** Disables the buttons other than full range (they need the current price). */
  presetsDisabled?: boolean
}) {
  const intl = useIntl()
  return (
    <fieldset className={styles.rangeFields}>
      <legend>{intl.formatMessage(m.range)}</legend>
      <div className={styles.percentButtons}>
        {presets.map((preset) => (
          <button
            key={preset}
            type="button"
            className={secondaryButtonClassName}
            disabled={preset !== 'full' && presetsDisabled}
            onClick={() => onPreset(preset)}
          >
            {intl.formatMessage(presetLabel[preset as RangeChoice])}
          </button>
        ))}
      </div>
      <div className={styles.form}>
        {BOUNDS.map((bound) => (
          <label key={bound}>
            <span>{intl.formatMessage(bound === 'min' ? m.minPrice : m.maxPrice)}</span>
            <input
              inputMode="decimal"
              autoComplete="off"
              value={range.full ? FULL_RANGE_SHOWN[bound] : range[bound]}
              onChange={(e) =>
                onRangeChange({
                  full: false,
                  min: range.full ? '' : range.min,
                  max: range.full ? '' : range.max,
                  [bound]: e.target.value,
                })
              }
            />
            <small>{per}</small>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
