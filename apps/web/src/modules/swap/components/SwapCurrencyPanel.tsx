import { formatTokenAmount } from '@oxbow/core'
import { useId } from 'react'
import { useIntl } from 'react-intl'
import type { SwapToken } from '../hooks/useTokenList.ts'
import styles from './SwapForm.module.css'
import { swapMessages as m } from './swapMessages.ts'

/** Focuses the field with the caret after its text, in the commit that mounts it: no key is missed. */
function focusAtEnd(input: HTMLInputElement | null) {
  if (!input || document.activeElement === input) return
  input.focus()
  input.setSelectionRange(input.value.length, input.value.length)
}

/** One side of the swap box: label, amount field, token button, balance with Max, value in fiat. */
export function SwapCurrencyPanel(props: {
  side: 'input' | 'output'
  value: string
  onChange: (text: string) => void
  /** Focus the amount on mount, caret after the text (the hero's hand-off: typing goes on here). */
  autoFocus?: boolean | undefined
  token: SwapToken | undefined
  onChooseToken: () => void
  balance: bigint | undefined
  onMax?: (() => void) | undefined
  fiat: string | undefined
  dimmed: boolean
}) {
  const intl = useIntl()
  const { side, token } = props
  const label = intl.formatMessage(side === 'input' ? m.sell : m.buy)
  const labelId = useId()
  return (
    // A named group: screen readers announce "Sell" or "Buy" with the amount field and token button.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own border, padding and legend layout; role=group is the same semantics
    <div className={styles.panel} role="group" aria-labelledby={labelId}>
      <span className={styles.label} id={labelId}>
        {label}
      </span>
      <div className={styles.amountRow}>
        <input
          className={styles.amount}
          data-testid={`swap-${side}-amount`}
          data-dimmed={props.dimmed ? 'true' : undefined}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          aria-label={intl.formatMessage(side === 'input' ? m.sellAmount : m.buyAmount)}
          value={props.value}
          ref={props.autoFocus ? focusAtEnd : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <button
          type="button"
          className={styles.token}
          data-testid={`swap-${side}-token`}
          data-selected={token ? 'true' : undefined}
          onClick={props.onChooseToken}
        >
          {token ? token.symbol : intl.formatMessage(m.selectToken)}
        </button>
      </div>
      <div className={styles.panelFooter}>
        <span className={styles.fiat} data-testid={`swap-${side}-fiat`}>
          {props.fiat ?? ''}
        </span>
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
