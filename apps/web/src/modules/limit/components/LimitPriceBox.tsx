import { useIntl } from 'react-intl'
import { tradeBoxStyles as trade } from '../../swap/index.ts'
import { type LimitPreset, limitPresets } from '../state/limitPrice.ts'
import styles from './Limit.module.css'
import { limitMessages as m } from './limitMessages.ts'

/**
 * The limit price (LimitForm): typed or from the market and the presets, its inversion, the market
 * price and the limit's difference from it.
 */
export function LimitPriceBox({
  unit,
  inverted,
  onInvert,
  shownPrice,
  onPriceTyped,
  preset,
  marketAvailable,
  onPreset,
  marketShown,
  deviation,
  formatPercent,
}: {
  /** The symbols the price is shown in: `out` per `in`. */
  readonly unit: { readonly in: string; readonly out: string }
  readonly inverted: boolean
  readonly onInvert: () => void
  readonly shownPrice: string
  readonly onPriceTyped: (text: string) => void
  readonly preset: LimitPreset | null
  readonly marketAvailable: boolean
  readonly onPreset: (value: LimitPreset) => void
  readonly marketShown: string | null
  readonly deviation: number | null
  readonly formatPercent: (value: number) => string
}) {
  const intl = useIntl()
  return (
    <div className={trade.panel} data-testid="limit-price-box">
      <div className={styles.priceHeader}>
        <span>{intl.formatMessage(unit.in ? m.limitPrice : m.priceLabel, { in: unit.in })}</span>
        <button
          type="button"
          className={styles.iconButton}
          data-testid="limit-invert"
          aria-label={intl.formatMessage(m.invert)}
          aria-pressed={inverted}
          onClick={onInvert}
        >
          ⇅
        </button>
      </div>
      <div className={trade.inputRow}>
        <input
          className={styles.priceInput}
          data-testid="limit-price"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={intl.formatNumber(0)}
          aria-label={intl.formatMessage(m.priceInput, unit)}
          value={shownPrice}
          onChange={(event) => onPriceTyped(event.target.value)}
        />
        <span className={styles.priceUnit}>{unit.out}</span>
      </div>
      <div className={styles.presets}>
        {limitPresets.map((value) => (
          <button
            key={value}
            type="button"
            className={styles.chip}
            data-testid={`limit-preset-${value}`}
            aria-pressed={preset === value}
            disabled={!marketAvailable}
            onClick={() => onPreset(value)}
          >
            {value === 0 ? intl.formatMessage(m.market) : formatPercent(value / 100)}
          </button>
        ))}
      </div>
      {marketShown !== null ? (
        <span className={styles.muted} data-testid="limit-market">
          {intl.formatMessage(m.marketPrice, { price: `${marketShown} ${unit.out}` })}
          {deviation !== null && deviation !== 0 ? (
            <span data-testid="limit-deviation">
              {' · '}
              {intl.formatMessage(m.fromMarket, { percent: formatPercent(deviation) })}
            </span>
          ) : null}
        </span>
      ) : null}
    </div>
  )
}
