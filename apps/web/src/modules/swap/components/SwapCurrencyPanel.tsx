import { delocalizeDecimalText, formatTokenAmount, localizeDecimalText } from '@oxbow/core'
import { useId, useLayoutEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { Skeleton } from '../../ui/index.ts'
import { useAmountFontSize } from '../hooks/useAmountFontSize.ts'
import type { SwapToken } from '../hooks/useTokenList.ts'
import styles from './SwapForm.module.css'
import { swapMessages as m } from './swapMessages.ts'
import trade from './TradeBox.module.css'

/** Focuses the field with the caret after its text, in the commit that mounts it: no key is missed. */
function focusAtEnd(input: HTMLInputElement | null) {
  if (!input || document.activeElement === input) return
  input.focus()
  input.setSelectionRange(input.value.length, input.value.length)
}

/**
 * One side of the swap box: label, amount field, token button, balance with Max, value in fiat.
 * The field shows its amount in the locale's digits (typed in Latin or local digits alike) and its
 * font shrinks from 70 to 48 px as the amount grows. A fiat value or balance not known yet shows a
 * placeholder, never a made-up zero.
 */
export function SwapCurrencyPanel(props: {
  side: 'input' | 'output'
  value: string
  onChange: (text: string) => void
  /** Focus the amount on mount, caret after the text (the hero's hand-off: typing goes on here). */
  autoFocus?: boolean | undefined
  token: SwapToken | undefined
  /** The symbol to show while the token list loads (known ahead: the native currency's). */
  loadingSymbol?: string | undefined
  onChooseToken: () => void
  balance: bigint | undefined
  /** Connected and the balance is still being read. */
  balanceLoading?: boolean
  onMax?: (() => void) | undefined
  /** The amount's value in the display currency; `loading` while it is computed. */
  fiat: string | 'loading' | undefined
  dimmed: boolean
}) {
  const intl = useIntl()
  const { side, token } = props
  const input = useRef<HTMLInputElement>(null)
  const shown = localizeDecimalText(props.value, intl.locale)
  const placeholder = intl.formatNumber(0)
  const fontSize = useAmountFontSize(input, shown || placeholder)
  const label = intl.formatMessage(side === 'input' ? m.sell : m.buy)
  const labelId = useId()
  // Arriving from the hero's hand-off: focus in the commit that mounts the field, so no key is missed.
  useLayoutEffect(() => {
    if (props.autoFocus) focusAtEnd(input.current)
  }, [props.autoFocus])
  return (
    // A named group: screen readers announce "Sell" or "Buy" with the amount field and token button.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own border, padding and legend layout; role=group is the same semantics
    <div className={`${trade.panel} ${styles.panel}`} role="group" aria-labelledby={labelId}>
      <span className={styles.label} id={labelId}>
        {label}
      </span>
      <div className={trade.inputRow}>
        <input
          ref={input}
          className={styles.amount}
          style={{ fontSize: `${fontSize}px` }}
          data-testid={`swap-${side}-amount`}
          data-dimmed={props.dimmed ? 'true' : undefined}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          aria-label={intl.formatMessage(side === 'input' ? m.sellAmount : m.buyAmount)}
          value={shown}
          onChange={(event) => props.onChange(delocalizeDecimalText(event.target.value, intl.locale))}
        />
        <button
          type="button"
          className={styles.token}
          data-testid={`swap-${side}-token`}
          data-selected={token ? 'true' : undefined}
          aria-busy={!token && props.loadingSymbol ? 'true' : undefined}
          onClick={props.onChooseToken}
        >
          {token ? token.symbol : (props.loadingSymbol ?? intl.formatMessage(m.selectToken))}
        </button>
      </div>
      <div className={styles.panelFooter}>
        <span className={styles.fiat} data-testid={`swap-${side}-fiat`}>
          {props.fiat === 'loading' ? <Skeleton width="short" /> : (props.fiat ?? '')}
        </span>
        {token && props.balance === undefined && props.balanceLoading ? (
          <span className={styles.balance} data-testid={`swap-${side}-balance-loading`}>
            <Skeleton width="short" />
          </span>
        ) : null}
        {token && props.balance !== undefined ? (
          <span className={styles.balance}>
            <span data-testid={`swap-${side}-balance`}>
              {intl.formatMessage(m.balance, {
                amount: formatTokenAmount(props.balance, token.decimals, { locale: intl.locale }),
              })}
            </span>
            {props.onMax ? (
              <button type="button" className={styles.max} data-testid="swap-max" onClick={props.onMax}>
                {intl.formatMessage(m.max)}
              </button>
            ) : null}
          </span>
        ) : null}
      </div>
    </div>
  )
}
